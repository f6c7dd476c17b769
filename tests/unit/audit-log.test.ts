// The audit log on a real migrated libSQL file: append-only (triggers of migration 0023 refuse every
// delete and every change but the anonymisation of personal fields), and the claim-then-record
// pattern (auditInsertWhenChanged) writes an entry only when the claim just before it changed a row;
// a search's stat cards count its matches, read once when its first page holds them all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditEvents } from "../../db/schema/audit-events";
import { user } from "../../db/schema/auth";
import { listAuditEvents } from "../../edge/services/admin/audit-log";
import { auditInsertWhenChanged, recordAudit } from "../../edge/services/audit/audit";
import { csvCell, csvLine } from "../../edge/lib/csv";
import { isDatabaseRefusal } from "../../edge/lib/db-errors";
import { createTempDb, type TempDb } from "./helpers/temp-db";

const DAY_MS = 86_400_000;
let temp: TempDb;
let db: Db;
const actor = { userId: "u1", name: "Claire Admin" };
const origin = { ipAddress: "203.0.113.7", userAgent: "Firefox" };
/** True when the database refused the statement with the audit triggers' error. */
const refused = (work: Promise<unknown>) =>
  work.then(
    () => false,
    (error: unknown) => isDatabaseRefusal(error, /audit_append_only/),
  );
const count = async () => Number((await temp.client.execute("SELECT count(*) AS n FROM audit_events")).rows[0].n);

beforeAll(async () => {
  temp = await createTempDb("audit-log");
  db = temp.db;
  const now = Date.now();
  await temp.client.execute({
    sql: "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES ('u1', 'Claire', 'c@test.fr', 1, ?, ?)",
    args: [now, now],
  });
  await recordAudit(db, actor, origin, { action: "auth.sign_in", resource: "session:s1" });
});
afterAll(() => temp.cleanup());

describe("an audit entry", () => {
  it("takes the action's default severity, the actor and the origin", async () => {
    const [row] = await db.select().from(auditEvents);
    expect(row).toMatchObject({ action: "auth.sign_in", severity: "low", status: "success", userName: "Claire Admin" });
    expect(row.ipAddress).toBe("203.0.113.7");
  });

  it("can be neither deleted nor rewritten", async () => {
    expect(await refused(db.delete(auditEvents))).toBe(true);
    expect(await refused(db.update(auditEvents).set({ details: "rewritten" }))).toBe(true);
    expect(await refused(db.update(auditEvents).set({ severity: "critical" }))).toBe(true);
    expect(await refused(db.update(auditEvents).set({ userName: "Someone else" }))).toBe(true);
    expect(await count()).toBe(1);
  });

  it("loses its personal fields when the account is anonymised, and nothing else", async () => {
    await db
      .update(auditEvents)
      .set({ userName: null, ipAddress: null, userAgent: null })
      .where(eq(auditEvents.userId, "u1"));
    const [row] = await db.select().from(auditEvents);
    expect(row).toMatchObject({ userName: null, ipAddress: null, userAgent: null, action: "auth.sign_in" });
  });
});

describe("an entry recorded with its claim", () => {
  it("lands when the claim changed a row, and not when it changed none", async () => {
    const claim = () =>
      db
        .update(user)
        .set({ suspendedAt: new Date(), suspensionReason: "x" })
        .where(sql`${user.id} = 'u1' AND ${user.suspendedAt} IS NULL`);
    const entry = { action: "admin.user.suspend" as const, resource: "user:u1", details: "x" };
    await db.batch([claim(), auditInsertWhenChanged(db, actor, origin, entry)]);
    expect(await count()).toBe(2);
    await db.batch([claim(), auditInsertWhenChanged(db, actor, origin, entry)]);
    expect(await count()).toBe(2);
    const [row] = await db.select().from(auditEvents).where(eq(auditEvents.action, "admin.user.suspend"));
    expect(row).toMatchObject({ severity: "high", details: "x", resource: "user:u1" });
  });
});

describe("a CSV cell", () => {
  it("is quoted when it holds the separator, a quote or a line break", () => {
    expect(csvCell("Dupont; fils", ";")).toBe('"Dupont; fils"');
    expect(csvCell('dit "Lou"', ",")).toBe('"dit ""Lou"""');
    expect(csvCell("a\nb", ";")).toBe('"a\nb"');
    expect(csvCell(null, ";")).toBe("");
    expect(csvLine(["a", 1, true], ";")).toBe("a;1;true\r\n");
  });

  it("never becomes a spreadsheet formula", () => {
    expect(csvCell("=1+1", ";")).toBe("'=1+1");
    expect(csvCell('=HYPERLINK("http://x")', ";")).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+33612345678", ";")).toBe("'+33612345678");
    expect(csvCell("@SUM(A1)", ";")).toBe("'@SUM(A1)");
    expect(csvCell(-5, ";")).toBe("-5");
  });
});

describe("a search's stat cards", () => {
  it("count the period's matching entries, whether the first page holds them all or not", async () => {
    // 'needle' in 7 entries (a first page holds them all), 'hay' in 56 (more than a page).
    for (let i = 0; i < 63; i++) {
      await temp.client.execute({
        sql: `INSERT INTO audit_events (id, action, resource, details, status, severity, created_at)
          VALUES (?, 'admin.user.suspend', 'user:x', ?, ?, ?, ?)`,
        args: [
          `search-${i}`,
          i < 7 ? "a needle" : "some hay",
          ["success", "failure", "warning"][i % 3],
          ["low", "medium", "high", "critical"][i % 4],
          new Date(Date.now() - i * 60_000).toISOString(),
        ],
      });
    }
    const counted = async (q: string) => {
      const { rows } = await temp.client.execute({
        sql: `SELECT count(*) AS total, sum(status = 'failure') AS failures, sum(status = 'warning') AS warnings,
            sum(severity IN ('high', 'critical')) AS serious
          FROM audit_events WHERE created_at >= ? AND details LIKE ?`,
        args: [new Date(Date.now() - DAY_MS).toISOString(), `%${q}%`],
      });
      return Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, Number(value)]));
    };
    for (const [q, page] of [
      ["needle", 1],
      ["needle", 2],
      ["hay", 1],
      ["hay", 2],
    ] as const) {
      const result = await listAuditEvents(db, { period: "1d", q, dir: "desc", page });
      expect(result.stats, `${q} page ${page}`).toEqual(await counted(q));
      expect(result.total).toBe(result.stats.total);
    }
    expect((await listAuditEvents(db, { period: "1d", q: "needle", dir: "desc", page: 1 })).rows).toHaveLength(7);
  });
});
