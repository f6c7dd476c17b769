// The one "this account is live" predicate (edge/services/account-state.ts) on a real migrated
// libSQL file: a babysitter whose user row is marked deleted, her profile still public (as a state
// that does not touch the profile would leave it), is gone from every read and write that uses it.
// The API test tests/api/account-deletion.test.ts covers the whole deletion through the Worker.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_CONFIG_DEFAULTS } from "../../db/constants/ai-config";
import type { Db } from "../../db/client";
import { searchQuerySchema } from "../../db/validators/search";
import type { Notice } from "../../edge/services/notifications/notify";
import { notifyProfile } from "../../edge/services/notifications/notify";
import type { Env } from "../../edge/env";
import { ApiError } from "../../edge/lib/errors";
import { isLiveProfile, isLiveUser } from "../../edge/services/account-state";
import { createBooking } from "../../edge/services/bookings/bookings";
import { addFavourite, favouriteIds, listFavourites } from "../../edge/services/profiles/favourites";
import { startConversation } from "../../edge/services/messaging/messages";
import { getPublicSitterProfile } from "../../edge/services/profiles/public-profile";
import { reviewContext } from "../../edge/services/bookings/reviews";
import { runSearchPlan, searchPlan } from "../../edge/services/search/search";
import { findSeoSitter, sitemapSitters } from "../../edge/services/search/seo";
import { addDays, parisToday } from "../../db/time/paris-time";
import { createTempDb, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
let db: Db;
const PARIS = { latitude: 48.8566, longitude: 2.3522 };
const exec = (sql: string, args: (string | number)[] = []) => temp.client.execute({ sql, args });

/** A user and profile (id = user id = profile id), a babysitter placed in Paris with her details. */
async function person(id: string, userType: "parent" | "babysitter") {
  const now = Date.now();
  await exec("INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)", [
    id,
    id,
    `${id}@test.fr`,
    now,
    now,
  ]);
  await exec(
    `INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, city, latitude, longitude)
     VALUES (?, ?, ?, 'Inès', 'Durand', ?, 'Paris', ?, ?)`,
    [id, id, userType, `${id}@test.fr`, PARIS.latitude, PARIS.longitude],
  );
  if (userType === "babysitter") {
    // Listed (edge/services/search/listing.ts): her own rate, a bio and some availability.
    await exec(
      `INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents, rate_chosen_at, available_hours)
       VALUES (?, 1500, '2025-01-01T00:00:00.000Z', '{"mon":[["08:00","12:00"]]}')`,
      [id],
    );
    await exec("UPDATE profiles SET bio = 'Étudiante, disponible le lundi.' WHERE id = ?", [id]);
  }
}

const searchPage = async () =>
  (
    await runSearchPlan(
      db,
      searchPlan(
        searchQuerySchema.parse({ radius: "5" }),
        { ...PARIS, source: "position", label: null },
        {
          signedIn: true,
          now: new Date(),
          config: { ...AI_CONFIG_DEFAULTS.matching },
        },
      ),
    )
  ).rows.map((row) => row.profile_id);

const statusOf = async (work: Promise<unknown>) => {
  try {
    await work;
    return "ok";
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}`;
    throw error;
  }
};

beforeAll(async () => {
  temp = await createTempDb("account-state");
  db = temp.db;
  await person("sitter", "babysitter");
  await person("parent", "parent");
  await exec("INSERT INTO children (id, parent_id, name, age) VALUES ('kid', 'parent', 'Lou', 5)");
  await exec(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES ('done', 'parent', 'sitter', '2025-01-04T17:00:00.000Z', '2025-01-04T20:00:00.000Z', 1500, 4500, 'completed')`,
  );
  await addFavourite(db, { parentId: "parent", babysitterId: "sitter" });
});
afterAll(() => temp.cleanup());

describe("a live account", () => {
  it("is found everywhere (the baseline)", async () => {
    expect(await isLiveProfile(db, "sitter")).toBe(true);
    expect(await isLiveUser(db, "sitter")).toBe(true);
    expect((await getPublicSitterProfile(db, "sitter", null)).id).toBe("sitter");
    expect(await searchPage()).toContain("sitter");
    expect((await sitemapSitters(db, 100)).map((row) => row.id)).toContain("sitter");
    expect(await favouriteIds(db, "parent")).toEqual(["sitter"]);
  });
});

