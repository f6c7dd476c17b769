// The profile services on a real migrated libSQL file: the public profile's figures, reviews,
// visibility and phone; the children's delete rule; geocoding from the cities table; the SEO texts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bookingChildren, bookings } from "../../db/schema/bookings";
import { user } from "../../db/schema/auth";
import { babysitterProfiles, children, profiles } from "../../db/schema/profiles";
import { reviews } from "../../db/schema/reviews";
import { ApiError } from "../../edge/lib/errors";
import { createChild, deleteChild, listChildren, updateChild } from "../../edge/services/profiles/children";
import { locateCity } from "../../edge/services/search/geocoding";
import {
  getPublicSitterProfile,
  latestReviews,
  maySee,
  median,
  planInForce,
  sitterStats,
} from "../../edge/services/profiles/public-profile";
import { sitterPageMeta, truncate, type SeoSitter } from "../../edge/services/search/seo";
import { createTempDb, type TempDb } from "./helpers/temp-db";

const eqId = (id: string) => eq(profiles.id, id);

let temp: TempDb;
let db: Db;
const HOUR = 3_600_000;
const t0 = Date.parse("2026-03-02T09:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

async function person(userType: "parent" | "babysitter", firstName: string, lastName = "Durand") {
  const id = crypto.randomUUID();
  const now = new Date(t0);
  await db.insert(user).values({ id, name: firstName, email: `${id}@exemple.fr`, createdAt: now, updatedAt: now });
  const [profile] = await db
    .insert(profiles)
    .values({ userId: id, userType, firstName, lastName, email: `${id}@exemple.fr`, phone: "0611223344" })
    .returning();
  if (userType === "babysitter")
    await db.insert(babysitterProfiles).values({ profileId: profile.id, hourlyRateCents: 1600 });
  return profile.id;
}

/** A booking created at `createdMs` whose last change (her answer) came `answeredAfterMinutes` later. */
async function booking(
  parentId: string,
  sitterId: string,
  status: string,
  createdMs: number,
  answeredAfterMinutes = 0,
) {
  const [row] = await db
    .insert(bookings)
    .values({
      parentId,
      babysitterId: sitterId,
      startTime: iso(createdMs + 72 * HOUR),
      endTime: iso(createdMs + 73 * HOUR), // one hour: the test spaces requests an hour apart, never overlapping
      hourlyRateCents: 1600,
      totalAmountCents: 4800,
      status: status as "pending",
      createdAt: iso(createdMs),
      respondedAt: status === "pending" ? null : iso(createdMs + answeredAfterMinutes * 60_000),
    })
    .returning();
  return row.id;
}

beforeAll(async () => {
  temp = await createTempDb("sitter-profile");
  db = temp.db;
});
afterAll(() => temp.cleanup());

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([])).toBeNull();
    expect(median([30])).toBe(30);
    expect(median([90, 10, 30])).toBe(30);
    expect(median([10, 40, 20, 30])).toBe(25);
  });
});

describe("sitterStats", () => {
  it("counts completed sittings, families with two or more, and the median answer time", async () => {
    const sitter = await person("babysitter", "Léa");
    const [a, b, c] = await Promise.all([
      person("parent", "Anne"),
      person("parent", "Bruno"),
      person("parent", "Chloé"),
    ]);
    await booking(a, sitter, "completed", t0, 60);
    await booking(a, sitter, "completed", t0 + HOUR, 60);
    await booking(b, sitter, "completed", t0 + 2 * HOUR, 60);
    await booking(b, sitter, "completed", t0 + 3 * HOUR, 60);
    await booking(b, sitter, "completed", t0 + 4 * HOUR, 60);
    await booking(c, sitter, "completed", t0 + 5 * HOUR, 60);
    // Answers: the completed sittings accepted after 1 h, two more after 30 min and 2 h, one declined
    // after 10 min; a pending one is not an answer. Median of 10, 30, 60 ×6, 120: 60.
    await booking(c, sitter, "confirmed", t0 + 6 * HOUR, 30);
    await booking(a, sitter, "confirmed", t0 + 7 * HOUR, 120);
    await booking(b, sitter, "cancelled", t0 + 8 * HOUR, 10);
    await booking(c, sitter, "pending", t0 + 9 * HOUR, 0);
    expect(await sitterStats(db, sitter)).toEqual({
      completed_sittings: 6,
      repeat_families: 2,
      response_time_minutes: 60,
    });
  });

  it("is all zeros, and no answer time, for a new babysitter", async () => {
    const sitter = await person("babysitter", "Nina");
    expect(await sitterStats(db, sitter)).toEqual({
      completed_sittings: 0,
      repeat_families: 0,
      response_time_minutes: null,
    });
  });
});

