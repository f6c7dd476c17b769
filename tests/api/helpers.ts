// Small HTTP helpers for the API tests (plain fetch against the running Worker).
import { randomBytes, randomInt } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { InValue } from "@libsql/client";
import { expect, inject } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed/demo-accounts";
import type { TwilioRequest } from "../twilio-double";
import type { ApiStack } from "./stacks";
import { testDbClient } from "../test-db";

/**
 * This file's stack (tests/api/stacks.ts): vitest numbers its workers 1..maxWorkers
 * (VITEST_POOL_ID), and each worker keeps to the stack of its number.
 */
export function ownStack(): ApiStack {
  const stacks = inject("stacks");
  const worker = Number(process.env.VITEST_POOL_ID ?? "1");
  return stacks[(worker - 1) % stacks.length];
}

export const baseUrl = () => ownStack().baseUrl;

/** What this file's Twilio double has received so far (tests/twilio-double.ts). */
export const twilioRequests = async () =>
  (await (await fetch(`${ownStack().twilioDouble}/__control/requests`)).json()) as TwilioRequest[];

/**
 * Direct access to the test database file, to check what the API really wrote: this process's
 * client of it (tests/test-db.ts), shared by every test and never closed.
 */
export const openDb = () => testDbClient(ownStack().dbFile);

/** One statement on the test database, waiting out the Worker's own writes. */
const runOnTestDb = (sql: string, args: InValue[]) => openDb().execute({ sql, args });

/** The rows of a query on the test database. */
export async function queryRows(sql: string, args: string[]) {
  return (await runOnTestDb(sql, args)).rows;
}

/** The first column of the first row of a query (a count, usually). */
export const countRows = async (sql: string, args: string[]) => Number((await queryRows(sql, args))[0][0]);

export type Call = { status: number; body: any; headers: Headers };

export async function call(
  method: string,
  path: string,
  options: { json?: unknown; raw?: string; headers?: Record<string, string>; cookie?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined || options.raw !== undefined) headers["content-type"] ??= "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: options.raw ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
    redirect: "manual",
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

/** A request with any Host header (fetch would not let us forge it). */
export function forged(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const target = new URL(path, baseUrl());
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>(
    (done, fail) => {
      const req = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method,
          headers: { ...headers, ...(payload && { "content-type": "application/json" }) },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => done({ status: res.statusCode!, headers: res.headers, text }));
        },
      );
      req.on("error", fail);
      req.end(payload);
    },
  );
}

/** Host headers an attacker would send to make the app build links to their site. */
export const EVIL_HOST = { host: "evil.example", "x-forwarded-host": "evil.example" };

/** The session cookie(s) set by a response, as a Cookie header value. */
export const cookieFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** Each test file has its own copy of this module (and its own counter): a random tag per file keeps addresses apart. */
const fileTag = randomBytes(4).toString("hex");
let counter = 0;
export const uniqueEmail = (prefix = "test") => `${prefix}.${Date.now()}.${fileTag}.${++counter}@exemple.fr`;

/**
 * Each test can act from its own client address: CF-Connecting-IP is the header Cloudflare's edge
 * sets (and overwrites) in production; wrangler dev passes a client's value through.
 */
export const fromAddress = (address: string) => ({ "cf-connecting-ip": address });

/**
 * A new client address for each call, so per-address limits stay apart. Limits live in the shared
 * database while each test file gets its own copy of this module: every file draws its own random
 * /48 of the IPv6 documentation range (2001:db8::/32) and counts /64s inside it (limits count IPv6
 * per /64). Prefixes below 0x1000 are left to tests that pick their addresses by hand.
 */
const filePrefix = `2001:db8:${randomInt(0x1000, 0x10000).toString(16)}`;
let addressCounter = 0;
export const freshAddress = () => `${filePrefix}:${(++addressCounter).toString(16)}::1`;

/** Registers through the API from a fresh address (sign-ups are limited per address). */
export const signUp = (form: Record<string, unknown>, headers: Record<string, string> = fromAddress(freshAddress())) =>
  call("POST", "/api/auth/sign-up/email", { json: form, headers });

export const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  user_type: "parent",
  first_name: "Élodie",
  last_name: "Lefèvre",
  email: uniqueEmail(),
  phone: "06 12 34 56 78",
  city: "Lyon",
  password: "Motdepasse1",
  ...overrides,
});

export type OutboxEmail = { subject: string; body: string; status: string };

