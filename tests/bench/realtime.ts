// Realtime messaging under load: 100 parent/babysitter pairs (200 accounts, each with one open
// socket to its UserInbox Durable Object), every pair with a conversation; the senders post messages
// over HTTP, a few in flight at once, and each message is timed from just before its POST to the
// moment the recipient's socket gets the `message` frame (matched by client_id). Beside it: the
// POST's own latency, the push to the sender's own socket, a plain HTTP round trip on the same
// Worker (idle and during the load), and where the time goes (before the message's row is written,
// after it). Goal: p95 under 100 ms from send to receive, no message lost.
//
// `wrangler dev` restarts the Worker when a source file changes: the sockets then drop. Each one
// reconnects and syncs, as the web client does; the figures say how many did, and what came by the
// resync rather than by a push (such a run's tail is not the push path's: run it again).
// Run: npx tsx tests/bench/realtime.ts [--pairs 100] [--messages 10] [--rate 20] [--in-flight 4]
// (prints figures, asserts nothing; exits non-zero only when the run itself fails)
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { Server, type ServerResponse } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startStack } from "../../scripts/stack";
import { InboxSocket } from "../realtime-client";

const GOAL_P95_MS = 100;
/** A message not on the recipient's socket this long after its POST started is lost. */
const LOST_AFTER_MS = 10_000;
/**
 * Pairs created at once (two sign-ups and two sign-ins each). Password hashing runs on the Worker's
 * one isolate, so more at once adds no throughput, only queueing; and a sign-up is one transaction
 * (better-auth), whose write lock waits behind the other requests' hashing: on a busy machine other
 * writes then wait out the libSQL server's 5 s busy timeout (500 SQLITE_BUSY, retried and printed).
 */
const SETUP_PAIRS_AT_ONCE = 2;
const SOCKETS_AT_ONCE = 20;
/** Messages one at a time before the load: the floor of send-to-receive on this machine. */
const IDLE_PROBES = 40;
/** Plain round trips on an idle Worker (each of two routes). */
const PLAIN_IDLE = 150;
const REQUEST_TIMEOUT_MS = 15_000;
/**
 * A request the restarting Worker dropped (503, no answer) or that failed (5xx) is tried again, this
 * many times in all, further and further apart (half a minute and more: a transaction cut by a restart
 * holds the database's write lock until the libSQL server drops its stream, 15 s later).
 */
const ATTEMPTS = 8;

type Options = { pairs: number; messages: number; rate: number; inFlight: number };

function parseArgs(argv: string[]): Options {
  const value = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    const n = i >= 0 ? Number(argv[i + 1]) : fallback;
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} takes a positive number`);
    return n;
  };
  return {
    pairs: value("pairs", 100),
    messages: value("messages", 10),
    rate: value("rate", 20),
    inFlight: value("in-flight", 4),
  };
}

// ---- Clock, statistics ----------------------------------------------------------------------------

/** Milliseconds since the epoch, sub-millisecond (comparable to the rows' created_at, same machine). */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

type Stats = { n: number; p50: number; p95: number; p99: number; max: number };

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const n = sorted.length;
  const at = (q: number) => (n === 0 ? NaN : sorted[Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))]);
  return { n, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: n === 0 ? NaN : sorted[n - 1] };
}

/** Runs `task` on every item, at most `limit` at once; the first failure fails the whole. */
async function pool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// ---- HTTP -----------------------------------------------------------------------------------------

type Answer = { status: number; body: any; headers: Headers; attempts: number };
type HttpOptions = { json?: unknown; cookie?: string; address?: string };

/** Worker restarts seen by HTTP: 503 "restarted mid-request" answers and dropped requests. */
let droppedRequests = 0;
/** Other 5xx answers, by route and error: each is retried (every request here may be repeated). */
const serverErrors = new Map<string, number>();

async function once(url: string, method: string, path: string, options: HttpOptions) {
  const headers: Record<string, string> = {};
  if (options.json !== undefined) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  if (options.address) headers["cf-connecting-ip"] = options.address;
  const response = await fetch(`${url}${path}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, headers: response.headers };
}

