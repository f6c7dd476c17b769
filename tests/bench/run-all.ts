// `npm run bench`: every benchmark, one after the other; each prints its own figures.
import { main as libsqlOverhead } from "./libsql-overhead";
import { main as firstLoad } from "./first-load";
import { main as idleKeepaliveStall } from "./idle-keepalive-stall";
import { main as lighthouse } from "./lighthouse";
import { main as mainThread } from "./main-thread";
import { main as realtime } from "./realtime";
import { main as requestCpu } from "./request-cpu";
import { main as scriptTime } from "./script-time";
import { main as search } from "./search";
import { main as signIn } from "./sign-in";
import { main as staticAssets } from "./static-assets";
import { main as testCosts } from "./test-costs";

const benches = [
  ["libSQL server overhead", libsqlOverhead],
  ["web first load", firstLoad],
  ["Lighthouse on the public pages", lighthouse],
  ["the main thread of a first visit: what the blocking time is made of", mainThread],
  ["the script time of a first visit, chunk by chunk", scriptTime],
  ["pages, files and the API: latency", staticAssets],
  ["wrangler dev: page loads after an idle keep-alive", idleKeepaliveStall],
  ["sign-in: from the click to the dashboard", signIn],
  ["the Worker's CPU per API request", requestCpu],
  ["search: 1,000 to 100,000 sitters", search],
  ["realtime messaging: 100 pairs, send to receive", realtime],
  ["the end-to-end suite's costs: CPU per step of a test, per axe analysis", testCosts],
] as const;

for (const [name, bench] of benches) {
  console.log(`\n=== ${name} ===`);
  await bench();
}
