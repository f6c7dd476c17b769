// The admin console's Users section (/api/admin/users): only admins reach it, the list filters on the
// server and its CSV holds exactly the same rows, and each action (suspend, unsuspend, role, new
// confirmation link) is claimed once, audited, and has its real effect: a suspended account is
// signed out at once, cannot sign in (told why), and is gone from search.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import {
  baseUrl,
  burst,
  call,
  countRows,
  fromAddress,
  freshAddress,
  type Member,
  memberOf,
  newMember,
  queryRows,
  uniqueEmail,
  validRegistration,
  signUp,
  waitForTemplate,
} from "./helpers";

let admin: Member;
let parent: Member;
let sitter: Member;

const reason = "Signalements répétés";
/** A French mobile number nobody else in the test database has ("07 xx xx xx xx"). */
const uniquePhone = () =>
  `07 ${Array.from({ length: 4 }, () => String(Math.floor(Math.random() * 100)).padStart(2, "0")).join(" ")}`;
const verifyEmails = (address: string) =>
  countRows("SELECT count(*) FROM outbox WHERE recipient = ? AND json_extract(payload, '$.template') = 'verifyEmail'", [
    address,
  ]);
const adminCall = (method: string, path: string, json?: unknown, cookie = admin.cookie) =>
  call(method, `/api/admin/users${path}`, { cookie, json, headers: { "accept-language": "fr" } });
const auditCount = (profileId: string, action: string) =>
  countRows("SELECT count(*) FROM audit_events WHERE resource = ? AND action = ?", [`user:${profileId}`, action]);

beforeAll(async () => {
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
  parent = await newMember("parent", { city: "Lyon", phone: uniquePhone() });
  sitter = await newMember("babysitter", { city: "Lyon" });
});

describe("who may use the console's Users routes", () => {
  const routes = (target: string) =>
    [
      ["GET", ""],
      ["GET", "/export"],
      ["GET", `/${target}`],
      ["POST", `/${target}/suspend`, { reason }],
      ["POST", `/${target}/unsuspend`, { reason }],
      ["POST", `/${target}/role`, { role: "admin", reason }],
      ["POST", `/${target}/verification-email`, { reason }],
    ] as const;

  it("refuses anonymous callers (401), parents and babysitters (403), and changes nothing", async () => {
    const target = parent.profileId;
    const auditBefore = await countRows("SELECT count(*) FROM audit_events WHERE resource = ?", [`user:${target}`]);
    for (const [method, path, body] of routes(target)) {
      expect((await call(method, `/api/admin/users${path}`, { json: body })).status, `${method} ${path}`).toBe(401);
      for (const caller of [parent, sitter]) {
        const answer = await call(method, `/api/admin/users${path}`, { json: body, cookie: caller.cookie });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body.error.code).toBe("FORBIDDEN");
      }
    }
    const [row] = await queryRows(
      'SELECT p.user_type, u.suspended_at FROM profiles p JOIN "user" u ON u.id = p.user_id WHERE p.id = ?',
      [target],
    );
    expect(row.user_type).toBe("parent");
    expect(row.suspended_at).toBeNull();
    expect(await countRows("SELECT count(*) FROM audit_events WHERE resource = ?", [`user:${target}`])).toBe(
      auditBefore,
    );
  });
});

describe("the list", () => {
  it("finds an account by email, full name, city and phone digits typed with spaces", async () => {
    const [row] = await queryRows("SELECT first_name, last_name, phone FROM profiles WHERE id = ?", [parent.profileId]);
    const phoneTyped = String(row.phone).replace(/(\d{2})(?=\d)/g, "$1 ");
    for (const q of [parent.email, `${row.first_name} ${row.last_name}`, phoneTyped]) {
      const answer = await adminCall("GET", `?q=${encodeURIComponent(q)}&page_size=100`);
      expect(answer.status, q).toBe(200);
      expect(
        answer.body.rows.map((r: { id: string }) => r.id),
        q,
      ).toContain(parent.profileId);
    }
  });

  it("filters by role, status, verified badge and plan, sorts, pages, and counts the total", async () => {
    const sitters = await adminCall("GET", "?role=babysitter&plan=discovery&sort=email&dir=asc&page_size=10");
    expect(sitters.status).toBe(200);
    expect(sitters.body.rows.length).toBeLessThanOrEqual(10);
    expect(sitters.body.total).toBe(
      await countRows(
        `SELECT count(*) FROM profiles p JOIN babysitter_profiles b ON b.profile_id = p.id
         WHERE p.user_type = 'babysitter' AND b.subscription_plan = 'discovery'`,
        [],
      ),
    );
    for (const row of sitters.body.rows) expect(row).toMatchObject({ role: "babysitter", plan: "discovery" });
    const emails = sitters.body.rows.map((r: { email: string }) => r.email);
    expect(emails).toEqual([...emails].sort());

    const page2 = await adminCall("GET", "?role=babysitter&plan=discovery&sort=email&dir=asc&page_size=10&page=2");
    expect(page2.body.rows[0]?.email >= emails.at(-1)).toBe(true);

    const admins = await adminCall("GET", "?role=admin&status=active");
    expect(admins.body.rows.map((r: { email: string }) => r.email)).toContain(DEMO_ACCOUNTS.admin.email);
    const verified = await adminCall("GET", "?verified=true&page_size=100");
    for (const row of verified.body.rows) expect(row.verified).toBe(true);
  });

  it("refuses a bad query with a 400 in the caller's language", async () => {
    for (const query of ["page=0", "page_size=7", "role=pirate", "sort=password"]) {
      const answer = await adminCall("GET", `?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.message, query).toBe("Format invalide");
    }
    const unknown = await adminCall("GET", "?unknown=1");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe("Champ inconnu : unknown");
  });
});

describe("a user's page", () => {
  it("shows the account with its plan and audit trail; an unknown id is a 404, a malformed one a 400", async () => {
    const page = await adminCall("GET", `/${sitter.profileId}`);
    expect(page.status).toBe(200);
    expect(page.body.user).toMatchObject({ id: sitter.profileId, role: "babysitter", status: "active" });
    expect(page.body.subscription).toMatchObject({ plan: "discovery", status: "trialing" });
    // Her sign-in (newMember signs in) is in the audit log, so the page knows when she last signed in.
    expect(page.body.user.last_sign_in_at).not.toBeNull();
    expect((await adminCall("GET", `/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await adminCall("GET", "/not-an-id")).status).toBe(400);
  });
});

