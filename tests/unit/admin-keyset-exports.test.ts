// The console's CSV exports read by keyset pages (each page starts after the previous page's last
// row), on a real migrated libSQL file with rows that tie on every sort key: with pages of a few rows
// every boundary falls inside a run of equal keys, and the file must still hold each filtered row
// exactly once, in the list's order (the users' and the subscriptions' files); and each file's text
// is the filtered list's rows written cell by cell (quoting, empty cells, translated words). And the
// Users list's typed search, answered from the matches' ids when they are few and by walking the
// order when they are many: both give the same rows and total as the plain filtered order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import type { AdminSubscriptionRow } from "../../db/validators/admin-subscriptions";
import type { AdminUserRow } from "../../db/validators/admin-users";
import { SUBSCRIPTION_SORTS, type SubscriptionFilters } from "../../db/validators/admin-subscriptions";
import { USER_SORTS, type UserFilters, type UsersQuery } from "../../db/validators/admin-users";
import { csvLine } from "../../edge/lib/csv";
import { translate } from "../../edge/lib/i18n";
import { NO_ORIGIN } from "../../edge/services/audit/audit";
import { exportSubscriptionsCsv, listSubscriptions } from "../../edge/services/admin/subscriptions";
import { FEW_MATCHES, listUsers, type AdminContext } from "../../edge/services/admin/users";
import { exportUsersCsv } from "../../edge/services/admin/users-export";
import { createTempDb, type TempDb } from "./helpers/temp-db";
import { type AuditEventDto, type AuditFilters, auditQuerySchema } from "../../db/validators/admin-audit";
import { exportAuditCsv, listAuditEvents } from "../../edge/services/admin/audit-log";

let temp: TempDb;
let db: Db;
/** The exports are audited under one of the admins of the world below. */
const admin: AdminContext = { actor: { userId: "tie-2", name: "Test Admin" }, origin: NO_ORIGIN };

/** 40 people, each key shared by many: 4 instants, 3 names, 2 cities and no city, 3 roles. */
async function seedTies() {
  await temp.client.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
    INSERT INTO user (id, name, email, email_verified, created_at, updated_at)
    SELECT 'tie-' || i, 'T', 'tie-' || i || '@test.fr', 1, 0, 0 FROM n`);
  await temp.client.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
    INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, city, created_at)
    SELECT 'tie-' || i, 'tie-' || i, CASE i % 3 WHEN 0 THEN 'parent' WHEN 1 THEN 'babysitter' ELSE 'admin' END,
      CASE WHEN i % 2 = 0 THEN 'Anne' ELSE 'Zoé' END, CASE WHEN i % 3 = 0 THEN 'Martin' ELSE 'Durand' END,
      CASE WHEN i % 5 = 0 THEN 'tie-same@test.fr' ELSE 'tie-' || i || '@test.fr' END,
      CASE i % 3 WHEN 0 THEN NULL WHEN 1 THEN 'Lyon' ELSE 'Paris' END,
      '2026-01-0' || (1 + i % 4) || 'T10:00:00.000Z' FROM n`);
}

/** Every row of the filtered list, page after page of 100, as the screen shows them. */
async function listed(filters: UserFilters): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await listUsers(db, { ...filters, page, page_size: 100 } as UsersQuery);
    ids.push(...answer.rows.map((row) => row.id));
    if (answer.rows.length < 100) return ids;
  }
}

/** More lines than the world holds: a file that repeats rows is cut there instead of running on. */
const MAX_LINES = 2000;

/** The ids of the exported file's rows (the first column), its BOM and header left out. */
async function exported(filters: UserFilters, pageRows: number): Promise<string[]> {
  return idsOf(await exportUsersCsv(db, admin, { ...filters, separator: "semicolon" }, "fr", pageRows));
}

async function idsOf(file: { stream: ReadableStream<Uint8Array> }): Promise<string[]> {
  const reader = file.stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
    if (text.split("\r\n").length > MAX_LINES) {
      await reader.cancel();
      break;
    }
  }
  return text
    .trimEnd()
    .split("\r\n")
    .slice(1)
    .map((line) => line.split(";")[0]);
}

beforeAll(async () => {
  temp = await createTempDb("admin-keyset-exports");
  db = temp.db;
  await seedTies();
});
afterAll(() => temp.cleanup());

