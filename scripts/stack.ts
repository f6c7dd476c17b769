// The whole local stack, as `npm start` runs it and as the API and end-to-end tests start it:
// web build -> migrate (+ seed the demo world when empty) -> the file-backed libSQL server ->
// `wrangler dev` (the real Worker in workerd) -> wait until / and /api/health answer.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startLibsqlServer } from "./libsql-server";
import { runMigrations } from "./migrate";
import { runSeed, wranglerStateDirOf } from "./seed";
import type { WorkerDevOptions } from "./worker-dev";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BIN = join(ROOT, "node_modules", ".bin");

export type StackOptions = {
  /** The libSQL database file (created when missing). */
  dbFile: string;
  /** Port for the app; 0 or absent picks a free one. */
  port?: number;
  /** Seed the demo world when the database has no profiles. */
  seed?: boolean;
  /** "always" rebuilds the web app, "if-missing" only when web/dist is absent. */
  build?: "always" | "if-missing";
  /** Extra Worker variables (e.g. RESEND_API_URL of a test double). */
  vars?: Record<string, string>;
  quiet?: boolean;
  /**
   * Rebuild the Worker when edge/ changes (`npm start`: true, the default). The test stacks say
   * false: they are started through scripts/worker-dev.ts, which serves the same Worker unwatched.
   */
  watch?: boolean;
  /** Append the Worker's own logs (console.info and up, request lines) to this file. */
  logFile?: string;
};

export type Stack = { url: string; libsqlUrl: string; seeded: boolean; stop(): Promise<void> };

/**
 * Ports handed to servers that bind them a few seconds later (wrangler dev, its inspector) come from
 * below Linux's ephemeral range (32768-60999), never from it: the kernel gives ports of that range
 * to every outgoing connection, and the tests open thousands, so a port found free there could be an
 * outgoing socket's by the time wrangler binds it ('Address already in use').
 */
const SERVER_PORTS = { from: 20_000, to: 32_000 } as const;

const randomServerPort = () => SERVER_PORTS.from + Math.floor(Math.random() * (SERVER_PORTS.to - SERVER_PORTS.from));

/** `preferred` when it is free, else a free port of SERVER_PORTS. */
export async function freePort(preferred = 0): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number>((done, fail) => {
      const server = createServer();
      server.once("error", fail);
      server.listen(port, "127.0.0.1", () => {
        const { port: chosen } = server.address() as { port: number };
        server.close(() => done(chosen));
      });
    });
  if (preferred) {
    const port = await tryListen(preferred).catch(() => null);
    if (port) return port;
  }
  for (;;) {
    const port = await tryListen(randomServerPort()).catch(() => null);
    if (port) return port;
  }
}

