// The Worker as `wrangler dev` serves it, without watching edge/ for changes and without wrangler's
// proxy in front of it: what the test stacks run (scripts/stack.ts, `watch: false`). wrangler dev's
// CLI has no switch for either.
// - Its file watcher (esbuild's polling) costs about 3 % of a core per stack for as long as the
//   stack lives: 58 core-seconds of a 12-minute end-to-end run on two stacks (29 Nov 2026).
// - Its proxy is a second workerd process every request crosses (it holds requests while the Worker
//   reloads after an edit, which an unwatched Worker never does): about 3 ms of CPU per request,
//   some 30 core-seconds of each of the API and end-to-end suites. Here the stack's port is a plain
//   TCP relay (scripts/tcp-relay.ts) to the Worker's own socket instead, whose port Miniflare picks
//   at each (re)load and wrangler announces in its `reloadComplete` event.
// Everything else is wrangler's own: its bundling (so `/__scheduled` and the drain of unread
// request bodies it adds to the Worker stay), its local bindings, the static assets.
//
// Run: node scripts/worker-dev.ts '<JSON of WorkerDevOptions>' (Node strips the types itself: keep
// this file free of imports of the repository's own files but the relay, which it names by its .ts
// file as Node needs, and of enums, namespaces and parameter properties, which erasing types cannot
// remove). It serves until it is sent SIGTERM or SIGINT;
// stack.ts ends its whole process group, workerd included.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { unstable_startWorker } from "wrangler";
import { createRelay } from "./tcp-relay.ts";

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
    // wrangler's proxy still starts (it cannot be left out), on a port of its own nobody calls.
    server: { hostname: "127.0.0.1", port: 0 },
    inspector: { hostname: "127.0.0.1", port: options.inspectorPort },
    persist: options.persistDir,
    // The cron (the plans' clock) does not fire locally: GET /__scheduled runs it.
    testScheduled: true,
    watch: false,
    logLevel: options.logLevel,
  },
});

/** Where the Worker itself listens, as of its last (re)load. */
let workerAddress: { host: string; port: number } | undefined;
type ReloadComplete = { proxyData: { userWorkerUrl: { hostname: string; port: string } } };
// Attached before the first load can finish (bundling and starting workerd take seconds); `ready`
// only says wrangler's proxy is up, which holds requests until then.
const firstLoad = new Promise<void>((loaded) => {
  worker.raw.on("reloadComplete", ({ proxyData }: ReloadComplete) => {
    workerAddress = { host: proxyData.userWorkerUrl.hostname, port: Number(proxyData.userWorkerUrl.port) };
    loaded();
  });
});
await Promise.all([worker.ready, firstLoad]);

/** The Worker closes a connection after 15 s without a request (measured with a raw socket). */
const WORKER_IDLE_CLOSE_MS = 15_000;

const front = createRelay({
  target: () => workerAddress!,
  // A third of the Worker's idle timeout: far above the time it takes to begin any answer here.
  idleCloseAfterMs: WORKER_IDLE_CLOSE_MS / 3,
});
await new Promise<void>((listening, failed) => {
  front.once("error", failed);
  front.listen(options.port, "127.0.0.1", listening);
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  front.close();
  await worker.dispose().catch(() => {});
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
