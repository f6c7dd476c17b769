// The admin console's Audit section (/api/admin/audit): only admins read it; the period, search and
// filters apply on the server, the stat cards count the same entries, the CSV holds exactly them,
// and no route changes or deletes an entry.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import {
  baseUrl,
  burst,
  call,
  countRows,
  execute,
  fromAddress,
  freshAddress,
  type Member,
  memberOf,
  newMember,
  queryRows,
  sessionCookie,
} from "./helpers";

let admin: Member;
let parent: Member;
/** A word only this file's entries hold, so the search isolates them from the rest of the log. */
const tag = `zq${Date.now().toString(36)}`;

const auditCall = (query: string, cookie = admin.cookie) =>
  call("GET", `/api/admin/audit${query}`, { cookie, headers: { "accept-language": "fr" } });

async function insertEntry(daysAgo: number, status: string, severity: string) {
  const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  await execute(
    `INSERT INTO audit_events (id, action, resource, details, status, severity, created_at)
     VALUES (?, 'security.alert', ?, 'test', ?, ?, ?)`,
    [crypto.randomUUID(), `test:${tag}`, status, severity, at],
  );
}

beforeAll(async () => {
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
  parent = await newMember("parent");
  await insertEntry(0.5, "failure", "high");
  await insertEntry(3, "warning", "critical");
  await insertEntry(3, "success", "low");
  await insertEntry(20, "success", "medium");
});

describe("the Audit section", () => {
  it("refuses anonymous callers (401), parents and babysitters (403)", async () => {
    const sitter = await newMember("babysitter");
    for (const path of ["", "/export"]) {
      expect((await call("GET", `/api/admin/audit${path}`)).status).toBe(401);
      for (const member of [parent, sitter])
        expect((await call("GET", `/api/admin/audit${path}`, { cookie: member.cookie })).status).toBe(403);
    }
  });

  it("lists the period's entries, newest first, with stat cards over the same filters", async () => {
    const day = await auditCall(`?period=1d&q=${tag}`);
    expect(day.status).toBe(200);
    expect(day.body.rows).toHaveLength(1);
    expect(day.body.stats).toEqual({ total: 1, failures: 1, warnings: 0, serious: 1 });

    const week = await auditCall(`?period=7d&q=${tag}`);
    expect(week.body.total).toBe(3);
    expect(week.body.stats).toEqual({ total: 3, failures: 1, warnings: 1, serious: 2 });
    const times = week.body.rows.map((row: { created_at: string }) => row.created_at);
    expect(times).toEqual([...times].sort().reverse());

    expect((await auditCall(`?period=30d&q=${tag}`)).body.total).toBe(4);
    expect((await auditCall(`?period=30d&q=${tag}&severity=critical`)).body.total).toBe(1);
    expect((await auditCall(`?period=30d&q=${tag}&status=success`)).body.total).toBe(2);
  });

  it("shows what the services wrote: a failed sign-in, with its address", async () => {
    const address = freshAddress();
    await call("POST", "/api/auth/sign-in/email", {
      json: { email: parent.email, password: "Mauvais2026" },
      headers: fromAddress(address),
    });
    const failed = await auditCall(`?period=1d&status=failure&q=auth.sign_in_failed`);
    expect(failed.body.rows.some((row: { ip_address: string | null }) => row.ip_address !== null)).toBe(true);
  });

  it("records a password change and an account deletion, each once", async () => {
    const member = await newMember("parent");
    const [row] = await queryRows('SELECT id FROM "user" WHERE email = ?', [member.email]);
    const userId = String(row.id);
    const changed = await call("POST", "/api/auth/change-password", {
      cookie: member.cookie,
      json: { currentPassword: "Motdepasse1", newPassword: "Motdepasse2" },
      headers: { origin: baseUrl(), ...fromAddress(freshAddress()) },
    });
    expect(changed.status).toBe(200);
    const cookie = await sessionCookie(member.email, "Motdepasse2");
    const { tally } = await burst(5, () =>
      call("POST", "/api/account/delete", { cookie, json: { confirmation: "SUPPRIMER" } }),
    );
    expect(tally[200]).toBeGreaterThanOrEqual(1);
    const actions = await queryRows(
      "SELECT action, metadata FROM audit_events WHERE resource = ? ORDER BY created_at, rowid",
      [`user:${userId}`],
    );
    expect(actions.map((entry) => entry.action)).toEqual(["account.password_change", "account.delete"]);
    expect(JSON.parse(String(actions[0].metadata))).toEqual({ via: "change" });
  });

  it("refuses a bad filter with a 400", async () => {
    for (const query of ["?period=2d", "?status=ok", "?severity=extreme", "?page=0", "?unknown=1"])
      expect((await auditCall(query)).status, query).toBe(400);
  });

  it("exports exactly the filtered entries as CSV, and the export is itself audited", async () => {
    const listed = (await auditCall(`?period=30d&q=${tag}`)).body.rows.map((row: { id: string }) => row.id);
    const before = await countRows("SELECT count(*) FROM audit_events WHERE resource = 'export:audit'", []);
    const response = await fetch(`${baseUrl()}/api/admin/audit/export?period=30d&q=${tag}`, {
      headers: { cookie: admin.cookie, "accept-language": "fr" },
    });
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Date;Utilisateur;Action;Ressource;Détails;Adresse IP;Navigateur;Statut;Gravité");
    expect(lines).toHaveLength(listed.length + 1);
    expect(lines[1]).toContain(";Échec;Élevée");
    expect(await countRows("SELECT count(*) FROM audit_events WHERE resource = 'export:audit'", [])).toBe(before + 1);
  });

  it("has no route that changes or deletes an entry", async () => {
    const [row] = (await auditCall(`?period=30d&q=${tag}`)).body.rows;
    for (const method of ["PUT", "PATCH", "DELETE"])
      expect((await call(method, `/api/admin/audit/${row.id}`, { cookie: admin.cookie, json: {} })).status).toBe(404);
    expect(await countRows("SELECT count(*) FROM audit_events WHERE id = ?", [row.id])).toBe(1);
  });
});
