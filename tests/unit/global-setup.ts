// Migrates one template database per unit run (every migration, then the ~33k French communes the
// migrations import: about 1.6 s of work), so each test file's database is a copy of that file
// rather than the same import done again (tests/unit/helpers/temp-db.ts). Built afresh on every run:
// the migrations and the communes import are exercised by each run, never served from a stale cache.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { runMigrations } from "../../scripts/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated database file (communes imported) that createTempDb copies; never written to. */
    templateDb: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "veilleuse-unit-template-"));
  const file = join(dir, "template.db");
  await runMigrations({ url: `file:${file}` });
  project.provide("templateDb", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
