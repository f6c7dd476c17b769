// A deleted account is gone everywhere at once (edge/services/account-state.ts), not 30 days later
// when the cron anonymises it. A babysitter with a pending request, an upcoming confirmed booking,
// a sitting in progress, a completed one, a favourite and a conversation deletes her account: her
// bookings still to come are cancelled and each parent is told in their language; she leaves the
// public profile, search, the sitemap, her page's description and the favourites; she can no longer
// be booked, written to or reviewed; and nothing more is delivered to her.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, parisToday } from "../../db/time/paris-time";
import {
  baseUrl,
  call,
  countRows,
  eventually,
  execute,
  fromAddress,
  freshAddress,
  insertBooking,
  type Member,
  newMember,
  queryRows,
  setPreferences,
  waitForEmail,
} from "./helpers";

const GONE_FR = "Ce compte n'est plus disponible.";
const DELETION_SUBJECT = "Votre compte Veilleuse a été supprimé";

/** A French mobile number nobody else in the test database has ("07 xx xx xx xx"). */
const uniquePhone = () =>
  `07 ${Array.from({ length: 4 }, () => String(Math.floor(Math.random() * 100)).padStart(2, "0")).join(" ")}`;
/** A surname nobody else has, so a text search finds her alone. */
const uniqueSurname = () =>
  `Zed${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

const search = (query: string, cookie?: string) =>
  call("GET", `/api/search?${query}`, { cookie, headers: fromAddress(freshAddress()) });
const resultIds = (body: { results: { id: string }[] }) => body.results.map((card) => card.id);
const sitemapHas = async (id: string) => String((await call("GET", "/sitemap.xml")).body).includes(id);
const sitterPage = async (id: string) =>
  (await fetch(`${baseUrl()}/babysitter/${id}`, { headers: { accept: "text/html" } })).text();
const statusOf = async (id: string) =>
  String((await queryRows("SELECT status FROM bookings WHERE id = ?", [id]))[0].status);
const outboxEmailKey = (key: string) =>
  queryRows("SELECT id FROM outbox WHERE idempotency_key = ? AND status <> 'queued'", [key]);

let sitter: Member & { userId: string; phone: string; surname: string };
let parentA: Member; // her pending request, a favourite, a conversation and a completed sitting
let parentB: Member; // her upcoming confirmed booking and the sitting in progress; reads English
let pendingId: string;
let upcomingId: string;
let inProgressId: string;
let completedId: string;
let conversationId: string;
let childId: string;
/** The deletion email, the last delivery she may ever get. */
let deletionEmail: { id: string; createdAt: string };

beforeAll(async () => {
  const phone = uniquePhone();
  const surname = uniqueSurname();
  const [created, a, b] = await Promise.all([
    newMember("babysitter", { first_name: "Maëlle", last_name: surname, city: "Lyon", phone }),
    newMember("parent", { first_name: "Camille", last_name: "Roux", phone: uniquePhone() }),
    newMember("parent", { first_name: "Oliver", last_name: "Smith", phone: uniquePhone() }),
  ]);
  const [row] = await queryRows("SELECT user_id FROM profiles WHERE id = ?", [created.profileId]);
  sitter = { ...created, userId: String(row.user_id), phone: phone.replace(/\s/g, ""), surname };
  // Listed in search and the sitemap (edge/services/search/listing.ts): her own rate, a bio, availability.
  await execute(
    `UPDATE babysitter_profiles SET rate_chosen_at = '2026-01-01T00:00:00.000Z', available_hours = '{"mon":[["09:00","12:00"]]}'
     WHERE profile_id = ?`,
    [sitter.profileId],
  );
  await execute("UPDATE profiles SET bio = 'Étudiante, disponible le lundi.' WHERE id = ?", [sitter.profileId]);
  [parentA, parentB] = [a, b];
  await execute("UPDATE profiles SET language = 'en' WHERE id = ?", [parentB.profileId]);

  childId = crypto.randomUUID();
  await execute("INSERT INTO children (id, parent_id, name, age) VALUES (?, ?, 'Lou', 5)", [
    childId,
    parentA.profileId,
  ]);
  const requested = await call("POST", "/api/bookings", {
    cookie: parentA.cookie,
    json: {
      babysitter_id: sitter.profileId,
      date: addDays(parisToday(), 10),
      start_time: "18:00",
      end_time: "21:00",
      children_ids: [childId],
    },
  });
  expect(requested.status).toBe(201);
  pendingId = requested.body.booking.id;
  upcomingId = await insertBooking(parentB.profileId, sitter.profileId, "confirmed", 72);
  inProgressId = await insertBooking(parentB.profileId, sitter.profileId, "confirmed", -1);
  completedId = await insertBooking(parentA.profileId, sitter.profileId, "completed", -48);

  expect((await call("PUT", `/api/favourites/${sitter.profileId}`, { cookie: parentA.cookie })).status).toBeLessThan(
    300,
  );
  const opened = await call("POST", "/api/conversations", {
    cookie: parentA.cookie,
    json: { partner_id: sitter.profileId },
  });
  expect(opened.status).toBe(201);
  conversationId = opened.body.id;
  const sent = await call("POST", `/api/conversations/${conversationId}/messages`, {
    cookie: parentA.cookie,
    json: { content: "Bonjour, êtes-vous libre samedi ?", client_id: crypto.randomUUID() },
  });
  expect(sent.status).toBe(201);

  // Her push subscription (as Settings → Notifications stores it).
  await setPreferences(sitter, {});
  await execute("UPDATE communication_preferences SET push_token = ?, push_token_updated_at = ? WHERE user_id = ?", [
    JSON.stringify({ endpoint: "https://fcm.googleapis.com/fcm/send/gone", keys: { p256dh: "k", auth: "a" } }),
    new Date().toISOString(),
    sitter.userId,
  ]);
  // What was on its way to her before the deletion has arrived (notices leave after the answers).
  expect(await eventually(() => outboxEmailKey(`bookingRequested:${pendingId}:email`))).toHaveLength(1);
  expect(
    await eventually(() =>
      queryRows(
        "SELECT id FROM outbox WHERE recipient = ? AND idempotency_key LIKE 'newMessage:%' AND status <> 'queued'",
        [sitter.email],
      ),
    ),
  ).toHaveLength(1);

  // Everything the deletion must end is there before it.
  expect((await call("GET", `/api/babysitters/${sitter.profileId}`)).status).toBe(200);
  expect(resultIds((await search(`location=Lyon&q=${sitter.surname}`)).body)).toContain(sitter.profileId);
  expect(await sitemapHas(sitter.profileId)).toBe(true);
  expect(await sitterPage(sitter.profileId)).toContain(`<title>Maëlle ${sitter.surname}`);
  expect((await call("GET", "/api/favourites/ids", { cookie: parentA.cookie })).body.ids).toContain(sitter.profileId);

  const deleted = await call("POST", "/api/account/delete", {
    cookie: sitter.cookie,
    json: { confirmation: "SUPPRIMER" },
  });
  expect(deleted.status).toBe(200);
  expect(await waitForEmail(sitter.email, DELETION_SUBJECT)).toBeDefined();
  const [email] = await queryRows("SELECT id, created_at FROM outbox WHERE recipient = ? AND subject = ?", [
    sitter.email,
    DELETION_SUBJECT,
  ]);
  deletionEmail = { id: String(email.id), createdAt: String(email.created_at) };
});

describe("deleting a babysitter's account", () => {
  it("cancels her pending request and her upcoming confirmed booking, and tells each parent in their language", async () => {
    expect(await statusOf(pendingId)).toBe("cancelled");
    expect(await statusOf(upcomingId)).toBe("cancelled");
    // What already happened, or is happening, stays as it was.
    expect(await statusOf(inProgressId)).toBe("confirmed");
    expect(await statusOf(completedId)).toBe("completed");

    const noticeOf = (profileId: string, bookingId: string) =>
      queryRows("SELECT title, message FROM notifications WHERE profile_id = ? AND json_extract(data, '$.event') = ?", [
        profileId,
        `bookingCancelledAccountDeleted:${bookingId}`,
      ]);
    const [french] = await eventually(() => noticeOf(parentA.profileId, pendingId));
    expect(french.title).toBe("Réservation annulée");
    expect(french.message).toMatch(/^Maëlle Z\. a supprimé son compte : la garde du .+ est annulée\.$/);
    const [english] = await eventually(() => noticeOf(parentB.profileId, upcomingId));
    expect(english.title).toBe("Booking cancelled");
    expect(english.message).toMatch(/^Maëlle Z\. deleted their account: the sitting on .+ is cancelled\.$/);
    // By email too (their preferences' defaults), once each.
    expect(await eventually(() => outboxEmailKey(`bookingCancelledAccountDeleted:${pendingId}:email`))).toHaveLength(1);
    expect(await eventually(() => outboxEmailKey(`bookingCancelledAccountDeleted:${upcomingId}:email`))).toHaveLength(
      1,
    );
  });

  it("hides her profile and drops her push subscription in the same moment", async () => {
    const [profile] = await queryRows("SELECT profile_visibility FROM profiles WHERE id = ?", [sitter.profileId]);
    expect(profile.profile_visibility).toBe("hidden");
    const [preferences] = await queryRows("SELECT push_token FROM communication_preferences WHERE user_id = ?", [
      sitter.userId,
    ]);
    expect(preferences.push_token).toBeNull();
  });

  it("answers her public profile 404 to visitors and to the parents she worked for", async () => {
    for (const cookie of [undefined, parentA.cookie, parentB.cookie]) {
      const answer = await call("GET", `/api/babysitters/${sitter.profileId}`, { cookie });
      expect(answer.status).toBe(404);
    }
  });

  it("leaves her out of search, the sitemap and her page's description", async () => {
    expect(resultIds((await search(`location=Lyon&q=${sitter.surname}`)).body)).not.toContain(sitter.profileId);
    expect(resultIds((await search(`location=Lyon&q=${sitter.surname}`, parentA.cookie)).body)).not.toContain(
      sitter.profileId,
    );
    expect(await sitemapHas(sitter.profileId)).toBe(false);
    const html = await sitterPage(sitter.profileId);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain(sitter.surname);
  });

  it("takes her out of a parent's favourites, ids and dashboard count, and she cannot be added again", async () => {
    const list = await call("GET", "/api/favourites", { cookie: parentA.cookie });
    expect(list.body.favourites.map((card: { id: string }) => card.id)).not.toContain(sitter.profileId);
    expect((await call("GET", "/api/favourites/ids", { cookie: parentA.cookie })).body.ids).not.toContain(
      sitter.profileId,
    );
    expect((await call("GET", "/api/dashboard", { cookie: parentA.cookie })).body.favourite_sitters).toBe(0);
    expect((await call("PUT", `/api/favourites/${sitter.profileId}`, { cookie: parentA.cookie })).status).toBe(404);
  });

  it("refuses to book her as an unknown babysitter (404), writing nothing", async () => {
    const before = await countRows("SELECT count(*) FROM bookings WHERE babysitter_id = ?", [sitter.profileId]);
    expect((await call("GET", `/api/bookings/new/${sitter.profileId}`, { cookie: parentA.cookie })).status).toBe(404);
    const booked = await call("POST", "/api/bookings", {
      cookie: parentA.cookie,
      json: {
        babysitter_id: sitter.profileId,
        date: addDays(parisToday(), 12),
        start_time: "18:00",
        end_time: "21:00",
        children_ids: [childId],
      },
    });
    expect(booked.status).toBe(404);
    expect(booked.body.error.code).toBe("BABYSITTER_NOT_FOUND");
    expect(await countRows("SELECT count(*) FROM bookings WHERE babysitter_id = ?", [sitter.profileId])).toBe(before);
  });

  it("refuses a new conversation with her and any further message, with a clear message", async () => {
    // Parent B never wrote to her: she is unknown. Parent A did: she is 'deleted'.
    const stranger = await call("POST", "/api/conversations", {
      cookie: parentB.cookie,
      json: { partner_id: sitter.profileId },
    });
    expect(stranger.status).toBe(404);
    const known = await call("POST", "/api/conversations", {
      cookie: parentA.cookie,
      json: { partner_id: sitter.profileId },
    });
    expect(known.status).toBe(410);
    expect(known.body.error.message).toBe(GONE_FR);

    const count = () => countRows("SELECT count(*) FROM messages WHERE conversation_id = ?", [conversationId]);
    const before = await count();
    const sent = await call("POST", `/api/conversations/${conversationId}/messages`, {
      cookie: parentA.cookie,
      json: { content: "Vous êtes toujours là ?", client_id: crypto.randomUUID() },
      headers: { "accept-language": "en" },
    });
    expect(sent.status).toBe(410);
    expect(sent.body.error).toMatchObject({ code: "ACCOUNT_GONE", message: "This account is no longer available." });
    expect(await count()).toBe(before);
    // The thread itself stays readable: it is the parent's too.
    expect(
      (await call("GET", `/api/conversations/${conversationId}/messages`, { cookie: parentA.cookie })).status,
    ).toBe(200);
  });

  it("refuses a review of her, writing nothing", async () => {
    expect((await call("GET", `/api/reviews/booking/${completedId}`, { cookie: parentA.cookie })).status).toBe(410);
    const reviewed = await call("POST", "/api/reviews", {
      cookie: parentA.cookie,
      json: { booking_id: completedId, rating: 5, comment: "Très bien passé, enfants ravis et maison rangée." },
    });
    expect(reviewed.status).toBe(410);
    expect(reviewed.body.error.message).toBe(GONE_FR);
    expect(await countRows("SELECT count(*) FROM reviews WHERE booking_id = ?", [completedId])).toBe(0);
  });

  it("delivers nothing more to her, even an emergency alert on the sitting in progress", async () => {
    const raised = await call("POST", "/api/emergencies", {
      cookie: parentB.cookie,
      json: { booking_id: inProgressId, type: "medical", location: "Lyon 3e" },
    });
    expect(raised.status).toBe(201);
    const incident = raised.body.id as string;
    // The alert still reaches the parent and the staff (so every background delivery has run)...
    expect(
      await eventually(() => outboxEmailKey(`emergencyAlert:${incident}:${parentB.profileId}:email`)),
    ).toHaveLength(1);
    expect(
      await eventually(
        () =>
          queryRows("SELECT id FROM outbox WHERE idempotency_key LIKE ? AND status <> 'queued'", [
            `emergencyAlert:${incident}:%@veilleuse.fr`,
          ]),
        3,
      ),
    ).toHaveLength(3);

    // ...and after the deletion email, nothing at all is addressed to her: no email, SMS or push.
    const after = await queryRows(
      `SELECT channel, subject, idempotency_key FROM outbox
       WHERE created_at >= ? AND id <> ?
         AND (recipient IN (?, ?) OR json_extract(payload, '$.profileId') = ? OR idempotency_key LIKE ?)`,
      [
        deletionEmail.createdAt,
        deletionEmail.id,
        sitter.email,
        sitter.phone,
        sitter.profileId,
        `%${sitter.profileId}%`,
      ],
    );
    expect(after).toEqual([]);
    expect(
      await countRows("SELECT count(*) FROM notifications WHERE profile_id = ? AND created_at >= ?", [
        sitter.profileId,
        deletionEmail.createdAt,
      ]),
    ).toBe(0);
  });
});
