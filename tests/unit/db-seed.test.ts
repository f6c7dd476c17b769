// The demo world on a real libSQL file, through the same path as the CLI (scripts/seed.ts).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "better-auth/crypto";
import { runSeed } from "../../scripts/seed";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed/demo-accounts";
import { buildDemoWorld } from "../../db/seed/build-world";
import { BOOKING_STATUSES } from "../../db/schema/enums";
import type { SeedSummary } from "../../db/seed/index";
import { createTempDb, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
let summary: SeedSummary;

const rows = async (sql: string) => (await temp.client.execute(sql)).rows;
const scalar = async (sql: string) => Number((await rows(sql))[0][0]);
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";

beforeAll(async () => {
  temp = await createTempDb("seed");
  const result = await runSeed({ url: temp.url });
  if (!result.seeded) throw new Error("expected a fresh database to be seeded");
  summary = result.summary;
  console.log(
    `seed duration: ${summary.durationMs} ms (${summary.babysitters} sitters, ${summary.counts.bookings} bookings, ${summary.counts.messages} messages)`,
  );
}, 60_000);

afterAll(() => temp.cleanup());

describe("demo world", () => {
  it("is seeded well under 15 s", () => {
    expect(summary.durationMs).toBeLessThan(15_000);
  });

  it("has at least 300 sitters across at least 10 cities, at 12-25 EUR an hour", async () => {
    expect(await scalar("SELECT count(*) FROM profiles WHERE user_type = 'babysitter'")).toBeGreaterThanOrEqual(300);
    expect(
      await scalar("SELECT count(DISTINCT city) FROM profiles WHERE user_type = 'babysitter'"),
    ).toBeGreaterThanOrEqual(10);
    const [range] = await rows(
      "SELECT min(hourly_rate_cents), max(hourly_rate_cents), count(*) FROM babysitter_profiles",
    );
    expect(Number(range[0])).toBeGreaterThanOrEqual(1200);
    expect(Number(range[1])).toBeLessThanOrEqual(2500);
    expect(Number(range[2])).toBe(await scalar("SELECT count(*) FROM profiles WHERE user_type = 'babysitter'"));
  });

  it("places sitters within a few km of their city centre", async () => {
    const far = await scalar(`
      SELECT count(*) FROM profiles p JOIN cities c ON c.name = p.city
      WHERE p.latitude IS NULL OR abs(p.latitude - c.latitude) > 0.06 OR abs(p.longitude - c.longitude) > 0.09`);
    expect(far).toBe(0);
    expect(
      await scalar(
        "SELECT count(*) FROM profiles WHERE user_type <> 'admin' AND phone NOT GLOB '0[67] [0-9][0-9] [0-9][0-9] [0-9][0-9] [0-9][0-9]'",
      ),
    ).toBe(0);
  });

  it("has about 100 parents, each with 1-3 children aged 0-12", async () => {
    expect(await scalar("SELECT count(*) FROM profiles WHERE user_type = 'parent'")).toBeGreaterThanOrEqual(100);
    const [kids] = await rows(
      "SELECT min(n), max(n) FROM (SELECT count(c.id) AS n FROM profiles p LEFT JOIN children c ON c.parent_id = p.id WHERE p.user_type = 'parent' GROUP BY p.id)",
    );
    expect(Number(kids[0])).toBeGreaterThanOrEqual(1);
    expect(Number(kids[1])).toBeLessThanOrEqual(3);
    expect(await scalar("SELECT max(age) FROM children")).toBeLessThanOrEqual(12);
  });

  it("has bookings in every status, completed ones only in the past", async () => {
    const past = (await rows(`SELECT DISTINCT status FROM bookings WHERE end_time < ${NOW}`)).map((r) => r[0]);
    const future = (await rows(`SELECT DISTINCT status FROM bookings WHERE start_time > ${NOW}`)).map((r) => r[0]);
    expect(new Set(past)).toEqual(new Set(BOOKING_STATUSES));
    expect(new Set(future)).toEqual(new Set(["pending", "confirmed", "cancelled"]));
    expect(await scalar(`SELECT count(*) FROM bookings WHERE status = 'completed' AND end_time > ${NOW}`)).toBe(0);
  });

  it("prices every booking at hours x rate and never double-books a sitter", async () => {
    expect(
      await scalar(
        "SELECT count(*) FROM bookings WHERE total_amount_cents <> round(hourly_rate_cents * (julianday(end_time) - julianday(start_time)) * 24)",
      ),
    ).toBe(0);
    const overlaps = await scalar(`
      SELECT count(*) FROM bookings a JOIN bookings b ON a.babysitter_id = b.babysitter_id AND a.id < b.id
      WHERE a.status <> 'cancelled' AND b.status <> 'cancelled' AND a.start_time < b.end_time AND b.start_time < a.end_time`);
    expect(overlaps).toBe(0);
    expect(
      await scalar(
        "SELECT count(*) FROM bookings b WHERE NOT EXISTS (SELECT 1 FROM booking_children bc WHERE bc.booking_id = b.id)",
      ),
    ).toBe(0);
  });

  it("has conversations between booked pairs only, some unread, ids in time order", async () => {
    expect(await scalar("SELECT count(*) FROM messages")).toBeGreaterThan(500);
    expect(await scalar("SELECT count(*) FROM messages WHERE read = 0")).toBeGreaterThan(0);
    const strangers = await scalar(`
      SELECT count(*) FROM messages m WHERE NOT EXISTS (SELECT 1 FROM bookings b WHERE
        (b.parent_id = m.sender_id AND b.babysitter_id = m.recipient_id) OR (b.parent_id = m.recipient_id AND b.babysitter_id = m.sender_id))`);
    expect(strangers).toBe(0);
    expect(
      await scalar("SELECT count(*) FROM messages a JOIN messages b ON a.id < b.id AND a.created_at > b.created_at"),
    ).toBe(0);
    expect(await scalar(`SELECT count(*) FROM messages WHERE created_at > ${NOW}`)).toBe(0);
  });

  it("reviews only completed bookings, from one of their two parties", async () => {
    expect(await scalar("SELECT count(*) FROM reviews")).toBeGreaterThan(100);
    const bad = await scalar(`
      SELECT count(*) FROM reviews r JOIN bookings b ON b.id = r.booking_id WHERE b.status <> 'completed'
        OR NOT ((r.reviewer_id = b.parent_id AND r.reviewed_id = b.babysitter_id) OR (r.reviewer_id = b.babysitter_id AND r.reviewed_id = b.parent_id))
        OR r.created_at < b.end_time`);
    expect(bad).toBe(0);
    expect(
      await scalar(
        "SELECT count(*) FROM reviews r JOIN profiles p ON p.id = r.reviewer_id WHERE p.user_type = 'babysitter'",
      ),
    ).toBeGreaterThan(0);
  });

  it("keeps profiles.rating and total_reviews consistent with the stored reviews", async () => {
    const inconsistent = await scalar(`
      SELECT count(*) FROM profiles p LEFT JOIN (SELECT reviewed_id, avg(rating) AS avg, count(*) AS n FROM reviews GROUP BY reviewed_id) r
        ON r.reviewed_id = p.id
      WHERE p.total_reviews <> coalesce(r.n, 0) OR abs(p.rating - coalesce(r.avg, 0)) > 0.005`);
    expect(inconsistent).toBe(0);
    expect(
      await scalar("SELECT count(*) FROM profiles WHERE user_type = 'babysitter' AND total_reviews > 0"),
    ).toBeGreaterThan(150);
  });

  it("has subscriptions in every interesting state, invoices and the AI defaults", async () => {
    const statuses = (await rows("SELECT DISTINCT status FROM subscriptions")).map((r) => r[0]);
    for (const s of ["trialing", "active", "canceled", "past_due"]) expect(statuses).toContain(s);
    expect(
      await scalar(
        "SELECT count(*) FROM subscriptions WHERE status = 'trialing' AND (plan <> 'discovery' OR bookings_included <> 5)",
      ),
    ).toBe(0);
    expect(await scalar("SELECT count(*) FROM invoices")).toBeGreaterThan(100);
    expect(
      await scalar("SELECT count(*) FROM invoices WHERE status = 'paid' AND amount_paid_cents NOT IN (1900, 3900)"),
    ).toBe(0);
    expect(await scalar("SELECT count(*) FROM ai_config")).toBe(4);
    for (const table of [
      "notifications",
      "flagged_content",
      "audit_events",
      "favourites",
      "identity_documents",
      "cities",
    ]) {
      expect(await scalar(`SELECT count(*) FROM ${table}`), table).toBeGreaterThan(0);
    }
  });

  it("has the admin and demo accounts, whose stored hash verifies DEMO_PASSWORD", async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const [row] = await rows(`
        SELECT p.user_type, a.password, a.provider_id, a.account_id = u.id AS linked, u.email_verified
        FROM user u JOIN account a ON a.user_id = u.id JOIN profiles p ON p.user_id = u.id WHERE u.email = '${account.email}'`);
      expect(row, account.email).toBeDefined();
      expect(row.user_type).toBe(account.userType);
      expect(row.provider_id).toBe("credential");
      expect(row.linked).toBe(1);
      expect(row.email_verified).toBe(1);
      expect(await verifyPassword({ hash: String(row.password), password: DEMO_PASSWORD })).toBe(true);
    }
    expect(await scalar("SELECT count(*) FROM user u LEFT JOIN account a ON a.user_id = u.id WHERE a.id IS NULL")).toBe(
      0,
    );
    expect(
      await scalar("SELECT count(*) FROM user u LEFT JOIN profiles p ON p.user_id = u.id WHERE p.id IS NULL"),
    ).toBe(0);
  });

  it("gives the demo parent children, bookings in every status with the demo sitter among others, and messages", async () => {
    const parent = `(SELECT id FROM profiles WHERE email = '${DEMO_ACCOUNTS.parent.email}')`;
    const sitter = `(SELECT id FROM profiles WHERE email = '${DEMO_ACCOUNTS.babysitter.email}')`;
    expect(await scalar(`SELECT count(*) FROM children WHERE parent_id = ${parent}`)).toBeGreaterThanOrEqual(1);
    const withSitter = (
      await rows(`SELECT DISTINCT status FROM bookings WHERE parent_id = ${parent} AND babysitter_id = ${sitter}`)
    ).map((r) => r[0]);
    expect(new Set(withSitter)).toEqual(new Set(BOOKING_STATUSES));
    expect(
      await scalar(`SELECT count(DISTINCT babysitter_id) FROM bookings WHERE parent_id = ${parent}`),
    ).toBeGreaterThan(1);
    expect(await scalar(`SELECT count(*) FROM messages WHERE recipient_id = ${parent} AND read = 0`)).toBeGreaterThan(
      0,
    );
    expect(
      await scalar(`SELECT count(*) FROM bookings WHERE babysitter_id = ${sitter} AND parent_id <> ${parent}`),
    ).toBeGreaterThan(0);
    expect(await scalar(`SELECT total_reviews FROM profiles WHERE id = ${sitter}`)).toBeGreaterThan(0);
    expect(
      await scalar(
        `SELECT count(*) FROM communication_preferences c JOIN user u ON u.id = c.user_id WHERE u.email LIKE '%@veilleuse.fr'`,
      ),
    ).toBe(3);
  });

  it("dates the sitter's answer (responded_at) of confirmed and completed bookings, between request and start", async () => {
    expect(
      await scalar(
        "SELECT count(*) FROM bookings WHERE status IN ('confirmed', 'completed') AND (responded_at IS NULL OR responded_at < created_at OR responded_at > start_time)",
      ),
    ).toBe(0);
    expect(await scalar("SELECT count(*) FROM bookings WHERE status = 'pending' AND responded_at IS NOT NULL")).toBe(0);
  });

  it("gives the demo pair a request to answer, a confirmed sitting ahead and a past one to mark completed", async () => {
    const pair = `parent_id = (SELECT id FROM profiles WHERE email = '${DEMO_ACCOUNTS.parent.email}')
      AND babysitter_id = (SELECT id FROM profiles WHERE email = '${DEMO_ACCOUNTS.babysitter.email}')`;
    expect(
      await scalar(`SELECT count(*) FROM bookings WHERE ${pair} AND status = 'pending' AND start_time > ${NOW}`),
    ).toBeGreaterThan(0);
    expect(
      await scalar(`SELECT count(*) FROM bookings WHERE ${pair} AND status = 'confirmed' AND start_time > ${NOW}`),
    ).toBeGreaterThan(0);
    expect(
      await scalar(`SELECT count(*) FROM bookings WHERE ${pair} AND status = 'confirmed' AND end_time < ${NOW}`),
    ).toBeGreaterThan(0);
  });

  it("does not seed twice (isDatabaseEmpty), through the function and the CLI", async () => {
    const before = await scalar("SELECT count(*) FROM profiles");
    expect(await runSeed({ url: temp.url })).toEqual({ seeded: false });
    const { stdout } = await promisify(execFile)("node_modules/.bin/tsx", ["scripts/seed.ts", "--url", temp.url], {
      cwd: process.cwd(),
    });
    expect(stdout).toContain("nothing seeded");
    expect(await scalar("SELECT count(*) FROM profiles")).toBe(before);
  }, 60_000);

  it("is deterministic for a given seed and date", () => {
    const opts = { seed: 7, nowMs: Date.UTC(2026, 5, 15, 10), passwordHash: "hash" };
    const a = buildDemoWorld(opts).rows;
    const b = buildDemoWorld(opts).rows;
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(buildDemoWorld({ ...opts, seed: 8 }).rows.profiles)).not.toBe(JSON.stringify(a.profiles));
  });
});
