// What the Worker hands to waitUntil (a welcome notice, a verification email), collected in a test
// so it can finish before the test's database is closed: work left running would fail afterwards
// against a closed server and log the failure into another file's output.
export function backgroundWork() {
  const pending: Promise<unknown>[] = [];
  return {
    /** createAuth's `background` option. */
    background: (work: Promise<unknown>) => void pending.push(work),
    /** Waits for everything handed over so far, failed or not. */
    settled: () => Promise.allSettled(pending),
  };
}
