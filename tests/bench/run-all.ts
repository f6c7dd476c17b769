// `npm run bench`: every benchmark, one after the other; each prints its own figures.
import { main as libsqlOverhead } from "./libsql-overhead";
import { main as firstLoad } from "./first-load";

for (const [name, bench] of [["libSQL server overhead", libsqlOverhead], ["web first load", firstLoad]] as const) {
  console.log(`\n=== ${name} ===`);
  await bench();
}