/** The newest email to `address` (optionally with this subject); emails leave after the answer, so poll. */
export async function waitForEmail(
  address: string,
  subject?: string,
  timeoutMs = 5000,
): Promise<OutboxEmail | undefined> {
  const deadline = Date.now() + timeoutMs;
  do {
    const { rows } = await openDb().execute({
      sql: `SELECT subject, body, status FROM outbox WHERE channel = 'email' AND status <> 'queued' AND recipient = ? ${subject ? "AND subject = ?" : ""}
              ORDER BY created_at DESC, rowid DESC LIMIT 1`,
      args: subject ? [address, subject] : [address],
    });
    if (rows[0]) return rows[0] as unknown as OutboxEmail;
    await new Promise((r) => setTimeout(r, 100));
  } while (Date.now() < deadline);
  return undefined;
}

/** The newest email of this template (the outbox's payload names it) to `address`, polled like waitForEmail. */
export async function waitForTemplate(address: string, template: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  do {
    const rows = await queryRows(
      `SELECT subject, body, status FROM outbox WHERE channel = 'email' AND status <> 'queued' AND recipient = ?
         AND json_extract(payload, '$.template') = ? ORDER BY created_at DESC, rowid DESC LIMIT 1`,
      [address, template],
    );
    if (rows[0]) return rows[0] as unknown as OutboxEmail;
    await new Promise((r) => setTimeout(r, 100));
  } while (Date.now() < deadline);
  return undefined;
}

/** The token in a verification email's link (<origin>/verify-email?token=<jwt>). */
export const verificationTokenIn = (email: OutboxEmail | undefined) =>
  email?.body.match(/\/verify-email\?token=([\w.-]+)/)?.[1];

/**
 * Confirms a new account's address the way its owner does: the link in the newest verification
 * email, given to POST /api/auth/verify-email (what the /verify-email page sends).
 */
export async function verifyEmailOf(address: string): Promise<void> {
  const token = verificationTokenIn(await waitForTemplate(address, "verifyEmail", 20_000));
  if (!token) throw new Error(`no verification email for ${address}`);
  const verified = await call("POST", "/api/auth/verify-email", { json: { token } });
  if (verified.status !== 200) throw new Error(`verification of ${address} failed: ${verified.status}`);
}

/** The reset token in an email's link (…/api/auth/reset-password/<token>?callbackURL=…). */
export const resetTokenIn = (email: OutboxEmail | undefined) =>
  email?.body.match(/\/api\/auth\/reset-password\/([\w-]+)/)?.[1];

// ---- Accounts and rows for the profile, children and public-profile tests ----

/** Writes to the test database (setting up what other features' routes would create: bookings, reviews). */
export async function execute(sql: string, args: InValue[] = []) {
  return runOnTestDb(sql, args);
}

/** A device cookie's value (32 random bytes, base64url), as the Worker mints them (edge/auth/device.ts). */
export const newDeviceId = () => randomBytes(32).toString("base64url");

/**
 * The one browser the API tests sign in from (the same id in every file, as one machine runs them):
 * after an account's first sign-in, sessionCookie's sign-ins are a known device and raise no
 * 'Nouvelle connexion' notice. Tests of that notice send cookies of their own (newDeviceId).
 */
export const testDeviceCookie = "veilleuse_device=api-tests-browser-0000000000000000000000000";

