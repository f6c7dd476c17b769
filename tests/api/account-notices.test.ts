// The events that notify, beyond bookings, through the real Worker: the welcome email at sign-up in
// the account's language, a sign-in from a new device, the invoice email of a paid invoice (from
// the cron, once), the one-click unsubscribe carried by non-essential mail (and honoured), and a
// booking's push reaching the local push service.
import { describe, expect, it } from "vitest";
import type { PushRequest } from "../push-double";
import {
  baseUrl,
  call,
  countRows,
  eventually,
  execute,
  freshAddress,
  fromAddress,
  insertBooking,
  newMember,
  queryRows,
  signUp,
  uniqueEmail,
  validRegistration,
  waitForEmail,
  ownStack,
  runCron,
} from "./helpers";

const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

const emailsTo = (address: string, template: string) =>
  queryRows(
    "SELECT subject, body, status, json_extract(payload, '$.html') AS html, json_extract(payload, '$.headers') AS headers FROM outbox WHERE channel = 'email' AND recipient = ? AND json_extract(payload, '$.template') = ? AND status <> 'queued'",
    [address, template],
  );

const signIn = (email: string, headers: Record<string, string>) =>
  call("POST", "/api/auth/sign-in/email", {
    json: { email, password: "Motdepasse1" },
    headers: { ...fromAddress(freshAddress()), ...headers },
  });