describe("suspending an account", () => {
  it("needs a reason: without one, a 400 in French and nothing changes", async () => {
    const answer = await adminCall("POST", `/${parent.profileId}/suspend`, { reason: " " });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe("Indiquez une raison (3 caractères au moins)");
    expect((await call("GET", "/api/me", { cookie: parent.cookie })).status).toBe(200);
  });

  it("signs the account out at once, refuses its sign-in with the reason, hides it from search; unsuspending lets it back", async () => {
    const victim = await newMember("babysitter", { city: "Lyon" });
    const suspended = await adminCall("POST", `/${victim.profileId}/suspend`, { reason });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ changed: true, user: { status: "suspended" } });

    expect((await call("GET", "/api/me", { cookie: victim.cookie })).status).toBe(401);
    const signIn = await call("POST", "/api/auth/sign-in/email", {
      json: { email: victim.email, password: "Motdepasse1" },
      headers: { ...fromAddress(freshAddress()), "accept-language": "fr" },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error).toMatchObject({
      code: "ACCOUNT_SUSPENDED",
      message: `Votre compte est suspendu : ${reason}. Contactez-nous si c'est une erreur.`,
    });
    // Gone like a deleted account (services/account-state.ts): her public profile is a 404.
    const publicProfile = await call("GET", `/api/babysitters/${victim.profileId}`);
    expect(publicProfile.status).toBe(404);
    expect(await auditCount(victim.profileId, "admin.user.suspend")).toBe(1);
    const [entry] = await queryRows(
      "SELECT user_name, details, severity, ip_address FROM audit_events WHERE resource = ? AND action = 'admin.user.suspend'",
      [`user:${victim.profileId}`],
    );
    expect(entry).toMatchObject({ user_name: "Claire Administratrice", details: reason, severity: "high" });

    const lifted = await adminCall("POST", `/${victim.profileId}/unsuspend`, { reason: "Vérification faite" });
    expect(lifted.body).toMatchObject({ changed: true, user: { status: "active" } });
    const again = await call("POST", "/api/auth/sign-in/email", {
      json: { email: victim.email, password: "Motdepasse1" },
      headers: fromAddress(freshAddress()),
    });
    expect(again.status).toBe(200);
    expect(await auditCount(victim.profileId, "admin.user.unsuspend")).toBe(1);
  });

  it("20 suspensions sent at the same instant: one takes effect, one audit entry", async () => {
    const victim = await newMember("parent");
    const { tally, answers } = await burst(20, () =>
      adminCall("POST", `/${victim.profileId}/suspend`, { reason: "Fraude" }),
    );
    expect(tally).toEqual({ 200: 20 });
    expect(answers.filter((answer) => answer.body.changed)).toHaveLength(1);
    expect(await auditCount(victim.profileId, "admin.user.suspend")).toBe(1);
  });

  it("an admin cannot suspend herself or change her own role; a deleted account cannot be suspended", async () => {
    const self = await adminCall("POST", `/${admin.profileId}/suspend`, { reason });
    expect(self.status).toBe(400);
    expect(self.body.error.code).toBe("NOT_ON_SELF");
    expect((await adminCall("POST", `/${admin.profileId}/role`, { role: "parent", reason })).status).toBe(400);
    expect((await call("GET", "/api/me", { cookie: admin.cookie })).body.profile.user_type).toBe("admin");

    const leaving = await newMember("parent");
    await call("POST", "/api/account/delete", { cookie: leaving.cookie, json: { confirmation: "SUPPRIMER" } });
    const deleted = await adminCall("POST", `/${leaving.profileId}/suspend`, { reason });
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.code).toBe("ACCOUNT_DELETED");
  });
});

