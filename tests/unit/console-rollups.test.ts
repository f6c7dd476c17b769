// The counts the console's Audit and Geography read instead of every entry or every person (migration
// 0034, db/schema/console-rollups.ts), on a real migrated libSQL file: after every kind of write each
// table is what its rows give when counted anew, and the screens' figures read from them are what
// counting the rows themselves gives (the Audit's stat cards for every period and filter, at any hour
// of the day, with entries dated ahead; the Geography's people per commune, deleted accounts apart).
import type { InValue } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_PERIODS, type AuditQuery } from "../../db/validators/admin-audit";
import { AUDIT_STATUSES, SEVERITIES } from "../../db/schema/enums";
import { anonymizeDeletedAccounts } from "../../edge/services/account/account";
import { listAuditEvents } from "../../edge/services/admin/audit-log";
import { cityStats } from "../../edge/services/admin/geography";
import { seededRandom } from "./helpers/seeded-random";
import { createTempDb, insertProfile, type TempDb } from "./helpers/temp-db";

const DAY = 86_400_000;
let temp: TempDb;

const run = (sql: string, args: InValue[] = []) => temp.client.execute({ sql, args });
const rowsOf = async (sql: string, args: InValue[] = []) => (await run(sql, args)).rows.map((row) => ({ ...row }));

beforeAll(async () => {
  temp = await createTempDb("console-rollups");
});
afterAll(() => temp.cleanup());