describe("the users' CSV read by keyset pages", () => {
  it("holds every filtered row once, in the list's order, for every sort and direction, with page boundaries among ties", async () => {
    for (const sort of USER_SORTS)
      for (const dir of ["asc", "desc"] as const)
        for (const [role, q] of [
          [undefined, "tie-"],
          ["babysitter", "tie-"],
          [undefined, undefined],
        ] as const) {
          const filters: UserFilters = { sort, dir, role, q };
          const expected = await listed(filters);
          if (q) expect(expected.length, `${sort} ${dir} ${role}`).toBe(role ? 14 : 40);
          for (const pageRows of [1, 3, 7])
            expect(await exported(filters, pageRows), `${sort} ${dir} ${role} by ${pageRows}`).toEqual(expected);
        }
  });

  it("ends on a full last page without an empty page of its own and without losing a row", async () => {
    const filters: UserFilters = { sort: "city", dir: "desc", q: "tie-" };
    expect(await exported(filters, 8)).toEqual(await listed(filters));
    expect(await exported(filters, 40)).toEqual(await listed(filters));
  });
});

/** The whole file as text (BOM, header and every line). */
async function textOf(file: { stream: ReadableStream<Uint8Array> }): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(file.stream).arrayBuffer());
}

/** The file the list's rows make, column by column as the export's header names them. */
const fileOf = (header: string[], rows: (string | null)[][]) =>
  "\uFEFF" + [header, ...rows].map((cells) => csvLine(cells, ";")).join("");

const AUDIT_HEADER = ["date", "user", "action", "resource", "details", "ip", "userAgent", "status", "severity"];

/** An entry's line as the file must write it, from the list's row. */
const auditCells = (row: AuditEventDto) => [
  row.created_at,
  row.user_name,
  row.action,
  row.resource,
  row.details,
  row.ip_address,
  row.user_agent,
  translate("fr", `admin.audit.statuses.${row.status}`),
  translate("fr", `admin.audit.severities.${row.severity}`),
];

/** A user's line as the file must write it, from the list's row. */
const userCells = (row: AdminUserRow) => [
  row.id,
  row.first_name,
  row.last_name,
  row.email,
  row.phone,
  row.city,
  translate("fr", `admin.users.roles.${row.role}`),
  translate("fr", `admin.users.statuses.${row.status}`),
  translate("fr", row.verified ? "admin.users.yes" : "admin.users.no"),
  row.plan ? translate("fr", `admin.users.plans.${row.plan}`) : "",
  row.created_at,
];
const USER_HEADER = [
  "id",
  "firstName",
  "lastName",
  "email",
  "phone",
  "city",
  "role",
  "status",
  "verified",
  "plan",
  "createdAt",
];

describe("the users' CSV contents", () => {
  it("writes each filtered row's values as the list shows them: names to be quoted, no phone or city, plans, badges, every status", async () => {
    // 12 people: every role, a plan for sitters (one without a babysitter profile), a badge for some,
    // a suspended and a deleted account, a name holding the separator, a quote and a formula.
    await temp.client.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12)
      INSERT INTO user (id, name, email, email_verified, created_at, updated_at, suspended_at, deleted_at)
      SELECT 'mix-' || i, 'M', 'mix-' || i || '@test.fr', i % 2, 0, 0,
        CASE WHEN i = 4 THEN 1700000000 END, CASE WHEN i = 5 THEN 1700000000 END FROM n`);
    await temp.client.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12)
      INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, phone, city, is_verified, created_at)
      SELECT 'mix-' || i, 'mix-' || i, CASE i % 3 WHEN 0 THEN 'parent' WHEN 1 THEN 'babysitter' ELSE 'admin' END,
        CASE i WHEN 1 THEN 'Anne; Marie' WHEN 2 THEN 'Zoé "Zo"' WHEN 3 THEN '=1+1' ELSE 'Léa' END, 'Dupré',
        'mix-' || i || '@test.fr', CASE WHEN i % 2 = 0 THEN '+33612345678' END, CASE WHEN i % 4 <> 0 THEN 'Saint-Étienne' END,
        i % 2, '2026-02-' || printf('%02d', i) || 'T08:00:00.000Z' FROM n`);
    await temp.client.execute(`INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents, subscription_plan)
      SELECT id, 1500, CASE WHEN rowid % 2 = 0 THEN 'premium' ELSE 'standard' END
      FROM profiles WHERE id LIKE 'mix-%' AND user_type = 'babysitter' AND id <> 'mix-10'`);
    const header = USER_HEADER.map((column) => translate("fr", `admin.users.csv.${column}`));
    for (const filters of [
      { sort: "created", dir: "desc", q: "mix-" },
      { sort: "name", dir: "asc", q: "mix-", role: "babysitter" },
      { sort: "city", dir: "asc", q: "mix-" },
    ] satisfies UserFilters[]) {
      const listed = await listUsers(db, { ...filters, page: 1, page_size: 100 });
      if (!filters.role) expect(listed.rows.length).toBe(12);
      const file = await exportUsersCsv(db, admin, { ...filters, separator: "semicolon" }, "fr", 5);
      expect(await textOf(file), JSON.stringify(filters)).toBe(fileOf(header, listed.rows.map(userCells)));
    }
  });
});