export function run(command: string, args: string[], quiet = false): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(join(BIN, command), args, { cwd: ROOT, stdio: quiet ? "ignore" : "inherit" });
    child.once("error", fail);
    child.once("exit", (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

export async function buildWeb(mode: StackOptions["build"], quiet = false) {
  if (mode === "if-missing" && existsSync(join(ROOT, "web/dist/index.html"))) return;
  await run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", quiet ? "error" : "warn"], quiet);
}

/** A stable local secret per database, so sessions survive a restart of `npm start`. */
function devSecret(dbFile: string): string {
  const file = `${dbFile}.dev-secret`;
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/**
 * A VAPID key pair for web push under `npm start` (edge/delivery/push.ts's format: base64url P-256
 * point and private scalar), made once per database beside it, so a browser's subscription keeps
 * working across restarts: the push card's 'Activer' works locally without any setup.
 */
export function devVapidKeys(dbFile: string): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const file = `${resolve(ROOT, dbFile)}.vapid.json`;
  if (!existsSync(file)) {
    const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const { x, y } = publicKey.export({ format: "jwk" });
    const point = Buffer.concat([Buffer.from([4]), Buffer.from(x!, "base64url"), Buffer.from(y!, "base64url")]);
    const keys = {
      VAPID_PUBLIC_KEY: point.toString("base64url"),
      VAPID_PRIVATE_KEY: privateKey.export({ format: "jwk" }).d!,
    };
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, "utf8")) as { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string };
}

export async function prepareDatabase(dbFile: string, seed: boolean): Promise<boolean> {
  mkdirSync(dirname(dbFile), { recursive: true });
  const url = `file:${dbFile}`;
  if (!seed) {
    await runMigrations({ url });
    return false;
  }
  return (await runSeed({ url })).seeded; // migrates, then seeds only an empty database
}

/**
 * Seeds `dbFiles[0]` (migrations and the demo world) and copies it, with its photo bucket, to the
 * other files: test runs that start several stacks seed once. The copy is taken while no server
 * has the database open, so the file holds every row.
 */
export async function prepareSeededCopies(dbFiles: string[]): Promise<void> {
  const [first, ...others] = dbFiles;
  await prepareDatabase(first, true);
  for (const copy of others) {
    cpSync(first, copy);
    for (const suffix of ["-wal", "-shm"]) if (existsSync(first + suffix)) cpSync(first + suffix, copy + suffix);
    const bucket = wranglerStateDirOf(first);
    if (existsSync(bucket)) cpSync(bucket, wranglerStateDirOf(copy), { recursive: true });
  }
}

/**
 * What the test suites' stacks set beyond `npm start`'s: cheaper password hashes (the suites sign
 * up and in hundreds of accounts a run; edge/lib/password-hashing.ts), never for `npm start`.
 */
export const TEST_STACK_VARS = { TEST_PASSWORD_HASHING: "fast" } as const;

/**
 * Starts every stack, or none: when one fails to start, the ones that did are stopped before the
 * failure is thrown, so no Worker outlives a failed test run.
 */
export async function startStacks(options: StackOptions[]): Promise<Stack[]> {
  const outcomes = await Promise.allSettled(options.map((each) => startStack(each)));
  const stacks = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const failure = outcomes.find((outcome) => outcome.status === "rejected");
  if (!failure) return stacks;
  await Promise.all(stacks.map((stack) => stack.stop()));
  throw failure.reason;
}

async function waitUntilServing(url: string, worker: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (worker.exitCode !== null) throw new Error(`wrangler dev exited with ${worker.exitCode}`);
    const ok = await Promise.all([fetch(`${url}/`), fetch(`${url}/api/health`)])
      .then(([page, health]) => page.status === 200 && health.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The app did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/** Whether a process of this group still exists (signal 0 probes it without signalling). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Ends a process group and waits until none of it is left: wrangler dev and the workerd it starts
 * share the group startWorker gives them, and workerd may outlive wrangler's own exit. SIGTERM
 * first, SIGKILL for whatever remains after `graceMs`.
 */
export async function endProcessGroup(pgid: number, graceMs = 5000): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pgid, name);
    } catch {
      /* already gone */
    }
  };
  const pause = () => new Promise((r) => setTimeout(r, 50));
  signal("SIGTERM");
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await pause();
  if (!groupAlive(pgid)) return;
  signal("SIGKILL");
  while (groupAlive(pgid)) await pause();
}

/** The process groups of the workers this process started and has not ended yet. */
const workerGroups = new Set<number>();
/** Set once endAllWorkers has begun: no worker may start after it (it would outlive the exit). */
let endingAll = false;

/**
 * Ends every worker this process started, including one still starting: what a signal handler
 * calls, since the stack's own stop() does not exist until startStack has returned.
 */
export async function endAllWorkers(): Promise<void> {
  endingAll = true;
  await Promise.all([...workerGroups].map((pgid) => endProcessGroup(pgid).then(() => workerGroups.delete(pgid))));
}

type WorkerOptions = {
  port: number;
  envFile: string;
  persistDir: string;
  inspectorPort: number;
  quiet: boolean;
  watch: boolean;
};

function workerOutput(quiet: boolean, logFile?: string): StdioOptions {
  if (logFile) {
    const log = openSync(logFile, "a");
    return ["ignore", log, log];
  }
  return quiet ? ["ignore", "ignore", "inherit"] : ["ignore", "inherit", "inherit"];
}

const workerLogLevel = (quiet: boolean, logFile?: string): WorkerDevOptions["logLevel"] =>
  logFile ? "info" : quiet ? "error" : "warn";