describe("audit_days", () => {
  /** The kept counts, and the same counted anew from the entries. */
  const kept = () => rowsOf("SELECT day, action, status, severity, events FROM audit_days ORDER BY 1, 2, 3, 4");
  const recounted = () =>
    rowsOf(`SELECT substr(created_at, 1, 10) AS day, action, status, severity, count(*) AS events
      FROM audit_events GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);

  /** The stat cards as counting the period's entries gives them. */
  async function counted(since: string, filters: Pick<AuditQuery, "status" | "severity">) {
    const [row] = await rowsOf(
      `SELECT count(*) AS total, coalesce(sum(status = 'failure'), 0) AS failures,
        coalesce(sum(status = 'warning'), 0) AS warnings,
        coalesce(sum(severity IN ('high', 'critical')), 0) AS serious
      FROM audit_events WHERE created_at >= ? AND (? IS NULL OR status = ?) AND (? IS NULL OR severity = ?)`,
      [since, filters.status ?? null, filters.status ?? null, filters.severity ?? null, filters.severity ?? null],
    );
    return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
  }

  beforeAll(async () => {
    await insertProfile(temp.client, "audited", "parent");
    const rng = seededRandom(11);
    const now = Date.now();
    // Entries over the last 100 days, written out of order, a few dated ahead (a clock ahead).
    for (let i = 0; i < 400; i++) {
      const at = new Date(now - Math.floor(rng() * 100 * DAY) + (i % 50 === 0 ? 2 * DAY : 0)).toISOString();
      await run(
        `INSERT INTO audit_events (id, user_id, user_name, action, resource, ip_address, status, severity, created_at)
          VALUES (?, 'audited', 'Audited', ?, 'session:x', '203.0.113.9', ?, ?, ?)`,
        [
          `e${i}`,
          ["auth.sign_in", "admin.user.suspend", "payment.failed"][i % 3],
          AUDIT_STATUSES[i % AUDIT_STATUSES.length],
          SEVERITIES[(i >> 2) % SEVERITIES.length],
          at,
        ],
      );
    }
  });

  it("counts every entry once, on its day, whatever is then refused or anonymised", async () => {
    expect(await kept()).toEqual(await recounted());
    await expect(
      run(
        "UPDATE audit_events SET status = CASE status WHEN 'failure' THEN 'success' ELSE 'failure' END WHERE id = 'e1'",
      ),
    ).rejects.toThrow(/append_only/);
    await expect(run("UPDATE audit_events SET created_at = '2020-01-01' WHERE id = 'e2'")).rejects.toThrow(
      /append_only/,
    );
    await expect(run("DELETE FROM audit_events WHERE id = 'e3'")).rejects.toThrow(/append_only/);
    // The account deleted long ago is anonymised: its entries lose its name and address, not their count.
    await run("UPDATE user SET deleted_at = ? WHERE id = 'audited'", [Date.now() - 400 * DAY]);
    expect(await anonymizeDeletedAccounts(temp.db)).toBe(1);
    expect(await rowsOf("SELECT count(*) AS n FROM audit_events WHERE user_name IS NOT NULL")).toEqual([{ n: 0 }]);
    expect(await kept()).toEqual(await recounted());
  });

  it("gives the stat cards a count of the period's entries gives, for every period, filter and hour", async () => {
    const filters: Pick<AuditQuery, "status" | "severity">[] = [
      {},
      { status: "failure" },
      { severity: "critical" },
      { status: "warning", severity: "medium" },
    ];
    const today = Date.parse(new Date().toISOString().slice(0, 10));
    // Now, just after midnight, late in the day, and at midnight itself.
    for (const nowMs of [Date.now(), today + 60_000, today + DAY - 60_000, today]) {
      for (const period of AUDIT_PERIODS) {
        for (const filter of filters) {
          const query = { period, dir: "desc", page: 1, ...filter } as AuditQuery;
          const page = await listAuditEvents(temp.db, query, nowMs);
          const since = new Date(nowMs - { "1d": 1, "7d": 7, "30d": 30, "90d": 90 }[period] * DAY).toISOString();
          const label = `${period} ${JSON.stringify(filter)} at ${new Date(nowMs).toISOString()}`;
          expect(page.stats, label).toEqual(await counted(since, filter));
          expect(page.total, label).toBe(page.stats.total);
        }
      }
    }
  });
});

describe("city_people", () => {
  /** The kept counts (rows brought back to zero left out), and the same counted anew from the profiles. */
  const kept = () =>
    rowsOf(`SELECT city_id, user_type, placed, deleted FROM city_people
      WHERE placed <> 0 OR deleted <> 0 ORDER BY 1, 2`);
  const recounted = () =>
    rowsOf(`SELECT p.city_id, p.user_type, count(*) AS placed,
        sum(EXISTS (SELECT 1 FROM user u WHERE u.id = p.user_id AND u.deleted_at IS NOT NULL)) AS deleted
      FROM profiles p WHERE p.city_id IS NOT NULL AND p.user_type IN ('parent', 'babysitter')
      GROUP BY 1, 2 ORDER BY 1, 2`);
  const expectKept = async () => expect(await kept()).toEqual(await recounted());

  const place = (id: string, postalCode: string | null, city: string | null) =>
    run("UPDATE profiles SET postal_code = ?, city = ? WHERE id = ?", [postalCode, city, id]);

  it("follows people as they sign up, move, change role, and as accounts are deleted, restored or removed", async () => {
    for (const [id, type, code, city] of [
      ["cp-1", "parent", "29000", "Quimper"],
      ["cp-2", "babysitter", "29000", "Quimper"],
      ["cp-3", "babysitter", "56000", "Vannes"],
      ["cp-4", "admin", "56000", "Vannes"],
    ] as const) {
      await insertProfile(temp.client, id, type);
      await place(id, code, city);
    }
    await expectKept();
    await place("cp-1", null, "Vannes");
    await run("UPDATE profiles SET user_type = 'babysitter' WHERE id = 'cp-4'");
    await run("UPDATE profiles SET user_type = 'admin' WHERE id = 'cp-3'");
    await expectKept();
    await run("UPDATE user SET deleted_at = ? WHERE id = 'cp-2'", [Date.now()]);
    await expectKept();
    await run("UPDATE user SET deleted_at = NULL WHERE id = 'cp-2'");
    await run("UPDATE user SET deleted_at = ? WHERE id = 'cp-1'", [Date.now() - 400 * DAY]);
    await expectKept();
    // Anonymised: its postal code goes, its typed city places it.
    await anonymizeDeletedAccounts(temp.db);
    await expectKept();
    // A deleted account's row removed, its profile with it; another profile removed alone.
    await run("DELETE FROM user WHERE id = 'cp-1'");
    await run("DELETE FROM profiles WHERE id = 'cp-4'");
    await expectKept();
    // A commune removed by an import: its people are no longer placed anywhere.
    await insertProfile(temp.client, "cp-5", "parent");
    await place("cp-5", "59160", "Capinghem");
    await run("DELETE FROM cities WHERE name = 'Capinghem'");
    expect(await rowsOf("SELECT city_id FROM profiles WHERE id = 'cp-5'")).toEqual([{ city_id: null }]);
    await expectKept();
  });

  it("gives the Geography the people a count of the profiles gives, deleted accounts apart", async () => {
    await run("UPDATE user SET deleted_at = ? WHERE id = 'cp-2'", [Date.now()]);
    const live = await rowsOf(`SELECT p.city_id,
        sum(p.user_type = 'babysitter' AND u.deleted_at IS NULL) AS sitters,
        sum(p.user_type = 'parent' AND u.deleted_at IS NULL) AS parents
      FROM profiles p JOIN user u ON u.id = p.user_id
      WHERE p.city_id IS NOT NULL AND p.user_type IN ('parent', 'babysitter') GROUP BY 1 ORDER BY 1`);
    const { cities } = await cityStats(temp.db, "3m");
    const read = cities
      .map((city) => ({ city_id: city.id, sitters: city.sitters, parents: city.parents }))
      .sort((a, b) => a.city_id.localeCompare(b.city_id));
    // Quimper holds only a deleted account now: still listed, with nobody.
    expect(read).toEqual(live);
    expect(read.some((city) => city.sitters === 0 && city.parents === 0)).toBe(true);
  });
});