/**
 * One request, tried again (same body) when the Worker restarted under it or answered a 5xx: every
 * request here may be repeated (a message keeps its client_id; a repeated sign-up is settled by the
 * sign-in after it). The retries are counted and printed.
 */
async function http(url: string, method: string, path: string, options: HttpOptions = {}): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await once(url, method, path, options);
      if (answer.status < 500 || attempt >= ATTEMPTS) return { ...answer, attempts: attempt };
      if (answer.status === 503 && /restarted/i.test(String(answer.body))) droppedRequests++;
      else {
        const route = `${method} ${path.replace(/[0-9a-f-]{36}/g, ":id").replace(/\?.*/, "")}`;
        const code = (answer.body as { error?: { code?: string } } | null)?.error?.code ?? "";
        const key = `${route} ${answer.status} ${code}`.trim();
        serverErrors.set(key, (serverErrors.get(key) ?? 0) + 1);
      }
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      droppedRequests++;
    }
    await sleep(500 * attempt);
  }
}

function expectStatus(answer: Answer, expected: number[], what: string): Answer {
  if (!expected.includes(answer.status))
    throw new Error(
      `${what}: ${answer.status} after ${answer.attempts} attempt(s) ${JSON.stringify(answer.body).slice(0, 300)}`,
    );
  return answer;
}

const cookieFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

// ---- Where the time goes: the libSQL server, CPU, this process's event loop ----------------------

/**
 * startStack runs the local libSQL server (scripts/libsql-server.ts) in this very process, the only
 * node:http server here: each of its requests is one Worker -> database round trip, timed from its
 * arrival to its answer.
 */
const database = { events: [] as { start: number; end: number }[] };

function watchDatabaseServer(): () => void {
  const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const started = now();
      (args[1] as ServerResponse).once("finish", () => database.events.push({ start: started, end: now() }));
    }
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;
  return () => {
    Server.prototype.emit = emit as typeof Server.prototype.emit;
  };
}

const LOOP_RESOLUTION_MS = 2;

/** One send on an idle Worker, split at its database round trips (nothing else runs meanwhile). */
type Anatomy = {
  total: number;
  roundTrips: number;
  beforeFirst: number;
  database: number;
  between: number;
  afterLast: number;
};

function anatomyOf(send: Send, events: { start: number; end: number }[]): Anatomy {
  const mine = events.filter((e) => e.start >= send.startedAt && e.end <= send.answeredAt!);
  const total = send.answeredAt! - send.startedAt;
  if (mine.length === 0) return { total, roundTrips: 0, beforeFirst: total, database: 0, between: 0, afterLast: 0 };
  const database = mine.reduce((sum, e) => sum + e.end - e.start, 0);
  const first = mine[0].start;
  const last = Math.max(...mine.map((e) => e.end));
  return {
    total,
    roundTrips: mine.length,
    beforeFirst: first - send.startedAt,
    database,
    between: last - first - database,
    afterLast: send.answeredAt! - last,
  };
}

type CpuSample = { at: number; procs: Map<number, { label: string; ms: number }>; systemBusy: number };
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** What a process of the stack is: wrangler dev runs a proxy workerd on the public port, and the Worker's own. */
function labelOf(pid: number, comm: string): string {
  if (pid === process.pid) return "this process (client + libSQL server)";
  if (comm === "workerd") {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return cmdline.includes("entry=127.0.0.1:0")
      ? "workerd: the Worker and Durable Objects"
      : "workerd: wrangler dev's proxy";
  }
  return comm.startsWith("node") || comm === "MainThread" ? "wrangler (node)" : comm;
}

