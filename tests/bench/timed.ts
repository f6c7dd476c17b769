// Figures shared by the benches: the median the page benches print, and the console benches' timing
// (a warm-up run for the page cache, then `runs` timed runs, printed as p50 and p95 by nearest rank).

/** The value at `share` (0.5, 0.95) of sorted values, by nearest rank. */
export const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)];

/** The middle value (of an even count, the upper of the two middle ones), as the page benches print it. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The sorted times of `runs` runs of `run`, in ms, after one untimed run. */
export async function timedRuns(runs: number, run: () => Promise<unknown>): Promise<number[]> {
  await run();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run();
    ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b);
}

/** Times `run` and prints its label, p50 and p95. */
export async function printTimed(label: string, width: number, runs: number, run: () => Promise<unknown>) {
  const ms = await timedRuns(runs, run);
  console.log(
    `${label.padEnd(width)} p50 ${percentile(ms, 0.5).toFixed(0).padStart(6)} ms   p95 ${percentile(ms, 0.95).toFixed(0).padStart(6)} ms`,
  );
}
