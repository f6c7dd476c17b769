// Starts the local stack (migrations, demo seed, libSQL server, wrangler dev) once per Playwright
// worker, each on a throw-away database, unless E2E_BASE_URL already names a running app. The demo
// world is seeded once and copied (with its photo bucket) for the other stacks.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildWeb, prepareSeededCopies, startStacks, TEST_STACK_VARS } from "../../scripts/stack";
import { generateVapidKeys, PushDouble, pushDoubleVars } from "../push-double";
import { STACK_COUNT, stackVariable } from "./stacks";

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), "veilleuse-e2e-"));
  // `npm test` has just built the web app (and says so); run alone, the suite builds it afresh.
  await buildWeb(process.env.VEILLEUSE_WEB_BUILT === "1" ? "if-missing" : "always", true);
  const dbFiles = Array.from({ length: STACK_COUNT }, (_, index) => join(dir, `e2e-${index}.db`));
  await prepareSeededCopies(dbFiles);

  // Web push goes to a local push service (tests/push-double.ts): the browser's own (FCM) is outside.
  // One double serves every stack: each test subscribes an endpoint of its own.
  const vapid = generateVapidKeys();
  const push = new PushDouble(vapid.publicKey);
  const pushUrl = await push.start();
  const vars = { ...TEST_STACK_VARS, ...pushDoubleVars(pushUrl, vapid) };
  const stacks = await startStacks(
    dbFiles.map((dbFile) => ({ dbFile, seed: true, quiet: true, build: "if-missing" as const, watch: false, vars })),
  ).catch(async (error: unknown) => {
    await push.stop();
    throw error;
  });
  process.env.E2E_PUSH_DOUBLE = pushUrl; // tests/e2e/push.spec.ts subscribes through it
  stacks.forEach((stack, index) => {
    process.env[stackVariable("E2E_BASE_URL", index)] = stack.url;
    // The outbox and the seeded rows: tests follow the links emails carry.
    process.env[stackVariable("E2E_DB_FILE", index)] = dbFiles[index];
  });
  return async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
    await push.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