/** CPU time so far (ms) of this process and each of its descendants, and of the whole machine (/proc). */
function cpuSample(): CpuSample | null {
  if (!existsSync("/proc/stat")) return null;
  const all: { pid: number; ppid: number; comm: string; ms: number }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      all.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        comm,
        ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      });
    } catch {
      /* gone meanwhile */
    }
  }
  const parent = new Map(all.map((p) => [p.pid, p.ppid]));
  const mine = (pid: number) => {
    for (let p: number | undefined = pid; p; p = parent.get(p)) if (p === process.pid) return true;
    return false;
  };
  const procs = new Map<number, { label: string; ms: number }>();
  for (const p of all.filter((p) => mine(p.pid)))
    try {
      procs.set(p.pid, { label: labelOf(p.pid, p.comm), ms: p.ms });
    } catch {
      /* gone meanwhile */
    }
  const [, ...jiffies] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  const idle = jiffies[3] + jiffies[4];
  const systemBusy = (jiffies.slice(0, 8).reduce((a, b) => a + b, 0) - idle) * TICK_MS;
  return { at: now(), procs, systemBusy };
}

/** Cores kept busy between two samples, by kind (a process started meanwhile counts whole). */
function coresBusy(before: CpuSample | null, after: CpuSample | null): [string, number][] {
  if (!before || !after) return [];
  const wall = after.at - before.at;
  const byLabel = new Map<string, number>();
  for (const [pid, { label, ms }] of after.procs)
    byLabel.set(label, (byLabel.get(label) ?? 0) + (ms - (before.procs.get(pid)?.ms ?? 0)) / wall);
  const lines = [...byLabel];
  const machine = (after.systemBusy - before.systemBusy) / wall;
  // Anything else on the machine (another stack, a test run) competes for the same cores.
  lines.push(["other processes", Math.max(0, machine - lines.reduce((sum, [, cores]) => sum + cores, 0))]);
  lines.push([`whole machine (of ${cpus().length} cores)`, machine]);
  return lines.filter(([, cores]) => cores >= 0.005).sort((a, b) => b[1] - a[1]);
}

// ---- Accounts and conversations -------------------------------------------------------------------

type Account = {
  email: string;
  cookie: string;
  profileId: string;
  socket?: InboxSocket;
  /** Message ids this account's sockets got, by push or by sync. */
  seen: Set<number>;
};
type Pair = { parent: Account; sitter: Account; conversationId: string };

const PASSWORD = "Motdepasse1";
const runTag = Date.now().toString(36);
/** Each account from its own /64 of the documentation range: sign-ups and sign-ins are limited per address. */
const addressOf = (n: number) => `2001:db8:7e:${n.toString(16)}::1`;
/** Names take letters only: n written with a to z. */
const lettersOf = (n: number): string =>
  (n < 26 ? "" : lettersOf(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));

async function createAccount(url: string, userType: "parent" | "babysitter", n: number): Promise<Account> {
  const email = `bench.rt.${runTag}.${n}@exemple.fr`;
  const address = addressOf(n);
  const form = {
    user_type: userType,
    first_name: userType === "parent" ? "Élodie" : "Hélène",
    last_name: `Banc${lettersOf(n)}`,
    email,
    phone: "06 12 34 56 78",
    city: "Lyon",
    password: PASSWORD,
  };
  const signedUp = await http(url, "POST", "/api/auth/sign-up/email", { json: form, address });
  // A retried sign-up may find the account its first attempt created: the sign-in then tells.
  if (signedUp.attempts === 1) expectStatus(signedUp, [200], `sign-up ${email}`);
  const signedIn = expectStatus(
    await http(url, "POST", "/api/auth/sign-in/email", { json: { email, password: PASSWORD }, address }),
    [200],
    `sign-in ${email}`,
  );
  const cookie = cookieFrom(signedIn.headers);
  const me = expectStatus(await http(url, "GET", "/api/me", { cookie }), [200], `GET /api/me ${email}`);
  return { email, cookie, profileId: String(me.body.profile.id), seen: new Set() };
}

