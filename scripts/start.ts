// `npm start`: build the web app, migrate and seed the local database if empty, start the local
// libSQL server and the Worker (wrangler dev), then print the URL and the demo accounts.
import { DEMO_ACCOUNTS } from "../db/seed/demo-accounts";
import { devVapidKeys, endAllWorkers, startStack } from "./stack";

// Ctrl+C (SIGINT) or SIGTERM (npm forwards it to its process group) at any time, starting included:
// end wrangler dev and workerd (their own process group, see stack.ts) and wait for them, then exit.
let stopping: Promise<never> | undefined;
const stop = async (): Promise<never> => {
  await endAllWorkers();
  process.exit(0);
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void (stopping ??= stop()));

const started = performance.now();
const dbFile = process.env.VEILLEUSE_DB_FILE ?? ".data/veilleuse.db";
// Web push: the environment's VAPID keys when set, else a local pair kept beside the database.
const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = process.env;
const vapid =
  VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY
    ? { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, ...(VAPID_SUBJECT ? { VAPID_SUBJECT } : {}) }
    : devVapidKeys(dbFile);
const stack = await startStack({
  dbFile,
  port: Number(process.env.PORT) || 8787,
  seed: true,
  // Always a fresh web build, except where the caller says it has just made one (`npm test` does,
  // and its end-to-end stacks serve that build while the API tests start this script).
  build: process.env.VEILLEUSE_WEB_BUILT === "1" ? "if-missing" : "always",
  vars: vapid,
}).catch((error: unknown) => {
  // A signal while starting ends wrangler dev under startStack ("wrangler dev exited with 143"):
  // that failure is the stop's own doing, which exits once nothing of the worker is left.
  if (stopping) return stopping;
  throw error;
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);

console.log(`
  Local libSQL server: ${stack.libsqlUrl}   OpenAPI: ${stack.url}/api/openapi.json

  Demo accounts (password for all: ${DEMO_ACCOUNTS.parent.password}):
${Object.entries(DEMO_ACCOUNTS)
  .map(([role, a]) => `    ${role.padEnd(11)} ${a.email}`)
  .join("\n")}

  Veilleuse is running at ${stack.url}   (ready in ${seconds} s${stack.seeded ? ", demo world seeded" : ""}; Ctrl+C to stop)
`);