/** `wrangler dev`, which rebuilds the Worker when a file of edge/ changes. */
function wranglerDevCommand(options: WorkerOptions, logFile?: string): [string, string[]] {
  const { port, envFile, persistDir, inspectorPort, quiet } = options;
  const args = [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(inspectorPort),
    "--env-file",
    envFile,
    "--persist-to",
    persistDir,
    "--show-interactive-dev-session=false",
    // The cron (the plans' clock) does not fire under wrangler dev: GET /__scheduled runs it locally.
    "--test-scheduled",
    "--log-level",
    workerLogLevel(quiet, logFile),
  ];
  return [join(BIN, "wrangler"), args];
}

/** The same Worker through wrangler's API, without the file watcher (scripts/worker-dev.ts). */
function unwatchedWorkerCommand(options: WorkerOptions, logFile?: string): [string, string[]] {
  const { port, envFile, persistDir, inspectorPort, quiet } = options;
  const given: WorkerDevOptions = {
    port,
    envFile,
    persistDir,
    inspectorPort,
    logLevel: workerLogLevel(quiet, logFile),
  };
  return [process.execPath, [...typeScriptLoader(), join(ROOT, "scripts/worker-dev.ts"), JSON.stringify(given)]];
}

/**
 * scripts/worker-dev.ts and the relay it imports import no other file of the repository and use only
 * types Node can erase: the project's Node (22.18 and later) runs them as they are. tsx's loader, which an older Node needs, inspects every
 * module wrangler and Miniflare load: 5.2 against 3.4 core-seconds to start a stack's wrangler
 * process, measured on 29 Nov 2026.
 */
const typeScriptLoader = () => (process.features.typescript ? [] : ["--import", "tsx"]);

function startWorker(options: WorkerOptions, logFile?: string) {
  if (endingAll) throw new Error("the stack is stopping: the Worker is not started");
  const [command, args] = options.watch
    ? wranglerDevCommand(options, logFile)
    : unwatchedWorkerCommand(options, logFile);
  const worker = spawn(command, args, {
    cwd: ROOT,
    detached: true, // its own process group, so stop() ends workerd too
    stdio: workerOutput(options.quiet, logFile),
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" },
  });
  if (worker.pid !== undefined) workerGroups.add(worker.pid);
  return worker;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const quiet = options.quiet ?? false;
  const dbFile = resolve(ROOT, options.dbFile);
  await buildWeb(options.build ?? "if-missing", quiet);
  const seeded = await prepareDatabase(dbFile, options.seed ?? true);
  const libsql = await startLibsqlServer({ file: dbFile });

  const port = await freePort(options.port ?? 0);
  const url = `http://127.0.0.1:${port}`;
  const runDir = mkdtempSync(join(tmpdir(), "veilleuse-stack-"));
  const envFile = join(runDir, ".env");
  const vars = {
    APP_ENV: "development",
    LIBSQL_URL: libsql.url,
    BETTER_AUTH_SECRET: devSecret(dbFile),
    // The public origin comes from here, never from the request; localhost is the same server.
    PUBLIC_ORIGIN: url,
    TRUSTED_ORIGINS: `http://localhost:${port}`,
    ...options.vars,
  };
  writeFileSync(
    envFile,
    Object.entries(vars)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join("\n"),
    { mode: 0o600 },
  );

  // wrangler dev keeps its local state (the R2 photo bucket) beside the database, so a restart of
  // `npm start` still serves the photos the database names (the seed's avatars are put there too);
  // each test run has its own folder.
  const worker = startWorker(
    {
      port,
      envFile,
      persistDir: wranglerStateDirOf(dbFile),
      inspectorPort: await freePort(0),
      quiet,
      watch: options.watch ?? true,
    },
    options.logFile,
  );
  const stop = async () => {
    // The whole group, even when wrangler itself has exited: workerd can still hold the port.
    if (worker.pid !== undefined) {
      await endProcessGroup(worker.pid);
      workerGroups.delete(worker.pid);
    }
    await libsql.close();
  };
  try {
    await waitUntilServing(url, worker, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, libsqlUrl: libsql.url, seeded, stop };
}