async function createPair(url: string, i: number): Promise<Pair> {
  const [parent, sitter] = await Promise.all([
    createAccount(url, "parent", 2 * i),
    createAccount(url, "babysitter", 2 * i + 1),
  ]);
  const opened = expectStatus(
    await http(url, "POST", "/api/conversations", { json: { partner_id: sitter.profileId }, cookie: parent.cookie }),
    [201, 200], // 200: a retried request found the conversation its first attempt opened
    "POST /api/conversations",
  );
  return { parent, sitter, conversationId: String(opened.body.id) };
}

// ---- Messages and what the sockets receive ----------------------------------------------------------

type Send = {
  clientId: string;
  pair: Pair;
  sender: Account;
  recipient: Account;
  /** Just before the POST (epoch ms). */
  startedAt: number;
  answeredAt?: number;
  status?: number;
  attempts: number;
  /** The row's created_at (epoch ms, from the libSQL server on this machine). */
  insertedAt?: number;
  /** Each `message` frame with this message on the recipient's sockets, and on the sender's own. */
  pushed: number[];
  echoed: number[];
  /** Arrived in a `synced` answer after a reconnect instead of (or before) a push. */
  resynced?: number;
  echoResynced?: number;
};

type Tally = { misdelivered: number; unknown: number; errorFrames: number; unexpectedCloses: number };
type Run = { url: string; sends: Map<string, Send>; tally: Tally; closing: boolean };

type FrameMessage = { id: number; client_id: string | null };
type RawFrame = { type?: string; message?: FrameMessage; messages?: FrameMessage[] };

function onFrame(run: Run, account: Account, text: string, at: number) {
  let frame: RawFrame;
  try {
    frame = JSON.parse(text) as RawFrame;
  } catch {
    return;
  }
  if (frame.type === "error") run.tally.errorFrames++;
  if (frame.type === "message" && frame.message) {
    account.seen.add(frame.message.id);
    const send = frame.message.client_id ? run.sends.get(frame.message.client_id) : undefined;
    if (!send) run.tally.unknown++;
    else if (account === send.recipient) send.pushed.push(at);
    else if (account === send.sender) send.echoed.push(at);
    else run.tally.misdelivered++;
  }
  if (frame.type === "synced")
    for (const message of frame.messages ?? []) {
      if (account.seen.has(message.id)) continue; // merged by id, as the web client does
      account.seen.add(message.id);
      const send = message.client_id ? run.sends.get(message.client_id) : undefined;
      if (send && account === send.recipient) send.resynced ??= at;
      if (send && account === send.sender) send.echoResynced ??= at;
    }
}

/** Opens the account's socket and syncs from 0 (a few dozen messages at most: what a reconnect missed). */
async function connect(run: Run, account: Account): Promise<void> {
  const socket = await InboxSocket.connect(run.url, { cookie: account.cookie });
  // Before the client's own listener (which parses with zod): the arrival time is taken first.
  socket.socket.prependListener("message", (data) => onFrame(run, account, String(data), now()));
  socket.socket.once("close", () => {
    if (run.closing || account.socket !== socket) return;
    run.tally.unexpectedCloses++;
    void connectSoon(run, account).catch(() => {
      /* still down after every try: its messages count as lost */
    });
  });
  account.socket = socket;
  try {
    await socket.syncFrom(0);
  } catch (error) {
    account.socket = undefined; // so that its close starts nothing
    socket.drop();
    throw error;
  }
}

/** As the web client does (at the start, and after a drop): a ticket, a socket, a sync; a few tries apart. */
async function connectSoon(run: Run, account: Account, attempts = 20): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect(run, account);
    } catch (error) {
      if (attempt >= attempts || run.closing) throw error;
      await sleep(200 * Math.min(attempt, 5)); // the Worker is restarting
    }
  }
}

