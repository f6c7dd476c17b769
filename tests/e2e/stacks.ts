// How many copies of the stack the end-to-end run starts: one per Playwright worker. Each worker
// drives its own Worker and its own database (a copy of one seeded demo world), so two spec files
// running at once never touch each other's rows, and no spec needs accounts of its own to run
// beside another. Against a running app (E2E_BASE_URL), there is one stack and one worker.
// E2E_WORKERS overrides the count (1 runs the suite serially, as a debugging aid).
const requested = Number(process.env.E2E_WORKERS ?? 2);

export const STACK_COUNT = process.env.E2E_BASE_URL ? 1 : Math.max(1, Math.floor(requested) || 1);

/** The variables global-setup sets for stack `index`; a worker copies them to the plain names. */
export const STACK_VARIABLES = ["E2E_BASE_URL", "E2E_DB_FILE"] as const;

export const stackVariable = (name: (typeof STACK_VARIABLES)[number], index: number) => `${name}_${index}`;

/** Points this worker process's plain E2E_BASE_URL / E2E_DB_FILE at its own stack. */
export function useStack(index: number): void {
  for (const name of STACK_VARIABLES) {
    const value = process.env[stackVariable(name, index)];
    if (value !== undefined) process.env[name] = value;
  }
}
