// Starts the whole local stack once (web build, migrations, demo seed, libSQL server, wrangler dev)
// on a throw-away database, unless E2E_BASE_URL already names a running app.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStack } from "../../scripts/stack";

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), "veilleuse-e2e-"));
  const stack = await startStack({ dbFile: join(dir, "e2e.db"), seed: true, quiet: true, build: "always" });
  process.env.E2E_BASE_URL = stack.url;
  return async () => {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