/** A subscription's line as the file must write it, from the list's row. */
const subscriptionCells = (row: AdminSubscriptionRow) => [
  row.id,
  row.user_name,
  row.user_email,
  translate("fr", `admin.users.plans.${row.plan}`),
  translate("fr", `admin.subscriptions.statuses.${row.status}`),
  (row.amount_cents / 100).toFixed(2),
  row.city,
  row.start_date.slice(0, 10),
  row.next_billing?.slice(0, 10) ?? "",
];
const SUBSCRIPTION_HEADER = ["id", "user", "email", "plan", "status", "amount", "city", "startDate", "nextBilling"];

describe("the subscriptions' CSV contents", () => {
  it("writes each row's values as the list shows them, a next billing date only for a plan that goes on", async () => {
    // The 12 people above, each a plan in another state: active, paused, cancelled, cancelling, the trial.
    await temp.client.execute(`INSERT INTO subscriptions (id, profile_id, plan, status, current_period_start,
        current_period_end, cancel_at_period_end, amount_cents, created_at)
      SELECT 'sub-' || id, id, CASE WHEN rowid % 5 = 0 THEN 'discovery' ELSE 'premium' END,
        CASE rowid % 4 WHEN 0 THEN 'paused' WHEN 1 THEN 'canceled' ELSE 'active' END,
        '2026-01-01T00:00:00.000Z', '2026-03-0' || (1 + rowid % 3) || 'T00:00:00.000Z', rowid % 3 = 0,
        500 * (rowid % 7), created_at
      FROM profiles WHERE id LIKE 'mix-%'`);
    const header = SUBSCRIPTION_HEADER.map((column) => translate("fr", `admin.subscriptions.csv.${column}`));
    for (const filters of [
      { sort: "created", dir: "desc", q: "mix-" },
      { sort: "amount", dir: "asc", q: "mix-" },
    ] satisfies SubscriptionFilters[]) {
      const listed = await listSubscriptions(db, { ...filters, page: 1, page_size: 100 });
      expect(listed.rows.map((row) => row.next_billing === null)).toContain(false);
      expect(listed.rows.map((row) => row.next_billing === null)).toContain(true);
      const file = await exportSubscriptionsCsv(db, admin, { ...filters, separator: "semicolon" }, "fr", 5);
      expect(await textOf(file), JSON.stringify(filters)).toBe(fileOf(header, listed.rows.map(subscriptionCells)));
    }
  });
});

describe("the subscriptions' CSV read by keyset pages", () => {
  it("holds every row once, in the list's order, for every sort and direction, with page boundaries among ties", async () => {
    // The 14 sitters of the world above, each a plan: two amounts, two period ends, two start dates.
    await temp.client.execute(`INSERT INTO subscriptions (id, profile_id, plan, status, current_period_start,
        current_period_end, amount_cents, created_at)
      SELECT 'sub-' || id, id, 'standard', 'active', '2026-01-01T00:00:00.000Z',
        CASE WHEN rowid % 2 = 0 THEN '2026-02-01T00:00:00.000Z' ELSE '2026-03-01T00:00:00.000Z' END,
        CASE WHEN rowid % 3 = 0 THEN 1900 ELSE 2900 END, created_at
      FROM profiles WHERE id LIKE 'tie-%' AND user_type = 'babysitter'`);
    for (const sort of SUBSCRIPTION_SORTS)
      for (const dir of ["asc", "desc"] as const) {
        const filters: SubscriptionFilters = { sort, dir, q: "tie-" };
        const listed = await listSubscriptions(db, { ...filters, page: 1, page_size: 100 });
        const expected = listed.rows.map((row) => row.id);
        expect(expected.length).toBe(14);
        for (const pageRows of [1, 4]) {
          const file = await exportSubscriptionsCsv(db, admin, { ...filters, separator: "semicolon" }, "fr", pageRows);
          expect(await idsOf(file), `${sort} ${dir} by ${pageRows}`).toEqual(expected);
        }
      }
  });
});

