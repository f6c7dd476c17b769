// The Worker as `wrangler dev` serves it, without watching edge/ for changes: what the test stacks
// run (scripts/stack.ts, `watch: false`). wrangler dev's CLI has no switch for it, and its file
// watcher (esbuild's polling) costs about 3 % of a core per stack for as long as the stack lives:
// 58 core-seconds of a 12-minute end-to-end run on two stacks, measured on 29 Nov 2026.
// Everything else is wrangler's own: its bundling (so `/__scheduled` and the drain of unread
// request bodies it adds to the Worker stay), its proxy, its local bindings.
//
// Run: node scripts/worker-dev.ts '<JSON of WorkerDevOptions>' (Node strips the types itself: keep
// this file free of imports of the repository's own files, and of enums, namespaces and parameter
// properties, which erasing types cannot remove). It serves until it is sent SIGTERM or SIGINT;
// stack.ts ends its whole process group, workerd included.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { unstable_startWorker } from "wrangler";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export type WorkerDevOptions = {
  port: number;
  envFile: string;
  persistDir: string;
  inspectorPort: number;
  logLevel: "error" | "warn" | "info";
};

const options = JSON.parse(process.argv[2] ?? "{}") as WorkerDevOptions;

const worker = await unstable_startWorker({
  config: join(ROOT, "wrangler.toml"),
  envFiles: [options.envFile],
  dev: {
    server: { hostname: "127.0.0.1", port: options.port },
    inspector: { hostname: "127.0.0.1", port: options.inspectorPort },
    persist: options.persistDir,
    // The cron (the plans' clock) does not fire locally: GET /__scheduled runs it.
    testScheduled: true,
    watch: false,
    logLevel: options.logLevel,
  },
});
await worker.ready;

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await worker.dispose().catch(() => {});
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