describe("an account marked deleted, its profile still public", () => {
  beforeAll(async () => {
    await exec("UPDATE user SET deleted_at = ? WHERE id = 'sitter'", [Date.now()]);
  });

  it("is not live; unknown ids are not either, other accounts are", async () => {
    expect(await isLiveProfile(db, "sitter")).toBe(false);
    expect(await isLiveUser(db, "sitter")).toBe(false);
    expect(await isLiveProfile(db, "nobody")).toBe(false);
    expect(await isLiveProfile(db, "parent")).toBe(true);
  });

  it("is gone from the public profile, search, the SEO page, the sitemap and favourites", async () => {
    expect(await statusOf(getPublicSitterProfile(db, "sitter", null))).toBe("404 NOT_FOUND");
    expect(await statusOf(getPublicSitterProfile(db, "sitter", { id: "parent", userType: "parent" }))).toBe(
      "404 NOT_FOUND",
    );
    expect(await searchPage()).not.toContain("sitter");
    expect(await findSeoSitter(db, "sitter")).toBeNull();
    expect((await sitemapSitters(db, 100)).map((row) => row.id)).not.toContain("sitter");
    expect(await favouriteIds(db, "parent")).toEqual([]);
    expect(await listFavourites(db, { parentId: "parent" })).toEqual({ favourites: [], total: 0 });
  });

  it("cannot be booked, favourited, written to first or reviewed", async () => {
    const slot = { date: addDays(parisToday(), 5), start_time: "18:00", end_time: "21:00", children_ids: ["kid"] };
    expect(await statusOf(createBooking(db, "parent", { babysitter_id: "sitter", ...slot }, Date.now()))).toBe(
      "404 BABYSITTER_NOT_FOUND",
    );
    await exec("DELETE FROM favourites");
    expect(await statusOf(addFavourite(db, { parentId: "parent", babysitterId: "sitter" }))).toBe(
      "404 BABYSITTER_NOT_FOUND",
    );
    expect(await statusOf(startConversation(db, { id: "parent", userType: "parent" }, "sitter"))).toBe(
      "404 USER_NOT_FOUND",
    );
    expect(await statusOf(reviewContext(db, "parent", "done"))).toBe("410 ACCOUNT_GONE");
  });

  it("receives no notice, not even in the in-app centre", async () => {
    const notice: Notice = {
      event: "reviewReceived",
      occurrence: "r1",
      recipientId: "sitter",
      params: { otherName: "Camille D.", rating: 5 },
      link: "/bookings/done",
    };
    // The recipient is refused before any channel (or the configuration) is touched.
    expect(await notifyProfile({} as Env, db, notice)).toEqual({ inApp: false, email: false, sms: false, push: false });
    const rows = await exec("SELECT count(*) AS n FROM notifications WHERE profile_id = 'sitter'");
    expect(Number(rows.rows[0].n)).toBe(0);
    expect(Number((await exec("SELECT count(*) AS n FROM outbox")).rows[0].n)).toBe(0);
  });
});

describe("an account suspended by an admin", () => {
  beforeAll(async () => {
    await exec(
      "UPDATE user SET deleted_at = NULL, suspended_at = ?, suspension_reason = 'Fraude' WHERE id = 'sitter'",
      [Date.now()],
    );
  });

  it("is gone like a deleted one: not live, not in search nor on its public profile", async () => {
    expect(await isLiveUser(db, "sitter")).toBe(false);
    expect(await isLiveProfile(db, "sitter")).toBe(false);
    expect(await searchPage()).not.toContain("sitter");
    expect(await statusOf(getPublicSitterProfile(db, "sitter", null))).toBe("404 NOT_FOUND");
    expect(await statusOf(reviewContext(db, "parent", "done"))).toBe("410 ACCOUNT_GONE");
  });

  it("is back everywhere once the suspension is lifted", async () => {
    await exec("UPDATE user SET suspended_at = NULL, suspension_reason = NULL WHERE id = 'sitter'");
    expect(await isLiveProfile(db, "sitter")).toBe(true);
    expect(await searchPage()).toContain("sitter");
    expect((await getPublicSitterProfile(db, "sitter", null)).id).toBe("sitter");
  });
});
