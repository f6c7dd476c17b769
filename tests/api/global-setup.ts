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
  }
}

export default async function setup(project: TestProject) {
  const dbFile = join(mkdtempSync(join(tmpdir(), "veilleuse-api-")), "api.db");
  const stack = await startStack({ dbFile, seed: true, build: "if-missing", quiet: true });
  project.provide("baseUrl", stack.url);
  project.provide("dbFile", dbFile);
  return () => stack.stop();
}
