// Starts the real stack for the API tests, once per vitest worker (tests/api/stacks.ts): a copy of
// one fresh libSQL file (migrated and seeded), its local libSQL server, the Worker under wrangler
// dev (workerd), and the doubles of the services outside this machine.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { prepareSeededCopies, startStacks, TEST_STACK_VARS } from "../../scripts/stack";
import { generateVapidKeys, PushDouble, pushDoubleVars } from "../push-double";
import { StripeDouble, stripeDoubleVars } from "../stripe-double";
import { TwilioDouble, twilioDoubleVars } from "../twilio-double";
import { API_STACK_COUNT, type ApiStack } from "./stacks";

declare module "vitest" {
  export interface ProvidedContext {
    /** One per worker: a file uses ownStack() (tests/api/helpers.ts). */
    stacks: ApiStack[];
  }
}

/** A stack's doubles: programmed answers and recorded requests stay with the files of one worker. */
async function startDoubles() {
  // The API tests run the Stripe path: the official SDK, pointed at a local double. The demo provider
  // (no keys) is what `npm start` and the end-to-end tests run.
  const stripe = new StripeDouble();
  // SMS go to a local Twilio double (emails stay simulated: their Resend path has its own tests).
  const twilio = new TwilioDouble();
  // Pushes go to a local push service that checks VAPID and decrypts them as a browser would.
  const vapid = generateVapidKeys();
  const push = new PushDouble(vapid.publicKey);
  const [stripeDouble, twilioDouble, pushDouble] = await Promise.all([stripe.start(), twilio.start(), push.start()]);
  return {
    urls: { stripeDouble, twilioDouble, pushDouble },
    vars: {
      ...stripeDoubleVars(stripeDouble),
      ...twilioDoubleVars(twilioDouble),
      ...pushDoubleVars(pushDouble, vapid),
    },
    stop: () => Promise.all([stripe.stop(), twilio.stop(), push.stop()]),
  };
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "veilleuse-api-"));
  const dbFiles = Array.from({ length: API_STACK_COUNT }, (_, index) => join(dir, `api-${index}.db`));
  await prepareSeededCopies(dbFiles);
  const doubles = await Promise.all(dbFiles.map(() => startDoubles()));
  const stopDoubles = () => Promise.all(doubles.map((each) => each.stop()));
  const workerLogs = dbFiles.map((_, index) => join(dir, `worker-${index}.log`));
  const stacks = await startStacks(
    dbFiles.map((dbFile, index) => ({
      dbFile,
      seed: true,
      build: "if-missing" as const,
      quiet: true,
      logFile: workerLogs[index],
      watch: false,
      vars: { ...TEST_STACK_VARS, ...doubles[index].vars },
    })),
  ).catch(async (error: unknown) => {
    await stopDoubles();
    throw error;
  });
  project.provide(
    "stacks",
    stacks.map((stack, index) => ({
      baseUrl: stack.url,
      dbFile: dbFiles[index],
      workerLog: workerLogs[index],
      ...doubles[index].urls,
    })),
  );
  return async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
    await stopDoubles();
  };
}