function newSend(run: Run, pair: Pair, fromParent: boolean): Send {
  const send: Send = {
    clientId: randomUUID(),
    pair,
    sender: fromParent ? pair.parent : pair.sitter,
    recipient: fromParent ? pair.sitter : pair.parent,
    startedAt: 0,
    attempts: 0,
    pushed: [],
    echoed: [],
  };
  run.sends.set(send.clientId, send);
  return send;
}

/** One message over HTTP (tried again with the same client_id if the Worker restarted under it). */
async function post(run: Run, send: Send): Promise<void> {
  send.startedAt = now();
  const answer = await http(run.url, "POST", `/api/conversations/${send.pair.conversationId}/messages`, {
    json: { content: `Bonjour, message ${send.clientId.slice(0, 8)}`, client_id: send.clientId },
    cookie: send.sender.cookie,
  });
  send.answeredAt = now();
  send.status = answer.status;
  send.attempts = answer.attempts;
  if (answer.status === 201 || answer.status === 200) send.insertedAt = Date.parse(answer.body.created_at);
}

const accepted = (s: Send) => s.status === 201 || s.status === 200;
const reachedRecipient = (s: Send) => s.pushed.length > 0 || s.resynced !== undefined;
const reachedSender = (s: Send) => s.echoed.length > 0 || s.echoResynced !== undefined;

/** Waits until every accepted message reached both sockets, or its time to be called lost has passed. */
async function settle(list: Send[]) {
  const waiting = (s: Send) => accepted(s) && !(reachedRecipient(s) && reachedSender(s));
  while (list.some((s) => waiting(s) && now() < s.startedAt + LOST_AFTER_MS)) await sleep(20);
}

/** Paced sends: one started every 1000/rate ms, never more than `inFlight` at once. */
async function loadPhase(run: Run, list: Send[], options: Options): Promise<number> {
  const interval = 1000 / options.rate;
  const started = now();
  let inFlight = 0;
  let wake: (() => void) | null = null;
  const running: Promise<void>[] = [];
  for (const [i, send] of list.entries()) {
    await sleep(started + i * interval - now());
    while (inFlight >= options.inFlight) await new Promise<void>((r) => (wake = r));
    inFlight++;
    running.push(
      post(run, send).finally(() => {
        inFlight--;
        wake?.();
        wake = null;
      }),
    );
  }
  await Promise.all(running);
  return now() - started;
}

/** Sequential GETs, each timed, `count` of them or until `stop` says so, at least `gapMs` apart. */
async function roundTrips(
  url: string,
  path: string,
  cookie: string | undefined,
  count: number,
  { stop = (): boolean => false, gapMs = 0 } = {},
) {
  const samples: number[] = [];
  for (let i = 0; i < count && !stop(); i++) {
    const t0 = now();
    const answer = expectStatus(await http(url, "GET", path, { cookie }), [200], `GET ${path}`);
    if (answer.attempts === 1) samples.push(now() - t0);
    await sleep(t0 + gapMs - now());
  }
  return samples;
}

// ---- The run ------------------------------------------------------------------------------------