describe("the account's own notices", () => {
  it("welcomes a new babysitter by email and in the centre, in French, with no unsubscribe link", async () => {
    const sitter = await newMember("babysitter");
    const [email] = await eventually(() => emailsTo(sitter.email, "welcome"));
    expect(email.subject).toBe("Bienvenue sur Veilleuse, Élodie !");
    expect(String(email.body)).toContain("1 mois gratuit avec 5 réservations incluses");
    expect(String(email.body)).toMatch(/\/dashboard/);
    expect(String(email.html)).toContain("max-width:600px");
    expect(email.headers).toBeNull();
    expect(String(email.body)).not.toContain("/unsubscribe");
    expect(
      await countRows("SELECT count(*) FROM notifications WHERE profile_id = ? AND type = 'system'", [
        sitter.profileId,
      ]),
    ).toBe(1);
  });

  it("writes to an account in the language it signed up and signs in with", async () => {
    const form = validRegistration({ email: uniqueEmail("english") });
    const english = { ...fromAddress(freshAddress()), "accept-language": "en-GB,en;q=0.9" };
    expect((await signUp(form, english)).status).toBe(200);
    const [welcome] = await eventually(() => emailsTo(form.email as string, "welcome"));
    expect(welcome.subject).toBe("Welcome to Veilleuse, Élodie!");
    expect(String(welcome.body)).toContain("For parents, Veilleuse is free: unlimited AI search");
    const language = async () =>
      (await queryRows("SELECT language FROM profiles WHERE email = ?", [form.email as string]))[0].language;
    expect(await language()).toBe("en");
    expect((await signIn(form.email as string, { "accept-language": "fr-FR" })).status).toBe(200);
    await expect.poll(language).toBe("fr");
  });

  it("tells the owner of a sign-in from a new device, once per device, never for the first one", async () => {
    const parent = await newMember("parent"); // first device: this test file's browser
    // A browser without the device cookie: a new device, which gets its cookie with the answer.
    const laptop = await signIn(parent.email, { "user-agent": CHROME_ON_WINDOWS });
    expect(laptop.status).toBe(200);
    const laptopDevice = laptop.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .find((cookie) => cookie.startsWith("veilleuse_device="));
    expect(laptopDevice).toBeDefined();
    const [notice] = await eventually(() => emailsTo(parent.email, "newSignIn"));
    expect(notice.subject).toBe("Nouvelle connexion à votre compte");
    expect(String(notice.body)).toContain("Chrome · Windows");
    expect(String(notice.body)).toContain("/settings?tab=security");
    // The same browser again (its cookie): known, no notice.
    expect((await signIn(parent.email, { "user-agent": CHROME_ON_WINDOWS, cookie: laptopDevice! })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      await countRows("SELECT count(*) FROM known_device WHERE user_id = (SELECT user_id FROM profiles WHERE id = ?)", [
        parent.profileId,
      ]),
    ).toBe(2);
    expect((await emailsTo(parent.email, "newSignIn")).length).toBe(1);
    const other = await newMember("parent");
    await new Promise((r) => setTimeout(r, 500));
    expect((await emailsTo(other.email, "newSignIn")).length).toBe(0);
  });
});

describe("notices from the cron", () => {
  it("emails each paid invoice once (the invoice template), essential: even with emails off", async () => {
    const sitter = await newMember("babysitter");
    await call("PUT", "/api/preferences", {
      cookie: sitter.cookie,
      json: { ...(await call("GET", "/api/preferences", { cookie: sitter.cookie })).body, email_enabled: false },
    });
    const number = `VEI-2026-T${Date.now() % 1_000_000}`;
    await execute(
      `INSERT INTO invoices (id, profile_id, number, amount_paid_cents, amount_due_cents, currency, status, period_start, period_end, paid_at)
       VALUES (?, ?, ?, 3900, 3900, 'eur', 'paid', '2026-11-22T10:00:00.000Z', '2026-12-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z')`,
      [crypto.randomUUID(), sitter.profileId, number],
    );
    await runCron();
    await runCron();
    const emails = await eventually(() => emailsTo(sitter.email, "invoice"));
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toBe(`Votre facture ${number}`);
    expect(String(emails[0].body)).toContain("39,00");
    expect(String(emails[0].body)).toContain("22 novembre 2026 – 22 décembre 2026");
  });
});

describe("one-click unsubscribe in the mail", () => {
  it("puts List-Unsubscribe on a booking email, whose one-click POST stops those emails but not essential ones", async () => {
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const first = await insertBooking(parent.profileId, sitter.profileId, "pending", 50);
    expect(
      (await call("PATCH", `/api/bookings/${first}/status`, { cookie: sitter.cookie, json: { action: "decline" } }))
        .status,
    ).toBe(200);
    const [email] = await eventually(() => emailsTo(parent.email, "bookingDeclined"));
    const headers = JSON.parse(String(email.headers)) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = headers["List-Unsubscribe"].match(/^<(.+)>$/)![1];
    expect(oneClick).toMatch(/\/api\/unsubscribe\?token=/);
    expect(String(email.body)).toMatch(/\/unsubscribe\?token=/);
    // What a mail provider does (RFC 8058): a form POST to the header's address.
    const path = new URL(oneClick).pathname + new URL(oneClick).search;
    const unsubscribed = await call("POST", path, {
      raw: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(unsubscribed.status).toBe(200);
    const [preferences] = await queryRows(
      "SELECT email_enabled FROM communication_preferences WHERE user_id = (SELECT user_id FROM profiles WHERE id = ?)",
      [parent.profileId],
    );
    expect(preferences.email_enabled).toBe(0);
    const second = await insertBooking(parent.profileId, sitter.profileId, "pending", 70);
    expect(
      (await call("PATCH", `/api/bookings/${second}/status`, { cookie: sitter.cookie, json: { action: "decline" } }))
        .status,
    ).toBe(200);
    expect(
      (
        await call("POST", "/api/auth/change-password", {
          cookie: parent.cookie,
          json: { currentPassword: "Motdepasse1", newPassword: "Motdepasse2" },
          headers: { origin: baseUrl(), ...fromAddress(freshAddress()) },
        })
      ).status,
    ).toBe(200);
    expect(await waitForEmail(parent.email, "Votre mot de passe Veilleuse a été modifié")).toBeDefined();
    expect(await emailsTo(parent.email, "bookingDeclined")).toHaveLength(1);
  });
});

describe("push", () => {
  it("sends the booking confirmation to the parent's stored subscription, encrypted and signed", async () => {
    const pushDouble = ownStack().pushDouble;
    const [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    const subscription = (await (await fetch(`${pushDouble}/__control/subscriptions`, { method: "POST" })).json()) as {
      endpoint: string;
    };
    expect((await call("PUT", "/api/push/subscription", { cookie: parent.cookie, json: subscription })).status).toBe(
      200,
    );
    const id = await insertBooking(parent.profileId, sitter.profileId, "pending", 50);
    expect(
      (await call("PATCH", `/api/bookings/${id}/status`, { cookie: sitter.cookie, json: { action: "accept" } })).status,
    ).toBe(200);
    const pushes = await eventually(async () =>
      ((await (await fetch(`${pushDouble}/__control/requests`)).json()) as PushRequest[]).filter(
        (request) => request.id === String(subscription.endpoint).split("/").at(-1),
      ),
    );
    expect(pushes).toHaveLength(1);
    expect(pushes[0].status).toBe(201);
    expect(pushes[0].payload).toMatchObject({ title: "Réservation confirmée", url: `/bookings/${id}` });
    // The outbox row is marked sent once the push service has answered, just after the double saw it.
    const [row] = await eventually(() =>
      queryRows(
        "SELECT status, json_extract(payload, '$.template') AS template FROM outbox WHERE channel = 'push' AND idempotency_key = ? AND status <> 'queued'",
        [`bookingAccepted:${id}:push`],
      ),
    );
    expect(row).toMatchObject({ status: "sent", template: "bookingConfirmation" });
  });
});