/** The session cookie of a signed-in account (each sign-in from its own address, from this file's browser). */
export async function sessionCookie(email: string, password: string = DEMO_PASSWORD): Promise<string> {
  const response = await call("POST", "/api/auth/sign-in/email", {
    json: { email, password },
    headers: fromAddress(freshAddress()),
    cookie: testDeviceCookie,
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return cookieFrom(response.headers);
}

export type Member = { email: string; cookie: string; profileId: string };

/**
 * A new account of this type, signed in, its email confirmed through the emailed link (what an
 * unconfirmed account may not do: auth/verified.ts); `{ verified: false }` leaves it unconfirmed.
 */
export async function newMember(
  userType: "parent" | "babysitter",
  overrides: Record<string, unknown> = {},
  { verified = true }: { verified?: boolean } = {},
) {
  const form = validRegistration({ user_type: userType, email: uniqueEmail(userType), ...overrides });
  const registered = await signUp(form);
  if (registered.status !== 200) throw new Error(`sign-up failed: ${registered.status}`);
  if (verified) await verifyEmailOf(form.email as string);
  const cookie = await sessionCookie(form.email as string, form.password as string);
  const [row] = await queryRows("SELECT id FROM profiles WHERE email = ?", [form.email as string]);
  return { email: form.email as string, cookie, profileId: String(row.id) } satisfies Member;
}

/** A signed-in member: an existing account (the seed's password by default). */
export async function memberOf(email: string, password: string = DEMO_PASSWORD): Promise<Member> {
  const cookie = await sessionCookie(email, password);
  const [row] = await queryRows("SELECT id FROM profiles WHERE email = ?", [email]);
  return { cookie, profileId: String(row.id), email };
}

/** A booking between two profiles, written directly (the booking routes are another feature's). */
export async function insertBooking(parentId: string, babysitterId: string, status: string, hoursFromNow = 48) {
  const id = crypto.randomUUID();
  const start = new Date(Date.now() + hoursFromNow * 3_600_000);
  const end = new Date(start.getTime() + 3 * 3_600_000);
  await execute(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES (?, ?, ?, ?, ?, 1500, 4500, ?)`,
    [id, parentId, babysitterId, start.toISOString(), end.toISOString(), status],
  );
  return id;
}

/** A message written directly (in the pair's conversation, opened when missing): for other features' figures. */
export async function insertMessage(from: string, to: string, content: string, read = false) {
  const [a, b] = [from, to].sort();
  await execute("INSERT OR IGNORE INTO conversations (id, participant_a, participant_b) VALUES (?, ?, ?)", [
    crypto.randomUUID(),
    a,
    b,
  ]);
  await execute(
    `INSERT INTO messages (conversation_id, sender_id, recipient_id, content, read)
     SELECT id, ?, ?, ?, ? FROM conversations WHERE participant_a = ? AND participant_b = ?`,
    [from, to, content, read ? 1 : 0, a, b],
  );
}

/** The preferences body with the defaults, SMS and marketing emails off (PUT /api/preferences saves them whole). */
export const DEFAULT_PREFERENCES_BODY = {
  email_enabled: true,
  sms_enabled: false,
  push_enabled: true,
  emergency_sms: true,
  marketing_emails: false,
  booking_reminders: true,
  payment_notifications: true,
  message_notifications: true,
  notify_bookings: true,
  notify_messages: true,
  notify_payments: true,
  notify_reviews: true,
  notify_security: true,
};

/** Saves a member's preferences: the defaults with `changes`. */
export async function setPreferences(member: { cookie: string }, changes: Partial<typeof DEFAULT_PREFERENCES_BODY>) {
  const saved = await call("PUT", "/api/preferences", {
    cookie: member.cookie,
    json: { ...DEFAULT_PREFERENCES_BODY, ...changes },
  });
  if (saved.status !== 200) throw new Error(`saving preferences failed: ${saved.status}`);
  return saved.body;
}

/** Polls until `read` gives at least `count` rows (notices and emails leave after the answer). */
export async function eventually<T>(read: () => Promise<T[]>, count = 1, timeoutMs = 8000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await read();
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits, when needed, until the current window of a public-read limit (clock-aligned windows of
 * `periodSeconds`, edge/services/limits/read-limits.ts) has at least `neededMs` left, so the requests a test
 * counts all fall into one window. A precondition of the test, not a retry.
 */
export async function inOneReadWindow(periodSeconds: number, neededMs: number): Promise<void> {
  const periodMs = periodSeconds * 1000;
  const left = periodMs - (Date.now() % periodMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * Sends `count` requests built by `send`, `perRound` of them at the same instant at a time: more than
 * the Worker answers at once (the performance settings' maxConcurrentRequests, 100 by default) would
 * be refused with 503 whatever the limit under test.
 */
export async function inRounds<T extends { status: number }>(
  count: number,
  send: (index: number) => Promise<T>,
  perRound = 20,
): Promise<T[]> {
  const answers: T[] = [];
  for (let start = 0; start < count; start += perRound) {
    const round = Array.from({ length: Math.min(perRound, count - start) }, (_, k) => send(start + k));
    answers.push(...(await Promise.all(round)));
  }
  return answers;
}

/** Sends `count` requests built by `send` at the same instant; the answers and how many got each status. */
export async function burst<T extends { status: number }>(count: number, send: (index: number) => Promise<T>) {
  const answers = await Promise.all(Array.from({ length: count }, (_, index) => send(index)));
  const tally: Record<number, number> = {};
  for (const { status } of answers) tally[status] = (tally[status] ?? 0) + 1;
  return { answers, tally };
}

/** Runs the Worker's quarter-hourly cron once (wrangler dev --test-scheduled); its work goes on after the answer. */
export const runCron = async () => expect((await call("GET", "/__scheduled?cron=*/15+*+*+*+*")).status).toBe(200);

/** The profile's in-app notices of one product event, any occurrence (data.event is "<event>:<occurrence>"). */
export const noticesOf = (profileId: string, event: string) =>
  queryRows(
    "SELECT id, title, message FROM notifications WHERE profile_id = ? AND json_extract(data, '$.event') LIKE ?",
    [profileId, `${event}:%`],
  );

/** A PDF answered to `cookie` at `path`: 200, application/pdf, and a body that starts as a PDF does. */
export async function expectPdf(path: string, cookie: string): Promise<void> {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(
    Buffer.from(await response.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
}