export async function main(argv = process.argv.slice(2)) {
  const options = parseArgs(argv);
  const runStarted = now();
  const dir = mkdtempSync(join(tmpdir(), "veilleuse-realtime-bench-"));
  const accounts: Account[] = [];
  let run: Run | undefined;
  const unwatch = watchDatabaseServer();
  console.log(
    `Load average before the run: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")} (${cpus().length} cores)`,
  );
  try {
    const stack = await startStack({ dbFile: join(dir, "bench.db"), seed: false, build: "if-missing", quiet: true });
    try {
      run = {
        url: stack.url,
        sends: new Map(),
        tally: { misdelivered: 0, unknown: 0, errorFrames: 0, unexpectedCloses: 0 },
        closing: false,
      };
      const { url } = run;
      console.log(`Stack up in ${seconds(now() - runStarted)}`);

      let t = now();
      const pairs = await pool(
        Array.from({ length: options.pairs }, (_, i) => i),
        SETUP_PAIRS_AT_ONCE,
        (i) => createPair(url, i),
      );
      accounts.push(...pairs.flatMap((p) => [p.parent, p.sitter]));
      console.log(
        `${accounts.length} accounts signed up and in, ${pairs.length} conversations, in ${seconds(now() - t)}`,
      );

      t = now();
      await pool(accounts, SOCKETS_AT_ONCE, (account) => connectSoon(run!, account));
      const connected = accounts.filter((a) => a.socket?.isOpen).length;
      console.log(`${connected} sockets connected and synced in ${seconds(now() - t)}`);

      // The idle floor: plain round trips, then messages one at a time.
      t = now();
      const healthIdle = await roundTrips(url, "/api/health", undefined, PLAIN_IDLE);
      const unreadIdle = await roundTrips(url, "/api/messages/unread", pairs[0].parent.cookie, PLAIN_IDLE);
      const idle: Send[] = [];
      for (let i = 0; i < IDLE_PROBES; i++) {
        const send = newSend(run, pairs[i % pairs.length], i % 2 === 0);
        idle.push(send);
        await post(run, send);
        await settle([send]);
      }
      const anatomy = idle.filter(accepted).map((s) => anatomyOf(s, database.events));
      console.log(`Idle round trips and ${IDLE_PROBES} single messages in ${seconds(now() - t)}`);

      // The load: in each round every pair sends once (shuffled order), parent and sitter taking turns.
      const load: Send[] = [];
      for (let round = 0; round < options.messages; round++) {
        const order = [...pairs].sort(() => Math.random() - 0.5);
        for (const pair of order) load.push(newSend(run, pair, round % 2 === 0));
      }
      const closesBefore = run.tally.unexpectedCloses;
      const droppedBefore = droppedRequests;
      database.events.length = 0;
      const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
      loop.enable();
      const cpuBefore = cpuSample();
      let loadDone = false;
      const plainPath = "/api/messages/unread";
      // Five a second at most: a measure of the loaded Worker, not a second load.
      const unreadDuring = roundTrips(url, plainPath, pairs[pairs.length - 1].sitter.cookie, Infinity, {
        stop: () => loadDone,
        gapMs: 200,
      });
      const loadMs = await loadPhase(run, load, options).finally(() => (loadDone = true));
      const unreadUnderLoad = await unreadDuring;
      const cpu = coresBusy(cpuBefore, cpuSample());
      loop.disable();
      const loadDatabase = {
        requests: database.events.length,
        server: stats(database.events.map((e) => e.end - e.start)),
      };
      await settle(load);

      report({
        options,
        connected,
        accounts,
        idle,
        load,
        loadMs,
        tally: run.tally,
        restartsDuringLoad: run.tally.unexpectedCloses - closesBefore + droppedRequests - droppedBefore,
        healthIdle,
        unreadIdle,
        unreadUnderLoad,
        anatomy,
        loadDatabase,
        cpu,
        // The histogram counts the timer's own period: what is beyond it is the delay.
        loopDelay: [loop.percentile(50), loop.percentile(99), loop.max].map((ns) => ns / 1e6 - LOOP_RESOLUTION_MS),
      });
    } finally {
      if (run) run.closing = true;
      await Promise.all(
        accounts.map((a) => (a.socket?.isOpen ? Promise.race([a.socket.close(), sleep(2000)]) : undefined)),
      );
      await stack.stop();
    }
  } finally {
    unwatch();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`Whole run: ${seconds(now() - runStarted)}`);
}

function printServerErrors() {
  for (const [key, n] of serverErrors) console.log(`  !! ${n} x ${key} (retried)`);
  serverErrors.clear();
}

// ---- The figures ----------------------------------------------------------------------------------