describe("changing a role", () => {
  it("a parent made babysitter gets the babysitter profile and the Discovery trial, audited with before and after", async () => {
    const member = await newMember("parent");
    const changed = await adminCall("POST", `/${member.profileId}/role`, { role: "babysitter", reason: "Demande" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ changed: true, user: { role: "babysitter", plan: "discovery" } });
    expect((await call("GET", "/api/me", { cookie: member.cookie })).body.profile.user_type).toBe("babysitter");
    expect(await countRows("SELECT count(*) FROM subscriptions WHERE profile_id = ?", [member.profileId])).toBe(1);
    const [entry] = await queryRows(
      "SELECT metadata FROM audit_events WHERE resource = ? AND action = 'admin.user.role_change'",
      [`user:${member.profileId}`],
    );
    expect(JSON.parse(String(entry.metadata))).toEqual({ from: "parent", to: "babysitter" });

    const same = await adminCall("POST", `/${member.profileId}/role`, { role: "babysitter", reason: "Demande" });
    expect(same.body.changed).toBe(false);
    expect(await auditCount(member.profileId, "admin.user.role_change")).toBe(1);
    expect((await adminCall("POST", `/${member.profileId}/role`, { role: "pirate", reason })).status).toBe(400);
  });
});

describe("a new confirmation link", () => {
  it("is emailed to an unconfirmed account and audited; a confirmed one answers 409", async () => {
    const form = validRegistration({ user_type: "parent", email: uniqueEmail("unconfirmed") });
    expect((await signUp(form)).status).toBe(200);
    const [row] = await queryRows("SELECT id FROM profiles WHERE email = ?", [form.email as string]);
    const profileId = String(row.id);
    await waitForTemplate(form.email as string, "verifyEmail", 20_000);
    const before = await verifyEmails(form.email as string);
    const sent = await adminCall("POST", `/${profileId}/verification-email`, { reason: "Email perdu" });
    expect(sent.status).toBe(200);
    await expect.poll(() => verifyEmails(form.email as string)).toBe(before + 1);
    expect(await auditCount(profileId, "admin.user.verification_resend")).toBe(1);

    const confirmed = await adminCall("POST", `/${parent.profileId}/verification-email`, { reason: "Email perdu" });
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.error.code).toBe("EMAIL_ALREADY_VERIFIED");
  });
});

describe("the CSV export", () => {
  it("holds exactly the filtered rows of the list, in its order, with a BOM and the chosen separator; it is audited", async () => {
    const filters = "role=babysitter&sort=name&dir=asc";
    const listed: string[] = [];
    for (let page = 1; ; page++) {
      const answer = await adminCall("GET", `?${filters}&page_size=100&page=${page}`);
      listed.push(...answer.body.rows.map((r: { id: string }) => r.id));
      if (listed.length >= answer.body.total) break;
    }
    const exportsBefore = await countRows("SELECT count(*) FROM audit_events WHERE action = 'admin.export'", []);
    const response = await fetch(`${baseUrl()}/api/admin/users/export?${filters}&separator=semicolon`, {
      headers: { cookie: admin.cookie, "accept-language": "fr" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="utilisateurs-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // The BOM checked above, the rest read as text.
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Identifiant;Prénom;Nom;Email;Téléphone;Ville;Rôle;Statut;Vérifié;Abonnement;Inscription");
    expect(lines.slice(1).map((line) => line.split(";")[0])).toEqual(listed);
    expect(lines[1].split(";")[6]).toBe("Baby-sitter");
    expect(await countRows("SELECT count(*) FROM audit_events WHERE action = 'admin.export'", [])).toBe(
      exportsBefore + 1,
    );

    const comma = await fetch(`${baseUrl()}/api/admin/users/export?${filters}&separator=comma`, {
      headers: { cookie: admin.cookie },
    });
    expect((await comma.text()).split("\r\n")[0]).toContain("Identifiant,Prénom,Nom");
  });
});

describe("the audit log", () => {
  it("records sign-ins and failed sign-ins", async () => {
    const member = await newMember("parent");
    const [row] = await queryRows('SELECT id FROM "user" WHERE email = ?', [member.email]);
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE user_id = ? AND action = 'auth.sign_in'", [
        String(row.id),
      ]),
    ).toBeGreaterThanOrEqual(1);
    const wrong = await call("POST", "/api/auth/sign-in/email", {
      json: { email: member.email, password: "Mauvais2026" },
      headers: fromAddress(freshAddress()),
    });
    expect(wrong.status).toBe(401);
    const [failed] = await queryRows(
      "SELECT status, severity FROM audit_events WHERE user_id = ? AND action = 'auth.sign_in_failed'",
      [String(row.id)],
    );
    expect(failed).toMatchObject({ status: "failure", severity: "medium" });
  });
});
