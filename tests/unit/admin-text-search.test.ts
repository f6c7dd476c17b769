// The console's typed searches through the trigram indexes of migration 0036 (profiles_text for Users,
// audit_text for Audit), on a real migrated libSQL file. The rule both searches keep: a row matches
// when one of its searched columns contains the typed text, case aside. The test computes that rule in
// JavaScript over the rows themselves and compares the console's answer with it, after every kind of
// write the triggers follow (insert, each searched column changed, delete, an account anonymised), for
// texts the index answers, texts too short for it (LIKE), and texts with quotes, % and _.
import type { InValue } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_PAGE_SIZE, auditQuerySchema } from "../../db/validators/admin-audit";
import { usersQuerySchema } from "../../db/validators/admin-users";
import { anonymizeDeletedAccounts } from "../../edge/services/account/account";
import { FEW_ENTRIES, listAuditEvents } from "../../edge/services/admin/audit-log";
import { FEW_MATCHES, listUsers } from "../../edge/services/admin/users";
import { listSubscriptions } from "../../edge/services/admin/subscriptions";
import { subscriptionsQuerySchema } from "../../db/validators/admin-subscriptions";
import { createTempDb, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
const run = (sql: string, args: InValue[] = []) => temp.client.execute({ sql, args });

beforeAll(async () => {
  temp = await createTempDb("admin-text-search");
});
afterAll(() => temp.cleanup());

/** The rule: `text` contains `q`, case aside (JavaScript folds case in every script, as the index). */
const contains = (text: unknown, q: string) => typeof text === "string" && text.toLowerCase().includes(q.toLowerCase());

describe("the Users search (profiles_text)", () => {
  const PEOPLE = [
    ["p1", "Élodie", "Marchand", "elodie.m@exemple.fr", "Lyon", "+33612345678"],
    ["p2", "Marc", 'O"Brien', "marc@exemple.fr", "Saint-Étienne", "0698765432"],
    ["p3", "Anna", "Girard", "anna_100%@exemple.fr", "Marseille", null],
    ["p4", "Léa", "Dupont", "lea.dupont@exemple.fr", null, "+33700000001"],
    ["p5", "Zoé", "Martin", "zoe@exemple.fr", "Lyon", "+33699999999"],
  ] as const;

  /** The rule over the profiles as they stand, with the phone's digits (0 or +33 in front). */
  async function expected(q: string) {
    const { rows } = await run("SELECT id, first_name, last_name, email, city, phone FROM profiles");
    const digits = q.replace(/\D/g, "");
    const phones = digits.length < 4 ? [] : digits.startsWith("0") ? [digits, `+33${digits.slice(1)}`] : [digits];
    return rows
      .filter(
        (row) =>
          [`${row.first_name} ${row.last_name}`, row.email, row.city].some((text) => contains(text, q)) ||
          phones.some((phone) => contains(row.phone, phone)),
      )
      .map((row) => String(row.id))
      .sort();
  }

  async function found(q: string) {
    const page = await listUsers(temp.db, usersQuerySchema.parse({ q, page_size: 100 }));
    expect(page.total).toBe(page.rows.length);
    return page.rows.map((row) => row.id).sort();
  }

  const QUERIES = [
    "élodie",
    "ÉLODIE",
    "marc",
    "lyon",
    'o"bri',
    "100%",
    "a_1",
    "exemple.fr",
    "06 98 76",
    "0612",
    "zz",
    "lé",
    "saint-é",
  ];

  async function expectRule() {
    for (const q of QUERIES) expect({ q, ids: await found(q) }).toEqual({ q, ids: await expected(q) });
  }

  beforeAll(async () => {
    for (const [id, first, last, email, city, phone] of PEOPLE) {
      await run(
        "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, 0, 0)",
        [id, first, email],
      );
      await run(
        "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, city, phone) VALUES (?, ?, 'parent', ?, ?, ?, ?, ?)",
        [id, id, first, last, email, city, phone],
      );
    }
  });

  it("finds what the rule finds, accents and case, quotes, % and _ taken literally", async () => {
    expect(await found("élodie")).toEqual(["p1"]);
    expect(await found("Marchand Lyon")).toEqual([]); // one column at a time
    expect(await found("06 98 76")).toEqual(["p2"]); // the phone's digits
    expect(await found("0612")).toEqual(["p1"]); // 0 for +33
    await expectRule();
  });

  it("follows each searched column as it changes, and a profile that goes", async () => {
    await run("UPDATE profiles SET first_name = 'Elise' WHERE id = 'p1'");
    await run("UPDATE profiles SET last_name = 'Marcelin' WHERE id = 'p3'");
    await run("UPDATE profiles SET email = 'lyonnaise@exemple.fr', city = 'Marseille' WHERE id = 'p4'");
    await run("UPDATE profiles SET phone = '0612000000' WHERE id = 'p5'");
    await run("UPDATE profiles SET bio = 'lyon marc' WHERE id = 'p2'"); // not a searched column
    await run("DELETE FROM user WHERE id = 'p2'"); // the profile goes with its account
    expect(await found("élodie")).toEqual([]);
    expect(await found("0612")).toEqual(["p1", "p5"]);
    await expectRule();
  });

  it("finds the same people in the Subscriptions list", async () => {
    await run(`INSERT INTO subscriptions (id, profile_id, plan, status, current_period_start, current_period_end, amount_cents)
      SELECT 'sub-' || id, id, 'standard', 'active', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', 1900
      FROM profiles WHERE id LIKE 'p_'`);
    for (const q of ["élodie", "ÉLODIE", "lyon", 'o"bri', "zz", "lé"]) {
      const page = await listSubscriptions(temp.db, subscriptionsQuerySchema.parse({ q, page_size: 100 }));
      const { rows } = await run("SELECT id, first_name, last_name, email, city FROM profiles WHERE id LIKE 'p_'");
      const people = rows
        .filter((row) => [`${row.first_name} ${row.last_name}`, row.email, row.city].some((text) => contains(text, q)))
        .map((row) => `sub-${row.id}`)
        .sort();
      expect({ q, ids: page.rows.map((row) => row.id).sort() }).toEqual({ q, ids: people });
    }
  });

  it("counts a broad search exactly past the few-matches read", async () => {
    const many = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${FEW_MATCHES + 5})`;
    await run(`${many} INSERT INTO user (id, name, email, email_verified, created_at, updated_at)
      SELECT 'many' || i, 'N', 'many' || i || '@exemple.fr', 1, 0, 0 FROM n`);
    await run(`${many} INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, city)
      SELECT 'many' || i, 'many' || i, 'parent', 'Nombreux', 'N' || i, 'many' || i || '@exemple.fr', 'Nantes' FROM n`);
    const page = await listUsers(temp.db, usersQuerySchema.parse({ q: "nombreux", page_size: 10 }));
    expect(page.total).toBe(FEW_MATCHES + 5);
    expect(page.rows.every((row) => row.first_name === "Nombreux")).toBe(true);
    expect(await found("Marcelin")).toEqual(["p3"]);
  });
});

describe("the Audit search (audit_text, audit_days)", () => {
  const DAY = 86_400_000;
  type Filters = { status?: string; severity?: string };
  /** Each text is searched alone and with a status and a severity filter. */
  const FILTERS: Filters[] = [{}, { status: "failure" }, { severity: "high" }];

  /** The rule over the log's entries of the last 90 days, newest first, with the stat cards. */
  async function expected(q: string, filters: Filters) {
    const since = new Date(Date.now() - 90 * DAY).toISOString();
    const { rows } = await run(
      "SELECT id, action, resource, details, user_name, ip_address, status, severity FROM audit_events WHERE created_at >= ? ORDER BY created_at DESC, id DESC",
      [since],
    );
    const matches = rows.filter(
      (row) =>
        [row.action, row.resource, row.details, row.user_name, row.ip_address].some((text) => contains(text, q)) &&
        (!filters.status || row.status === filters.status) &&
        (!filters.severity || row.severity === filters.severity),
    );
    return {
      ids: matches.slice(0, AUDIT_PAGE_SIZE).map((row) => row.id),
      total: matches.length,
      failures: matches.filter((row) => row.status === "failure").length,
      warnings: matches.filter((row) => row.status === "warning").length,
      serious: matches.filter((row) => row.severity === "high" || row.severity === "critical").length,
    };
  }

  async function found(q: string, filters: Filters = {}) {
    const page = await listAuditEvents(temp.db, auditQuerySchema.parse({ q, period: "90d", ...filters }));
    return {
      ids: page.rows.map((row) => row.id),
      total: page.total,
      failures: page.stats.failures,
      warnings: page.stats.warnings,
      serious: page.stats.serious,
    };
  }

  // Rare texts (the index), texts in every sign-in's action with a few entries holding them elsewhere
  // (audit_days), a text in every bulk entry's resource and short texts (LIKE), quotes, % and _.
  const QUERIES = [
    "Salomé",
    "SALOMÉ",
    "198.51.100.7",
    "refund",
    "sign_in",
    "sign",
    "SIGN",
    "auth.",
    "session",
    "user:p",
    "ba",
    "50%",
    "x_y",
    "remboursé",
  ];

  async function expectRule() {
    for (const q of QUERIES)
      for (const filters of FILTERS)
        expect({ q, filters, ...(await found(q, filters)) }).toEqual({ q, filters, ...(await expected(q, filters)) });
  }

  beforeAll(async () => {
    await run(
      "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES ('au', 'Salomé', 's@x.fr', 1, 0, 0)",
    );
    const now = Date.now();
    const entries: [string, string, string, string | null, string | null, string | null, string, string, number][] = [
      ["e1", "auth.sign_in", "session:1", null, "Salomé Bernard", "198.51.100.7", "success", "low", 1],
      [
        "e2",
        "subscription.refund",
        "subscription:s1",
        "Remboursé: 50% du mois",
        "Admin Un",
        "203.0.113.1",
        "success",
        "high",
        2,
      ],
      ["e3", "admin.user.suspend", "user:p9", "Fraude x_y", "Admin Un", "203.0.113.1", "warning", "critical", 3],
      ["e4", "auth.sign_in", "session:2", null, "Salomé Bernard", "198.51.100.7", "failure", "medium", 120], // outside 90 days
      ["e5", "payment.failed", "invoice:i1", "Carte refusée", null, null, "failure", "medium", 4],
      // "sign" outside the action: in details, in a name, with a status and severity of their own.
      ["e6", "document.upload", "document:d1", "Signature vérifiée", "Admin Un", null, "failure", "high", 5],
      ["e7", "admin.user.role", "user:p8", null, "Assignée Martin", null, "warning", "high", 6],
      // A minute inside and a minute outside the period's start: the first, partial day.
      ["e8", "auth.sign_in", "session:3", "Signal", null, null, "failure", "high", 90 - 1 / 1440],
      ["e9", "auth.sign_in", "session:4", null, null, null, "failure", "high", 90 + 1 / 1440],
      ["e10", "payment.failed", "invoice:i2", null, null, null, "failure", "high", 90 - 2 / 1440],
      // "refund" in a rare action's name (e2) and in another entry's details.
      ["e12", "admin.note", "user:p7", "Refund requested", "Admin Deux", null, "success", "low", 3],
      // "sign" in the action and in the details: one entry, counted once.
      ["e11", "auth.sign_in", "session:5", "Signature", null, null, "failure", "high", 7],
    ];
    for (const [id, action, resource, details, name, ip, status, severity, daysAgo] of entries)
      await run(
        `INSERT INTO audit_events (id, user_id, user_name, action, resource, details, ip_address, status, severity, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          name?.startsWith("Salomé") ? "au" : null,
          name,
          action,
          resource,
          details,
          ip,
          status,
          severity,
          new Date(now - daysAgo * DAY).toISOString(),
        ],
      );
    // A text every sign-in holds, in more entries than the index is asked for.
    await run(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${FEW_ENTRIES + 30})
      INSERT INTO audit_events (id, action, resource, status, severity, created_at)
      SELECT 'bulk' || i, 'auth.sign_in', 'session:bulk', CASE WHEN i % 7 = 0 THEN 'failure' ELSE 'success' END,
        CASE WHEN i % 11 = 0 THEN 'high' ELSE 'low' END, strftime('%Y-%m-%dT%H:%M:%fZ', ${now} / 1000.0 - i * 1000, 'unixepoch') FROM n`,
    );
  });

  it("finds what the rule finds, from the index, from audit_days and with LIKE, with the stat cards", async () => {
    expect((await found("198.51.100.7")).total).toBe(1); // the same address 120 days ago is out of the period
    expect((await found("sign_in")).total).toBeGreaterThan(FEW_ENTRIES);
    await expectRule();
  });

  it("forgets the name and address of an anonymised account", async () => {
    await run("UPDATE user SET deleted_at = ? WHERE id = 'au'", [Date.now() - 400 * DAY]);
    expect(await anonymizeDeletedAccounts(temp.db)).toBe(1);
    expect((await found("Salomé")).total).toBe(0);
    expect((await found("198.51.100.7")).total).toBe(0);
    await expectRule();
  });
});
