// `npm run bench`: every benchmark, one after the other; each prints its own figures.
import { main as libsqlOverhead } from "./libsql-overhead";
import { main as firstLoad } from "./first-load";
import { main as staticThroughWorker } from "./static-through-worker";

const benches = [
  ["libSQL server overhead", libsqlOverhead],
  ["web first load", firstLoad],
  ["pages and files through the Worker", staticThroughWorker],
] as const;

for (const [name, bench] of benches) {
  console.log(`\n=== ${name} ===`);
  await bench();
}
