// Settings → Confidentialité: profile visibility and cookie choices, the data export, the account
// deletion (SUPPRIMER exactly; sign-in refused; sessions end; an email) and its anonymisation.
import { describe, expect, it } from "vitest";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../../db/schema";
import { anonymizeDeletedAccounts } from "../../edge/services/account/account";
import {
  call,
  countRows,
  execute,
  fromAddress,
  freshAddress,
  insertBooking,
  insertMessage,
  newMember,
  openDb,
  queryRows,
  waitForEmail,
} from "./helpers";

const privacy = (cookie: string) => call("GET", "/api/account/privacy", { cookie });
const savePrivacy = (cookie: string, json: unknown) => call("PUT", "/api/account/privacy", { cookie, json });
const signIn = (email: string, password = "Motdepasse1") =>
  call("POST", "/api/auth/sign-in/email", { json: { email, password }, headers: fromAddress(freshAddress()) });

describe("privacy choices", () => {
  it("defaults to a public profile, analytics on and marketing off; saves both, for the caller only", async () => {
    const sitter = await newMember("babysitter");
    const other = await newMember("babysitter");
    expect((await privacy(sitter.cookie)).body).toEqual({
      profile_visibility: "public",
      cookies: { essential: true, analytics: true, marketing: false },
    });

    const saved = await savePrivacy(sitter.cookie, {
      profile_visibility: "hidden",
      cookies: { analytics: false, marketing: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      profile_visibility: "hidden",
      cookies: { essential: true, analytics: false, marketing: true },
    });
    expect((await privacy(sitter.cookie)).body.profile_visibility).toBe("hidden");
    // The public profile obeys it at once; another sitter is untouched.
    expect((await call("GET", `/api/babysitters/${sitter.profileId}`)).status).toBe(404);
    expect((await privacy(other.cookie)).body.profile_visibility).toBe("public");
  });

  it("refuses bad input and turning essential cookies off, changing nothing", async () => {
    const parent = await newMember("parent");
    for (const body of [
      { profile_visibility: "friends" },
      { cookies: { essential: false, analytics: true, marketing: false } },
      { cookies: { analytics: "yes", marketing: false } },
      { extra: 1 },
    ]) {
      const answer = await savePrivacy(parent.cookie, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBeTruthy();
    }
    expect((await privacy(parent.cookie)).body.cookies).toEqual({ essential: true, analytics: true, marketing: false });
    expect((await privacy("")).status).toBe(401);
  });
});

describe("data export", () => {
  it("downloads the caller's own data as JSON, without secrets or other users' data", async () => {
    const parent = await newMember("parent");
    const sitter = await newMember("babysitter");
    await execute("INSERT INTO children (id, parent_id, name, age) VALUES (?, ?, 'Léa', 4)", [
      crypto.randomUUID(),
      parent.profileId,
    ]);
    const booking = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 1);
    await execute(
      "INSERT INTO emergency_incidents (id, booking_id, reporter_id, type, location) VALUES (?, ?, ?, 'medical', 'Lyon')",
      [crypto.randomUUID(), booking, sitter.profileId],
    );

    const answer = await call("GET", "/api/account/export", { cookie: parent.cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="veilleuse-donnees-.+\.json"$/);
    expect(answer.body.account.email).toBe(parent.email);
    expect(answer.body.profile.id).toBe(parent.profileId);
    expect(answer.body.children.map((child: { name: string }) => child.name)).toEqual(["Léa"]);
    expect(answer.body.bookings).toHaveLength(1);
    for (const key of ["messages", "reviews", "preferences", "subscriptions", "invoices", "notifications", "sessions"])
      expect(answer.body).toHaveProperty(key);
    expect(Array.isArray(answer.body.known_devices)).toBe(true);
    // The sitter raised it: the parent's export says what happened, not the place and words she reported.
    expect(answer.body.emergency_incidents).toMatchObject([
      { booking_id: booking, type: "medical", reported_by_me: false },
    ]);
    expect(answer.body.emergency_incidents[0]).not.toHaveProperty("location");
    const text = JSON.stringify(answer.body);
    expect(text).not.toMatch(/"password"|"token"|"secret"|backup/i);
    expect(text).not.toContain(sitter.email);
    expect((await call("GET", "/api/account/export")).status).toBe(401);
  });

  it("gives a babysitter a count of the families who saved her, and nothing that is theirs", async () => {
    const phone = `07 ${String(Date.now())
      .slice(-8)
      .replace(/(\d\d)(?=\d)/g, "$1 ")}`;
    const parent = await newMember("parent", { first_name: "Camille", last_name: "Roux", phone });
    const sitter = await newMember("babysitter");
    const address = `12 rue des Lilas ${crypto.randomUUID().slice(0, 8)}`;
    await execute("UPDATE profiles SET address = ?, postal_code = '69003' WHERE id = ?", [address, parent.profileId]);
    expect((await call("PUT", `/api/favourites/${sitter.profileId}`, { cookie: parent.cookie })).status).toBeLessThan(
      300,
    );
    // A shared history: a sitting, a message each way, a review each way, an alert the parent raised at home.
    const booking = await insertBooking(parent.profileId, sitter.profileId, "completed", -30);
    await insertMessage(parent.profileId, sitter.profileId, "Merci pour samedi, les enfants ont adoré !");
    await insertMessage(sitter.profileId, parent.profileId, "Avec plaisir, à bientôt.");
    for (const [from, to] of [
      [parent.profileId, sitter.profileId],
      [sitter.profileId, parent.profileId],
    ])
      await execute(
        "INSERT INTO reviews (id, booking_id, reviewer_id, reviewed_id, rating, comment) VALUES (?, ?, ?, ?, 5, 'Une soirée parfaite, merci beaucoup.')",
        [crypto.randomUUID(), booking, from, to],
      );
    await execute(
      "INSERT INTO emergency_incidents (id, booking_id, reporter_id, type, location, description) VALUES (?, ?, ?, 'medical', ?, 'Fièvre de Lou')",
      [crypto.randomUUID(), booking, parent.profileId, address],
    );
    const [parentUser] = await queryRows("SELECT user_id FROM profiles WHERE id = ?", [parent.profileId]);

    const answer = await call("GET", "/api/account/export", { cookie: sitter.cookie });
    expect(answer.status).toBe(200);
    expect(answer.body.favourited_by_count).toBe(1);
    expect(answer.body.favourites).toEqual([]);
    // Her side of what they share, the parent named as members see her.
    expect(answer.body.bookings).toMatchObject([{ id: booking, role: "babysitter", other_party: "Camille R." }]);
    expect(
      answer.body.messages.map((m: { direction: string; content: string }) => [m.direction, m.content]).sort(),
    ).toEqual([
      ["received", "Merci pour samedi, les enfants ont adoré !"],
      ["sent", "Avec plaisir, à bientôt."],
    ]);
    expect(answer.body.reviews.map((r: { direction: string }) => r.direction).sort()).toEqual(["received", "written"]);
    expect(answer.body.emergency_incidents).toEqual([
      expect.objectContaining({ booking_id: booking, type: "medical", reported_by_me: false }),
    ]);
    const text = JSON.stringify(answer.body);
    for (const theirs of [
      parent.profileId,
      String(parentUser.user_id),
      parent.email,
      phone.replace(/\s/g, ""),
      phone,
      address,
      "Fièvre de Lou",
    ])
      expect(text).not.toContain(theirs);

    // The favourite is the parent's: their own export lists it.
    const own = await call("GET", "/api/account/export", { cookie: parent.cookie });
    expect(own.body.favourites).toMatchObject([{ babysitter_id: sitter.profileId }]);
    expect(own.body.favourited_by_count).toBe(0);
  });

  it("is limited to 5 an hour per account", async () => {
    const parent = await newMember("parent");
    for (let i = 0; i < 5; i++)
      expect((await call("GET", "/api/account/export", { cookie: parent.cookie })).status).toBe(200);
    const limited = await call("GET", "/api/account/export", { cookie: parent.cookie });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });
});

describe("account deletion", () => {
  it("needs SUPPRIMER exactly, then disables the account at once and emails its owner", async () => {
    const parent = await newMember("parent");
    const other = await newMember("parent");
    for (const confirmation of ["supprimer", "SUPPRIMER ", "", undefined]) {
      const refused = await call("POST", "/api/account/delete", { cookie: parent.cookie, json: { confirmation } });
      expect(refused.status).toBe(400);
    }
    expect((await privacy(parent.cookie)).status).toBe(200);

    const deleted = await call("POST", "/api/account/delete", {
      cookie: parent.cookie,
      json: { confirmation: "SUPPRIMER" },
    });
    expect(deleted.status).toBe(200);
    expect(Date.parse(deleted.body.anonymised_after)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await privacy(parent.cookie)).status).toBe(401);

    const refused = await signIn(parent.email);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("Ce compte a été supprimé. Contactez-nous si c'est une erreur.");
    expect((await signIn(parent.email, "Paslebon123")).status).toBe(401);
    expect(await waitForEmail(parent.email, "Votre compte Veilleuse a été supprimé")).toBeDefined();
    // Another account is untouched.
    expect((await privacy(other.cookie)).status).toBe(200);
    expect((await signIn(other.email)).status).toBe(200);
  });

  it("deletes once when the confirmation is sent 10 times at once: one email, one answer per request", async () => {
    const parent = await newMember("parent");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call("POST", "/api/account/delete", { cookie: parent.cookie, json: { confirmation: "SUPPRIMER" } }),
      ),
    );
    // Requests that passed the session check before the first one ended it answer 200; the rest 401.
    expect(answers.every((a) => a.status === 200 || a.status === 401)).toBe(true);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(await waitForEmail(parent.email, "Votre compte Veilleuse a été supprimé")).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      await countRows("SELECT count(*) FROM outbox WHERE recipient = ? AND json_extract(payload, '$.template') = ?", [
        parent.email,
        "accountDeleted",
      ]),
    ).toBe(1);
  });

  it("anonymises after the grace period (the cron's function), keeping invoices and the name on them", async () => {
    const sitter = await newMember("babysitter");
    const [before] = await queryRows("SELECT user_id, first_name, last_name FROM profiles WHERE id = ?", [
      sitter.profileId,
    ]);
    const userId = String(before.user_id);
    await execute(
      `INSERT INTO invoices (id, profile_id, number, sequence, amount_paid_cents, amount_due_cents, currency, status, created_at)
       VALUES (?, ?, ?, 999999, 1999, 1999, 'eur', 'paid', ?)`,
      [crypto.randomUUID(), sitter.profileId, `VEI-TEST-${userId.slice(0, 8)}`, new Date().toISOString()],
    );
    await call("POST", "/api/account/delete", { cookie: sitter.cookie, json: { confirmation: "SUPPRIMER" } });
    const db = drizzle(openDb(), { schema });
    // Within the grace period nothing is anonymised; 31 days later the cron's function does it.
    await anonymizeDeletedAccounts(db);
    expect(await countRows("SELECT count(*) FROM user WHERE id = ? AND anonymized_at IS NULL", [userId])).toBe(1);
    await anonymizeDeletedAccounts(db, new Date(Date.now() + 31 * 86_400_000));
    const [after] = await queryRows(
      "SELECT p.email, p.phone, p.first_name, p.last_name, p.profile_visibility, u.email AS login FROM profiles p JOIN user u ON u.id = p.user_id WHERE p.id = ?",
      [sitter.profileId],
    );
    expect(after.email).not.toBe(sitter.email);
    expect(after.login).not.toBe(sitter.email);
    expect(after.phone).toBeNull();
    expect(after.profile_visibility).toBe("hidden");
    // Invoiced: the name on the invoices stays, and so do the invoices.
    expect([after.first_name, after.last_name]).toEqual([before.first_name, before.last_name]);
    expect(await countRows("SELECT count(*) FROM invoices WHERE profile_id = ?", [sitter.profileId])).toBe(1);
    expect(await countRows("SELECT count(*) FROM account WHERE user_id = ?", [userId])).toBe(0);
  });
});