describe("latestReviews", () => {
  it("keeps the 10 newest, with the reviewer's first name and initial", async () => {
    const sitter = await person("babysitter", "Maëlle");
    const parent = await person("parent", "Sophie", "Lambert");
    for (let i = 0; i < 12; i++) {
      const bookingId = await booking(parent, sitter, "completed", t0 + i * HOUR);
      await db.insert(reviews).values({
        bookingId,
        reviewerId: parent,
        reviewedId: sitter,
        rating: (i % 5) + 1,
        comment: `Soirée numéro ${i} : tout s'est très bien passé avec les enfants.`,
        createdAt: iso(t0 + i * 24 * HOUR),
      });
    }
    const latest = await latestReviews(db, sitter);
    expect(latest).toHaveLength(10);
    expect(latest[0].comment).toContain("numéro 11");
    expect(latest[9].comment).toContain("numéro 2");
    expect(latest[0].reviewer).toEqual({ first_name: "Sophie", last_initial: "L", photo_url: null });
    expect(latest.every((review) => !review.by_viewer)).toBe(true);
    const seenByHer = await latestReviews(db, sitter, parent);
    expect(seenByHer.every((review) => review.by_viewer)).toBe(true);
    const seenByTheSitter = await latestReviews(db, sitter, sitter);
    expect(seenByTheSitter.some((review) => review.by_viewer)).toBe(false);
  });
});

describe("who may see a profile", () => {
  it("follows profile_visibility", () => {
    const member = { id: "p", userType: "parent" };
    expect(maySee("public", null, false, false)).toBe(true);
    expect(maySee("members", null, false, false)).toBe(false);
    expect(maySee("members", member, false, false)).toBe(true);
    expect(maySee("hidden", member, false, false)).toBe(false);
    expect(maySee("hidden", member, false, true)).toBe(true);
    expect(maySee("hidden", member, true, false)).toBe(true);
  });

  it("counts an expired paid plan as discovery", () => {
    const now = Date.parse("2026-05-01T00:00:00Z");
    expect(planInForce("premium", "2026-06-01T00:00:00Z", now)).toBe("premium");
    expect(planInForce("standard", "2026-04-01T00:00:00Z", now)).toBe("discovery");
    expect(planInForce("standard", null, now)).toBe("standard");
  });

  it("serves a hidden profile to a parent with a booking, the phone only with a confirmed one", async () => {
    const sitter = await person("babysitter", "Inès");
    await db.update(profiles).set({ profileVisibility: "hidden" }).where(eqId(sitter));
    const [booked, confirmed, stranger] = await Promise.all([
      person("parent", "Paul"),
      person("parent", "Rose"),
      person("parent", "Yann"),
    ]);
    await booking(booked, sitter, "completed", t0);
    await booking(confirmed, sitter, "confirmed", t0 + HOUR);
    const viewer = (id: string) => ({ id, userType: "parent" });
    await expect(getPublicSitterProfile(db, sitter, null)).rejects.toBeInstanceOf(ApiError);
    await expect(getPublicSitterProfile(db, sitter, viewer(stranger))).rejects.toMatchObject({ status: 404 });
    expect((await getPublicSitterProfile(db, sitter, viewer(booked))).phone).toBeNull();
    expect((await getPublicSitterProfile(db, sitter, viewer(confirmed))).phone).toBe("0611223344");
    const own = await getPublicSitterProfile(db, sitter, { id: sitter, userType: "babysitter" });
    expect(own.viewer.is_owner).toBe(true);
    expect(own.phone).toBeNull();
    await expect(getPublicSitterProfile(db, stranger, null)).rejects.toMatchObject({ messageKey: "profiles.notFound" });
  });
});