describe("the users' list searched", () => {
  it("gives the same page and total whether the matches are few (answered from their ids) or many (walked in order)", async () => {
    const many = FEW_MATCHES + 50;
    await temp.client.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${many})
      INSERT INTO user (id, name, email, email_verified, created_at, updated_at)
      SELECT 'many-' || i, 'M', 'needle-' || i || '@test.fr', 1, 0, 0 FROM n`);
    await temp.client.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${many})
      INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, created_at)
      SELECT 'many-' || i, 'many-' || i, 'parent', 'Léa', 'Petit', 'needle-' || i || '@test.fr',
        '2025-0' || (1 + i % 9) || '-01T00:00:00.000Z' FROM n`);
    const reference = async (like: string) =>
      (
        await temp.client.execute({
          sql: "SELECT id FROM profiles WHERE email LIKE ? ORDER BY created_at DESC, id DESC",
          args: [like],
        })
      ).rows.map((row) => String(row.id));
    for (const [q, like] of [
      ["needle", "%needle%"],
      ["needle-1", "%needle-1%"],
    ]) {
      const all = await reference(like);
      const answer = await listUsers(db, { q, sort: "created", dir: "desc", page: 3, page_size: 25 });
      expect(answer.total, q).toBe(all.length);
      expect(
        answer.rows.map((row) => row.id),
        q,
      ).toEqual(all.slice(50, 75));
    }
    expect((await reference("%needle%")).length).toBeGreaterThan(FEW_MATCHES);
    expect((await reference("%needle-1%")).length).toBeLessThanOrEqual(FEW_MATCHES);
  });
});

describe("the audit log's CSV", () => {
  it("writes the filtered entries as the list shows them, in its order, whole across pages among ties", async () => {
    // 30 entries on 3 instants (ties), every status and severity, names to quote, empty cells.
    await temp.client.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
      INSERT INTO audit_events (id, user_name, action, resource, details, ip_address, user_agent, status, severity, created_at)
      SELECT 'csv-' || i, CASE WHEN i % 4 = 0 THEN NULL ELSE 'Dupont; "Jo"' END, 'admin.csv_' || (i % 2),
        'user:csv-' || i, CASE WHEN i % 3 = 0 THEN '=1+2' ELSE 'Détails ' || i END, '198.51.100.' || i, 'UA',
        CASE i % 3 WHEN 0 THEN 'success' WHEN 1 THEN 'failure' ELSE 'warning' END,
        CASE i % 4 WHEN 0 THEN 'low' WHEN 1 THEN 'medium' WHEN 2 THEN 'high' ELSE 'critical' END,
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i % 3) || ' hours') FROM n`);
    const header = AUDIT_HEADER.map((column) => translate("fr", `admin.audit.csv.${column}`));
    for (const filters of [
      { period: "1d", dir: "desc", q: "admin.csv_" },
      { period: "1d", dir: "asc", q: "csv_1", status: "failure" },
    ] satisfies Partial<AuditFilters>[]) {
      const listed = await listAuditEvents(db, auditQuerySchema.parse({ ...filters, page: 1 }));
      expect(listed.rows.length).toBeGreaterThan(3);
      for (const pageRows of [1, 4]) {
        const file = await exportAuditCsv(
          db,
          admin,
          { ...filters, separator: "semicolon" },
          "fr",
          Date.now(),
          pageRows,
        );
        expect(await textOf(file), `${JSON.stringify(filters)} by ${pageRows}`).toBe(
          fileOf(header, listed.rows.map(auditCells)),
        );
      }
    }
  });
});
