// Reviews through the real Worker: the review page's data, publishing both ways on completed
// bookings only, the French and English messages, one review per reviewer per booking (also under a race), and
// the reviewed profile's rating and total_reviews recomputed from the reviews table.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { call, countRows, memberOf, newMember, queryRows, type Member } from "./helpers";

const EN = { "accept-language": "en" };
const COMMENT = "Ponctuelle, douce et très attentive avec les enfants, je recommande.";

let parent: Member;
let sitter: Member;
let strangerParent: Member;
let strangerSitter: Member;

const review = (who: Member, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call("POST", "/api/reviews", { json: body, cookie: who.cookie, headers });
const context = (who: Member, bookingId: string, headers: Record<string, string> = {}) =>
  call("GET", `/api/reviews/booking/${bookingId}`, { cookie: who.cookie, headers });

const reviewCount = (bookingId: string) => countRows("SELECT count(*) FROM reviews WHERE booking_id = ?", [bookingId]);

/** The profile's stored rating and count, and what the reviews table says they should be. */
async function ratingOf(profileId: string) {
  const [row] = await queryRows(
    `SELECT p.rating AS rating, p.total_reviews AS total,
       (SELECT round(avg(rating), 2) FROM reviews WHERE reviewed_id = p.id) AS average,
       (SELECT count(*) FROM reviews WHERE reviewed_id = p.id) AS count
     FROM profiles p WHERE p.id = ?`,
    [profileId],
  );
  return {
    rating: Number(row.rating),
    total: Number(row.total),
    average: Number(row.average),
    count: Number(row.count),
  };
}

/** Seeded completed bookings nobody reviewed yet, with their parties' emails. */
async function unreviewedCompleted(limit: number) {
  return (await queryRows(
    `SELECT b.id AS id, pp.email AS parent, sp.email AS sitter FROM bookings b
       JOIN profiles pp ON pp.id = b.parent_id JOIN profiles sp ON sp.id = b.babysitter_id
     WHERE b.status = 'completed' AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = b.id)
       AND pp.email LIKE '%@demo.veilleuse.fr' ORDER BY b.end_time DESC LIMIT ${limit}`,
    [],
  )) as unknown as { id: string; parent: string; sitter: string }[];
}

/**
 * A seeded confirmed sitting that is over and nobody reviewed (the demo pair's while there is one),
 * marked completed by its parent through the API; its two parties signed in.
 */
async function completedSitting() {
  const [row] = await queryRows(
    `SELECT b.id AS id, pp.email AS parent, sp.email AS sitter FROM bookings b
       JOIN profiles pp ON pp.id = b.parent_id JOIN profiles sp ON sp.id = b.babysitter_id
     WHERE b.status = 'confirmed' AND b.end_time < strftime('%Y-%m-%dT%H:%M:%fZ','now')
       AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = b.id)
     ORDER BY (pp.email = ?) DESC, b.end_time DESC LIMIT 1`,
    [DEMO_ACCOUNTS.parent.email],
  );
  const parentMember = await memberOf(String(row.parent));
  const sitterMember = await memberOf(String(row.sitter));
  const done = await call("PATCH", `/api/bookings/${row.id}/status`, {
    json: { action: "complete" },
    cookie: parentMember.cookie,
  });
  expect(done.status).toBe(200);
  return { id: String(row.id), parent: parentMember, sitter: sitterMember };
}

const firstNameOf = async (member: Member) =>
  String((await queryRows("SELECT first_name FROM profiles WHERE id = ?", [member.profileId]))[0].first_name);

let sitting: string;
let demoParent: Member;

beforeAll(async () => {
  const completed = await completedSitting();
  ({ parent, sitter } = completed);
  sitting = completed.id;
  demoParent = await memberOf(DEMO_ACCOUNTS.parent.email);
  strangerParent = await newMember("parent");
  strangerSitter = await newMember("babysitter");
});

describe("the review page's data", () => {
  it("gives each party the other one, the times and the children kept", async () => {
    const { status, body } = await context(parent, sitting);
    expect(status).toBe(200);
    const [row] = await queryRows("SELECT start_time, end_time FROM bookings WHERE id = ?", [sitting]);
    expect(body.booking).toEqual({ id: sitting, start_time: row.start_time, end_time: row.end_time });
    expect(body.reviewed).toMatchObject({
      id: sitter.profileId,
      first_name: await firstNameOf(sitter),
      user_type: "babysitter",
    });
    expect(body.reviewed.phone).toBeUndefined();
    const kept = await queryRows(
      "SELECT c.name AS name, c.age AS age FROM booking_children bc JOIN children c ON c.id = bc.child_id WHERE bc.booking_id = ? ORDER BY c.age DESC",
      [sitting],
    );
    expect(body.children).toEqual(kept.map((k) => ({ name: k.name, age: k.age })));
    expect(body.already_reviewed).toBe(false);

    const forSitter = (await context(sitter, sitting)).body;
    expect(forSitter.reviewed).toMatchObject({
      id: parent.profileId,
      first_name: await firstNameOf(parent),
      user_type: "parent",
    });
  });

  it("answers 'Réservation non trouvée ou non terminée' to strangers, for bookings not completed and unknown ids", async () => {
    const [notCompleted] = await queryRows(
      "SELECT id FROM bookings WHERE parent_id = ? AND status <> 'completed' LIMIT 1",
      [demoParent.profileId],
    );
    for (const [who, id] of [
      [strangerParent, sitting],
      [strangerSitter, sitting],
      [demoParent, String(notCompleted.id)],
      [parent, "00000000-0000-4000-8000-000000000000"], // well-formed, nobody's (malformed ids: id-params.test.ts)
    ] as const) {
      const fr = await context(who, id);
      expect(fr.status).toBe(404);
      expect(fr.body.error).toEqual({ code: "NOT_REVIEWABLE", message: "Réservation non trouvée ou non terminée" });
    }
    expect((await context(strangerParent, sitting, EN)).body.error.message).toBe("Booking not found or not completed");
    expect((await call("GET", `/api/reviews/booking/${sitting}`)).status).toBe(401);
  });
});

describe("publishing a review", () => {
  it.each([
    ["no rating", { rating: undefined }, "rating", "Veuillez sélectionner une note", "Please select a rating"],
    ["a rating of 6", { rating: 6 }, "rating", "Veuillez sélectionner une note", "Please select a rating"],
    ["no comment", { comment: undefined }, "comment", "Un commentaire est requis", "A comment is required"],
    ["a blank comment", { comment: "   " }, "comment", "Un commentaire est requis", "A comment is required"],
    [
      "a comment under 20 characters",
      { comment: "Très bien, merci" },
      "comment",
      "Le commentaire doit faire au moins 20 caractères",
      "The comment must be at least 20 characters long",
    ],
    [
      "the reviewed id",
      { reviewed_id: "someone" },
      "reviewed_id",
      "Champ inconnu : reviewed_id",
      "Unknown field: reviewed_id",
    ],
  ])("refuses %s (400, fr and en) and writes nothing", async (_, change, field, fr, en) => {
    const body = { booking_id: sitting, rating: 5, comment: COMMENT, ...change };
    const french = await review(parent, body);
    expect(french.status).toBe(400);
    expect(french.body.error).toMatchObject({ field, message: fr });
    const english = await review(parent, body, EN);
    expect(english.body.error).toMatchObject({ field, message: en });
    expect(await reviewCount(sitting)).toBe(0);
  });

  it("refuses malformed JSON", async () => {
    const answer = await call("POST", "/api/reviews", { raw: "{", cookie: parent.cookie });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("INVALID_JSON");
  });

  it("refuses strangers and bookings not completed (404), and changes no rating", async () => {
    const before = await ratingOf(sitter.profileId);
    for (const who of [strangerParent, strangerSitter]) {
      const answer = await review(who, { booking_id: sitting, rating: 1, comment: COMMENT });
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe("Réservation non trouvée ou non terminée");
    }
    const [confirmed] = await queryRows(
      "SELECT id FROM bookings WHERE parent_id = ? AND status = 'confirmed' LIMIT 1",
      [demoParent.profileId],
    );
    const early = await review(demoParent, { booking_id: String(confirmed.id), rating: 1, comment: COMMENT });
    expect(early.status).toBe(404);
    expect(await reviewCount(sitting)).toBe(0);
    expect(await reviewCount(String(confirmed.id))).toBe(0);
    expect(await ratingOf(sitter.profileId)).toEqual(before);
  });

  it("publishes both ways, recomputing each reviewed profile's rating and count in the same write", async () => {
    const sitterBefore = await ratingOf(sitter.profileId);
    const byParent = await review(parent, { booking_id: sitting, rating: 2, comment: `  ${COMMENT}  ` });
    expect(byParent.status).toBe(201);
    expect(byParent.body.review).toMatchObject({
      booking_id: sitting,
      reviewer_id: parent.profileId,
      reviewed_id: sitter.profileId,
      rating: 2,
      comment: COMMENT,
    });
    const sitterAfter = await ratingOf(sitter.profileId);
    expect(sitterAfter.total).toBe(sitterBefore.total + 1);
    expect(sitterAfter.total).toBe(sitterAfter.count);
    expect(sitterAfter.rating).toBe(sitterAfter.average);
    // The new average, from the old one and the new 2.
    expect(sitterAfter.rating).toBeCloseTo(
      (sitterBefore.average * sitterBefore.count + 2) / (sitterBefore.count + 1),
      2,
    );
    expect(byParent.body.reviewed).toEqual({
      id: sitter.profileId,
      rating: sitterAfter.rating,
      total_reviews: sitterAfter.total,
    });

    const parentBefore = await ratingOf(parent.profileId);
    const bySitter = await review(sitter, {
      booking_id: sitting,
      rating: 5,
      comment: "Famille adorable, enfants ravis et consignes très claires.",
    });
    expect(bySitter.status).toBe(201);
    const parentAfter = await ratingOf(parent.profileId);
    expect(parentAfter.total).toBe(parentBefore.total + 1);
    expect(parentAfter.rating).toBe(parentAfter.average);
    expect(await reviewCount(sitting)).toBe(2);

    expect((await context(parent, sitting)).body.already_reviewed).toBe(true);
    const listed = await call("GET", `/api/bookings/${sitting}`, { cookie: parent.cookie });
    expect(listed.body.booking.can_review).toBe(false);
  });

  it("refuses a second review by the same reviewer (409, fr and en), keeping the first and the rating", async () => {
    const before = await ratingOf(sitter.profileId);
    const again = await review(parent, { booking_id: sitting, rating: 5, comment: COMMENT });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: "ALREADY_REVIEWED",
      message: "Vous avez déjà laissé un avis pour cette réservation",
    });
    expect((await review(parent, { booking_id: sitting, rating: 5, comment: COMMENT }, EN)).body.error.message).toBe(
      "You have already left a review for this booking",
    );
    expect(
      await countRows("SELECT count(*) FROM reviews WHERE booking_id = ? AND reviewer_id = ?", [
        sitting,
        parent.profileId,
      ]),
    ).toBe(1);
    expect(await ratingOf(sitter.profileId)).toEqual(before);
  });

  it("keeps one review when the same reviewer publishes ten times at once: one 201, nine 409", async () => {
    const [booking] = await unreviewedCompleted(1);
    const reviewer = await memberOf(booking.parent);
    const [sitterRow] = await queryRows("SELECT id FROM profiles WHERE email = ?", [booking.sitter]);
    const before = await ratingOf(String(sitterRow.id));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        review(reviewer, { booking_id: booking.id, rating: 1 + (i % 5), comment: COMMENT }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await reviewCount(booking.id)).toBe(1);
    const after = await ratingOf(String(sitterRow.id));
    expect(after.total).toBe(before.total + 1);
    expect(after.rating).toBe(after.average);
  });

  it("stores the comment as written (the web app shows it as text)", async () => {
    const [booking] = await unreviewedCompleted(1);
    const reviewer = await memberOf(booking.sitter);
    const comment = "<b>Super</b> famille <script>alert(1)</script>, à refaire !";
    const answer = await review(reviewer, { booking_id: booking.id, rating: 4, comment });
    expect(answer.status).toBe(201);
    const [row] = await queryRows("SELECT comment FROM reviews WHERE booking_id = ? AND reviewer_id = ?", [
      booking.id,
      reviewer.profileId,
    ]);
    expect(row.comment).toBe(comment);
  });
});
