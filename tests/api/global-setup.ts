// Starts the real stack once for the API tests: a fresh libSQL file (migrated and seeded), the
// local libSQL server, and the Worker under wrangler dev (workerd).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startStack } from "../../scripts/stack";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dbFile: string;
    /** The Worker's log (console.info and up): the realtime tests read the inbox's wake-ups there. */
    workerLog: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "veilleuse-api-"));
  const dbFile = join(dir, "api.db");
  const workerLog = join(dir, "worker.log");
  const stack = await startStack({ dbFile, seed: true, build: "if-missing", quiet: true, logFile: workerLog });
  project.provide("baseUrl", stack.url);
  project.provide("dbFile", dbFile);
  project.provide("workerLog", workerLog);
  return () => stack.stop();
}
