// Starts the whole local stack once (web build, migrations, demo seed, libSQL server, wrangler dev)
// on a throw-away database, unless E2E_BASE_URL already names a running app.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStack } from "../../scripts/stack";
import { generateVapidKeys, PushDouble, pushDoubleVars } from "../push-double";

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), "veilleuse-e2e-"));
  // `npm test` has just built the web app (and says so); run alone, the suite builds it afresh.
  const build = process.env.VEILLEUSE_WEB_BUILT === "1" ? "if-missing" : "always";
  // Web push goes to a local push service (tests/push-double.ts): the browser's own (FCM) is outside.
  const vapid = generateVapidKeys();
  const push = new PushDouble(vapid.publicKey);
  const pushUrl = await push.start();
  const stack = await startStack({
    dbFile: join(dir, "e2e.db"),
    seed: true,
    quiet: true,
    build,
    vars: pushDoubleVars(pushUrl, vapid),
  });
  process.env.E2E_PUSH_DOUBLE = pushUrl; // tests/e2e/push.spec.ts subscribes through it
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_DB_FILE = join(dir, "e2e.db"); // the outbox: tests follow the links emails carry
  return async () => {
    await stack.stop();
    await push.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