type Report = {
  options: Options;
  connected: number;
  accounts: Account[];
  idle: Send[];
  load: Send[];
  loadMs: number;
  tally: Tally;
  restartsDuringLoad: number;
  healthIdle: number[];
  unreadIdle: number[];
  unreadUnderLoad: number[];
  anatomy: Anatomy[];
  loadDatabase: { requests: number; server: Stats };
  cpu: [string, number][];
  loopDelay: number[];
};

function report(r: Report) {
  const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "-").padStart(7);
  const row = (label: string, s: Stats) =>
    console.log(`  ${label.padEnd(48)} ${String(s.n).padStart(5)} ${ms(s.p50)} ${ms(s.p95)} ${ms(s.p99)} ${ms(s.max)}`);
  const header = (title: string) =>
    console.log(
      `\n${title}\n  ${"".padEnd(48)} ${"n".padStart(5)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"p99".padStart(7)} ${"max".padStart(7)}`,
    );
  const fact = (label: string, value: string | number) => console.log(`  ${label.padEnd(34)} ${value}`);

  const sent = r.load.filter(accepted);
  const failed = r.load.filter((s) => !accepted(s));
  const inTime = (s: Send, at: number | undefined) => at !== undefined && at - s.startedAt <= LOST_AFTER_MS;
  const received = sent.filter((s) => inTime(s, s.pushed[0]) || inTime(s, s.resynced));
  const byResync = sent.filter((s) => s.pushed.length === 0 && s.resynced !== undefined).length;
  const lost = sent.length - received.length;
  const duplicates = sent.reduce((n, s) => n + Math.max(0, s.pushed.length - 1), 0);
  const echoDuplicates = sent.reduce((n, s) => n + Math.max(0, s.echoed.length - 1), 0);
  const echoMissing = sent.filter((s) => !reachedSender(s)).length;
  const retried = r.load.filter((s) => s.attempts > 1).length;
  const openAtEnd = r.accounts.filter((a) => a.socket?.isOpen).length;
  const unparsed = r.accounts.reduce((n, a) => n + (a.socket?.unparsed.length ?? 0), 0);

  const toRecipient = (list: Send[]) => list.filter((s) => s.pushed.length > 0).map((s) => s.pushed[0] - s.startedAt);
  const toSender = (list: Send[]) => list.filter((s) => s.echoed.length > 0).map((s) => s.echoed[0] - s.startedAt);
  const postMs = (list: Send[]) => list.filter(accepted).map((s) => s.answeredAt! - s.startedAt);
  const latency = stats(toRecipient(sent));

  console.log(
    `\nRealtime messaging: ${r.options.pairs} pairs, ${r.options.messages} messages a pair, paced at ${r.options.rate}/s, at most ${r.options.inFlight} POSTs in flight`,
  );
  fact("clients connected", `${r.connected} / ${r.accounts.length}`);
  fact(
    "messages sent (accepted)",
    failed.length
      ? `${sent.length}  (refused: ${failed.length}, statuses ${[...new Set(failed.map((s) => s.status))].join(", ")})`
      : sent.length,
  );
  fact(
    "messages received",
    `${received.length}${byResync ? `  (${byResync} by a resync after a reconnect, not a push)` : ""}`,
  );
  fact(`lost (not received in ${LOST_AFTER_MS / 1000} s)`, lost);
  fact("duplicate pushes", `${duplicates} to the recipient, ${echoDuplicates} to the sender`);
  fact("sender's socket missed its message", echoMissing);
  fact(
    "frames to a third party",
    `${r.tally.misdelivered}; unknown client_id ${r.tally.unknown}; error frames ${r.tally.errorFrames}; unparsed ${unparsed}`,
  );
  fact("load phase", `${seconds(r.loadMs)}, ${((sent.length / r.loadMs) * 1000).toFixed(1)} messages/s`);
  fact(
    "Worker restarts (wrangler dev)",
    `${r.tally.unexpectedCloses} sockets dropped (${openAtEnd} open at the end), ${droppedRequests} requests retried; ${retried} POSTs of the load retried`,
  );
  printServerErrors();
  if (r.restartsDuringLoad > 0)
    console.log(
      "  !! The Worker restarted during the load (a source file changed): the tail below includes it; run again.",
    );

  header("Latency (ms)");
  row("send -> recipient's socket (load)", latency);
  row("send -> sender's own socket (load)", stats(toSender(sent)));
  row("HTTP POST .../messages (load)", stats(postMs(sent)));
  row("GET /api/messages/unread during the load", stats(r.unreadUnderLoad));
  row("send -> recipient's socket (idle, one at a time)", stats(toRecipient(r.idle)));
  row("send -> sender's own socket (idle)", stats(toSender(r.idle)));
  row("HTTP POST .../messages (idle)", stats(postMs(r.idle)));
  row("GET /api/health (idle)", stats(r.healthIdle));
  row("GET /api/messages/unread (idle)", stats(r.unreadIdle));

  // Where the time goes: before the row exists (request, session, checks, insert), and after it.
  const timed = sent.filter((s) => s.pushed.length > 0 && Number.isFinite(s.insertedAt));
  header("Send -> recipient, split at the row's created_at (load; ms)");
  row("POST start -> row inserted", stats(timed.map((s) => s.insertedAt! - s.startedAt)));
  row("row inserted -> POST answer received", stats(timed.map((s) => s.answeredAt! - s.insertedAt!)));
  row("row inserted -> recipient's frame", stats(timed.map((s) => s.pushed[0] - s.insertedAt!)));
  row("POST answer -> recipient's frame (< 0: before)", stats(timed.map((s) => s.pushed[0] - s.answeredAt!)));
  const early = timed.filter((s) => s.pushed[0] < s.answeredAt!).length;
  console.log(`  frames that arrived before the POST's answer: ${early} of ${timed.length}`);

  const median = (pick: (a: Anatomy) => number) => stats(r.anatomy.map(pick)).p50.toFixed(1);
  console.log(`\nOne send on an idle Worker, split at its database round trips (medians of ${r.anatomy.length}, ms)`);
  console.log(`  round trips to the libSQL server          ${median((a) => a.roundTrips)}`);
  console.log(`  POST start -> first round trip            ${median((a) => a.beforeFirst)}`);
  console.log(`  in the libSQL server, all round trips     ${median((a) => a.database)}`);
  console.log(`  between them (Worker code, the HTTP hops) ${median((a) => a.between)}`);
  console.log(`  last round trip -> answer received        ${median((a) => a.afterLast)}`);
  console.log(`  the whole POST                            ${median((a) => a.total)}`);
  header("The libSQL server during the load (in this process; one request = one round trip)");
  console.log(
    `  ${r.loadDatabase.requests} round trips for ${sent.length} messages and ${r.unreadUnderLoad.length} GETs`,
  );
  row("server time per round trip", r.loadDatabase.server);

  console.log("\nCPU during the load (cores kept busy)");
  for (const [label, cores] of r.cpu) console.log(`  ${label.padEnd(48)} ${cores.toFixed(2)}`);
  const [p50, p99, max] = r.loopDelay.map((x) => Math.max(0, x).toFixed(1));
  console.log(
    `  event loop delay of this process (the client and the libSQL server): p50 ${p50}, p99 ${p99}, max ${max} ms`,
  );

  const met = latency.p95 < GOAL_P95_MS && lost === 0 && failed.length === 0 && r.connected === r.accounts.length;
  console.log(
    `\nGoal "p95 under ${GOAL_P95_MS} ms, no message lost": ${met ? "met" : "MISSED"} (p95 ${latency.p95.toFixed(1)} ms, lost ${lost}, refused ${failed.length})`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