describe("children", () => {
  it("are listed, changed and deleted only through their own parent", async () => {
    const [parent, other, sitter] = await Promise.all([
      person("parent", "Julie"),
      person("parent", "Marc"),
      person("babysitter", "Emma"),
    ]);
    const child = await createChild(db, parent, { name: " Tom ", age: 5, allergies: " ", special_needs: "Asthme" });
    expect(child).toMatchObject({ name: "Tom", allergies: null, special_needs: "Asthme" });
    expect(await listChildren(db, other)).toEqual([]);
    await expect(updateChild(db, other, child.id, { age: 9 })).rejects.toMatchObject({ status: 404 });
    await expect(deleteChild(db, other, child.id)).rejects.toMatchObject({ status: 404 });
    expect((await listChildren(db, parent))[0]).toEqual(child);

    const bookingId = await booking(parent, sitter, "confirmed", t0);
    await db.insert(bookingChildren).values({ bookingId, childId: child.id });
    await expect(deleteChild(db, parent, child.id)).rejects.toMatchObject({
      status: 409,
      code: "CHILD_ON_ACTIVE_BOOKING",
    });
    await db.update(bookings).set({ status: "completed" }).where(eq(bookings.id, bookingId));
    await deleteChild(db, parent, child.id);
    expect(await db.select().from(children).where(eq(children.id, child.id))).toEqual([]);
    expect(await db.select().from(bookingChildren).where(eq(bookingChildren.childId, child.id))).toEqual([]);
  });
});

describe("a profile's position from the commune register", () => {
  it("finds the commune by name and postal code, any case, and nothing for an unknown pair", async () => {
    const near = (found: { latitude: number; longitude: number } | null, latitude: number, longitude: number) =>
      expect(found && Math.hypot(found.latitude - latitude, found.longitude - longitude)).toBeLessThan(0.1);
    near(await locateCity(db, "saint-denis", "93200"), 48.936, 2.357);
    near(await locateCity(db, " Saint-Denis ", "97400"), -20.882, 55.45);
    near(await locateCity(db, "Lyon"), 45.76, 4.83);
    expect(await locateCity(db, "Saint-Denis", "69001")).toBeNull();
    expect(await locateCity(db, "Nulle-Part")).toBeNull();
  });
});

describe("SEO texts", () => {
  const sitter: SeoSitter = {
    id: "abc",
    visibility: "public",
    firstName: "Léa",
    lastName: "Dubois",
    city: "Paris",
    bio: "Titulaire du CAP AEPE, je garde des enfants depuis six ans. ".repeat(5),
    photoUrl: "/api/photos/x.png",
    hourlyRateCents: 1850,
    experienceYears: 6,
    listed: true,
  };

  it("cuts long text at a word, with an ellipsis", () => {
    expect(truncate("court", 160)).toBe("court");
    expect(truncate("un  deux\n trois", 160)).toBe("un deux trois");
    const cut = truncate("mot ".repeat(100), 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith("mot…")).toBe(true);
  });

  it("describes her in French or English, on the configured origin", () => {
    const fr = sitterPageMeta(sitter, "fr", "https://veilleuse.fr");
    expect(fr.title).toBe("Léa Dubois, baby-sitter à Paris · Veilleuse");
    expect(fr.description).toMatch(
      /^Léa Dubois, baby-sitter à Paris : 6 ans d'expérience, 18,50\s€ de l'heure\. Titulaire /,
    );
    expect(fr.description.length).toBeLessThanOrEqual(160);
    expect(fr.url).toBe("https://veilleuse.fr/babysitter/abc");
    expect(fr.image).toBe("https://veilleuse.fr/api/photos/x.png");
    expect(fr.locale).toBe("fr_FR");
    const en = sitterPageMeta(
      { ...sitter, city: null, experienceYears: 1, photoUrl: null, bio: null },
      "en",
      "https://veilleuse.fr",
    );
    expect(en.title).toBe("Léa Dubois, babysitter · Veilleuse");
    expect(en.description).toBe("Léa Dubois, babysitter: 1 year of experience, €18.50 an hour.");
    expect(en.image).toBeNull();
  });
});
