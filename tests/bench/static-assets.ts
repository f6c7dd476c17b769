// Pages and files are served by the assets binding without running the Worker (their security
// headers come from web/dist/_headers); the API runs the Worker. Latency of /, of the entry script
// and of /api/health (Worker + one database round trip), sequential requests on the local stack.
// Run: npx tsx tests/bench/static-assets.ts   (prints figures, asserts nothing)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStack } from "../../scripts/stack";

const ROUNDS = 300;

async function latencies(url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function main() {
  const dbFile = join(mkdtempSync(join(tmpdir(), "veilleuse-bench-")), "bench.db");
  const stack = await startStack({ dbFile, seed: false, build: "if-missing", quiet: true });
  try {
    const html = await (await fetch(`${stack.url}/`)).text();
    const entry = html.match(/<script[^>]+src="([^"]+)"/)![1];
    console.log(`${ROUNDS} sequential requests each, after warm-up:`);
    console.log("| path | p50 | p99 |\n|---|---|---|");
    for (const path of ["/", entry, "/api/health"]) {
      await latencies(`${stack.url}${path}`); // warm-up round
      const sorted = await latencies(`${stack.url}${path}`);
      console.log(`| ${path} | ${percentile(sorted, 50).toFixed(2)} ms | ${percentile(sorted, 99).toFixed(2)} ms |`);
    }
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
