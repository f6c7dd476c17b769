// `npm start` (scripts/start.ts) leaves nothing running once signalled: npm sends SIGTERM to its
// whole process group, Ctrl+C sends SIGINT to the terminal's. wrangler dev runs in a process group
// of its own (scripts/stack.ts), which start.ts must end and wait for, workerd included, before it
// exits, also when the signal comes while wrangler dev is still starting. Each run is a real start
// (web build, migrations, wrangler dev) on its own database, state folder and port; the stack the
// other API files share is not involved. The two runs share one database, so only the first seeds.
//
// start.ts runs as package.json's "start" runs it, `node --import tsx`, not under the tsx command:
// that command relays a signal to its child and, when the child has not acknowledged it within two
// windows of 30 ms (a loaded machine), SIGKILLs it, which cut start.ts's cleanup short (exit 143).
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, ROOT } from "../../scripts/stack";

const dir = mkdtempSync(join(tmpdir(), "veilleuse-start-signals-"));
const dbFile = join(dir, "start.db");
/** Process groups a failed run might leave behind: ended here, so no test leaves a stack running. */
const groupsToEnd = new Set<number>();

afterAll(() => {
  for (const pgid of groupsToEnd) signalGroup(pgid, "SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

type Proc = { pid: number; pgid: number; command: string };

/** Every process below `root`, from /proc (stat: pid (comm) state ppid pgrp ...). */
function descendants(root: number): Proc[] {
  const all: (Proc & { ppid: number })[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [, ppid, pgid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      all.push({ pid: Number(entry), ppid: Number(ppid), pgid: Number(pgid), command });
    } catch {
      /* ended meanwhile */
    }
  }
  const below = (parent: number): Proc[] =>
    all
      .filter(({ ppid }) => ppid === parent)
      .flatMap(({ pid, pgid, command }) => [{ pid, pgid, command }, ...below(pid)]);
  return below(root);
}

function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
const groupAlive = (pgid: number) => signalGroup(pgid, 0);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Whether a server could listen on the port now (nothing holds it). */
const portFree = (port: number) =>
  new Promise<boolean>((done) => {
    const server = createServer();
    server.once("error", () => done(false));
    server.listen(port, "127.0.0.1", () => server.close(() => done(true)));
  });

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The environment of someone typing `npm start`: without vitest's NODE_ENV=test, under which the web
 * build start.ts runs would pre-render with React's development server build and ship a client
 * whose ids differ (every hydration then fails), into the web/dist the e2e tests reuse.
 */
function userEnvironment(): NodeJS.ProcessEnv {
  const { NODE_ENV: _testMode, ...environment } = process.env;
  return environment;
}

/**
 * Runs start.ts in a process group of its own, as npm does, waits until wrangler dev's own
 * process group holds a workerd and `ready(output)` says so, then signals the start's group and
 * waits for it to exit. Returns what it started, for the checks.
 */
async function startThenSignal(signal: NodeJS.Signals, ready: (output: string) => boolean) {
  const start = spawn(join(ROOT, "node_modules", ".bin", "node"), ["--import", "tsx", "scripts/start.ts"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    // The web build the suite's stack serves (and, under `npm test`, the end-to-end stacks beside
    // it): a rebuild here would swap their files mid-run. What is tested is the signals, not the build.
    env: { ...userEnvironment(), PORT: String(await freePort(0)), VEILLEUSE_DB_FILE: dbFile, VEILLEUSE_WEB_BUILT: "1" },
  });
  groupsToEnd.add(start.pid!);
  let output = "";
  start.stdout.on("data", (chunk) => (output += chunk));
  start.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => start.once("exit", (code) => done(code)));

  const deadline = Date.now() + 170_000;
  for (;;) {
    if (start.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not get going:\n${output}`);
    const started = descendants(start.pid!);
    // wrangler dev leads its own group (detached in stack.ts); workerd is started inside it.
    const wrangler = started.find((p) => p.pgid === p.pid && p.pgid !== start.pid && /wrangler/.test(p.command));
    const workerd = wrangler && started.find((p) => p.pgid === wrangler.pgid && /workerd/.test(p.command));
    if (wrangler && workerd && ready(output)) {
      groupsToEnd.add(wrangler.pgid);
      const port = Number(/--port (\d+)/.exec(wrangler.command)?.[1]);
      process.kill(-start.pid!, signal);
      const code = await Promise.race([exited, pause(30_000).then(() => "still running" as const)]);
      // Only a group still there is ended by afterAll: a group id that is gone may be reused.
      for (const pgid of [start.pid!, wrangler.pgid]) if (!groupAlive(pgid)) groupsToEnd.delete(pgid);
      return { code, port, started, startGroup: start.pid!, wranglerGroup: wrangler.pgid, output };
    }
    await pause(100);
  }
}

/** What must hold once start.ts has exited: it exited 0, and nothing it started is left. */
async function afterExit(run: Awaited<ReturnType<typeof startThenSignal>>) {
  return {
    code: run.code,
    wranglerGroupLeft: groupAlive(run.wranglerGroup),
    startGroupLeft: groupAlive(run.startGroup),
    processesLeft: run.started.filter(({ pid }) => alive(pid)),
    portFree: await portFree(run.port),
  };
}
const clean = { code: 0, wranglerGroupLeft: false, startGroupLeft: false, processesLeft: [], portFree: true };

describe("npm start, signalled", () => {
  it("by SIGTERM to its process group once serving: exits 0, no process of its or wrangler's group left, the port free", async () => {
    const run = await startThenSignal("SIGTERM", (output) => output.includes("is running at"));
    expect(await afterExit(run), run.output).toEqual(clean);
  }, 180_000);

  it("by SIGINT (Ctrl+C) while wrangler dev is still starting: the same", async () => {
    const run = await startThenSignal("SIGINT", () => true);
    expect(await afterExit(run), run.output).toEqual(clean);
  }, 180_000);
});
