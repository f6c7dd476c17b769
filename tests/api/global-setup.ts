// Starts the real stack once for the API tests: a fresh libSQL file (migrated and seeded), the
// local libSQL server, and the Worker under wrangler dev (workerd).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startStack } from "../../scripts/stack";
import { generateVapidKeys, PushDouble, pushDoubleVars } from "../push-double";
import { StripeDouble, stripeDoubleVars } from "../stripe-double";
import { TwilioDouble, twilioDoubleVars } from "../twilio-double";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dbFile: string;
    /** The Worker's log (console.info and up): the realtime tests read the inbox's wake-ups there. */
    workerLog: string;
    /** The local Stripe double the Worker's SDK talks to (tests/stripe-double.ts), driven over HTTP. */
    stripeDouble: string;
    /** The local Twilio double the Worker's SMS transport posts to (tests/twilio-double.ts). */
    twilioDouble: string;
    /** The local push service the Worker's push transport posts to (tests/push-double.ts). */
    pushDouble: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "veilleuse-api-"));
  const dbFile = join(dir, "api.db");
  const workerLog = join(dir, "worker.log");
  // The API tests run the Stripe path: the official SDK, pointed at a local double. The demo provider
  // (no keys) is what `npm start` and the end-to-end tests run.
  const stripe = new StripeDouble();
  const stripeUrl = await stripe.start();
  // SMS go to a local Twilio double too (emails stay simulated: their Resend path has its own tests).
  const twilio = new TwilioDouble();
  const twilioUrl = await twilio.start();
  // Pushes go to a local push service that checks VAPID and decrypts them as a browser would.
  const vapid = generateVapidKeys();
  const push = new PushDouble(vapid.publicKey);
  const pushUrl = await push.start();
  const stack = await startStack({
    dbFile,
    seed: true,
    build: "if-missing",
    quiet: true,
    logFile: workerLog,
    vars: { ...stripeDoubleVars(stripeUrl), ...twilioDoubleVars(twilioUrl), ...pushDoubleVars(pushUrl, vapid) },
  });
  project.provide("baseUrl", stack.url);
  project.provide("stripeDouble", stripeUrl);
  project.provide("twilioDouble", twilioUrl);
  project.provide("pushDouble", pushUrl);
  project.provide("dbFile", dbFile);
  project.provide("workerLog", workerLog);
  return async () => {
    await stack.stop();
    await stripe.stop();
    await twilio.stop();
    await push.stop();
  };
}
