// The search query pieces (edge/services/search/search-sql.ts) and the whole query on a real libSQL file:
// the box pre-filter loses nobody within the radius, SQL's distance and match score equal their JS
// definitions (matching.ts), and so do the recommendations' boosts (recommendations.ts) with a
// parent's own favourites and bookings; the diversity re-ranking pages without doubles; sitter_text
// follows profiles through its triggers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InValue } from "@libsql/client";
import { AI_CONFIG_DEFAULTS } from "../../db/constants/ai-config";
import { PLAN_SEARCH_BOOST } from "../../db/constants/plans";
import { AGE_GROUPS, LANGUAGES, SPECIALTIES, SUBSCRIPTION_PLANS, WEEKDAYS } from "../../db/schema/enums";
import { foldName, foldPlaceQuery } from "../../db/text/fold";
import { searchQuerySchema } from "../../db/validators/search";
import { matchScore } from "../../edge/services/search/matching";
import {
  boostPoints,
  DIVERSITY_WINDOW,
  diversify,
  diversityRun,
  profileShape,
  type RecommendationsConfig,
} from "../../edge/services/search/recommendations";
import {
  boundingBox,
  haversineKm,
  searchWords,
  type SearchPlan,
  type SearchRow,
} from "../../edge/services/search/search-sql";
import {
  availabilitySummary,
  parisToday,
  rowBoostParts,
  rowMatchParts,
  runSearchPlan,
  searchPlan,
} from "../../edge/services/search/search";
import { createRng } from "../../db/seed/random";
import { createTempDb, type TempDb } from "./helpers/temp-db";

describe("text", () => {
  it("folds accents, case, ligatures and punctuation", () => {
    expect(foldName("L'Haÿ-les-Roses")).toBe("l hay les roses");
    expect(foldName("  Œuvre  ÉTÉ ")).toBe("oeuvre ete");
    expect(foldPlaceQuery("St-Étienne")).toBe("saint etienne");
    expect(foldPlaceQuery("Ste Maxime")).toBe("sainte maxime");
    expect(foldPlaceQuery("st")).toBe("st"); // still typing: could be Strasbourg
  });

  it("turns typed text into folded words, each once, or nothing", () => {
    expect(searchWords("Hélène  Dupré")).toEqual(["helene", "dupre"]);
    expect(searchWords("d'Été, été…")).toEqual(["d", "ete"]);
    expect(searchWords('a" OR b %_')).toEqual(["a", "or", "b"]);
    expect(searchWords("un deux trois quatre cinq six sept huit neuf")).toHaveLength(8);
    expect(searchWords(" -- ")).toBeNull();
    expect(searchWords(undefined)).toBeNull();
  });
});

describe("geometry", () => {
  it("haversine: Paris to Lyon is about 392 km, a point to itself 0", () => {
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    expect(haversineKm(paris, { latitude: 45.764, longitude: 4.8357 })).toBeCloseTo(392, -1);
    expect(haversineKm(paris, paris)).toBe(0);
  });

  it("the bounding box holds every point of the circle", () => {
    const rng = createRng(3);
    for (const origin of [
      { latitude: 48.8566, longitude: 2.3522 },
      { latitude: 43.3, longitude: 5.37 },
      { latitude: -21.1, longitude: 55.5 },
    ]) {
      for (const radius of [1, 10, 50]) {
        const box = boundingBox(origin, radius);
        for (let i = 0; i < 200; i++) {
          const angle = rng.next() * 2 * Math.PI;
          // A point just inside the circle, walked along the bearing with the haversine's own sphere.
          const d = (radius * 0.999) / 6371;
          const lat1 = (origin.latitude * Math.PI) / 180;
          const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(angle));
          const lng2 =
            (origin.longitude * Math.PI) / 180 +
            Math.atan2(Math.sin(angle) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
          const point = { latitude: (lat2 * 180) / Math.PI, longitude: (lng2 * 180) / Math.PI };
          expect(haversineKm(origin, point)).toBeLessThanOrEqual(radius);
          expect(point.latitude).toBeGreaterThanOrEqual(box.minLat);
          expect(point.latitude).toBeLessThanOrEqual(box.maxLat);
          expect(point.longitude).toBeGreaterThanOrEqual(box.minLng);
          expect(point.longitude).toBeLessThanOrEqual(box.maxLng);
        }
      }
    }
  });
});

describe("time and availability", () => {
  it("takes today's weekday and time in Europe/Paris, summer and winter", () => {
    expect(parisToday(new Date("2026-07-05T21:30:00Z"))).toEqual({ weekday: "sun", time: "23:30" });
    expect(parisToday(new Date("2026-07-05T22:30:00Z"))).toEqual({ weekday: "mon", time: "00:30" });
    expect(parisToday(new Date("2026-01-12T07:05:00Z"))).toEqual({ weekday: "mon", time: "08:05" });
  });

  it("summarises the weekly slots for the card", () => {
    expect(availabilitySummary({ sat: [["09:00", "13:00"]] }, false)).toEqual({
      available_today: false,
      weekends: true,
      weekdays: false,
      evenings: false,
    });
    expect(availabilitySummary({ tue: [["18:00", "22:00"]] }, true)).toEqual({
      available_today: true,
      weekends: false,
      weekdays: true,
      evenings: true,
    });
  });
});

describe("the query on a real database", () => {
  let temp: TempDb;
  /** `listed`: rate chosen, a bio and some availability (edge/services/search/listing.ts). */
  type Sitter = { id: string; latitude: number | null; longitude: number | null; visibility: string; listed?: boolean };
  const sitters: Sitter[] = [];
  const exec = (sql: string, args: InValue[] = []) => temp.client.execute({ sql, args });
  const origin = { latitude: 45.764, longitude: 4.8357 }; // Lyon
  const now = new Date("2026-03-10T15:00:00Z"); // a Tuesday, 16:00 in Paris

  async function addSitter(i: number, rng: ReturnType<typeof createRng>, overrides: Partial<Sitter> = {}) {
    const id = overrides.id ?? `sitter-${i}`;
    const angle = rng.next() * 2 * Math.PI;
    const km = rng.next() * 40;
    const sitter: Sitter = {
      id,
      latitude: origin.latitude + (km * Math.cos(angle)) / 111.2,
      longitude: origin.longitude + (km * Math.sin(angle)) / (111.2 * Math.cos((origin.latitude * Math.PI) / 180)),
      visibility: rng.pick(["public", "public", "public", "members", "hidden"]),
      ...overrides,
    };
    // Each of the three listing requirements missing now and then: search must leave exactly those out.
    const bio = rng.chance(0.7) ? "Étudiante, j'adore les enfants." : rng.pick([null, "   "]);
    const rateChosen = overrides.listed || rng.chance(0.9);
    sitters.push(sitter);
    const t = Date.now();
    await exec("INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)", [
      `u-${id}`,
      id,
      `${id}@test.fr`,
      t,
      t,
    ]);
    await exec(
      `INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, city, bio, photo_url, is_verified,
         rating, profile_visibility, latitude, longitude, total_reviews)
       VALUES (?, ?, 'babysitter', ?, 'Test', ?, 'Lyon', ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        `u-${id}`,
        rng.pick(["Hélène", "Léa", "Zoé", "Anaïs"]),
        `${id}@test.fr`,
        overrides.listed ? "Étudiante, j'adore les enfants." : bio,
        rng.chance(0.5) ? "https://example.org/p.jpg" : null,
        rng.chance(0.5) ? 1 : 0,
        rng.chance(0.2) ? 0 : Math.round((1 + rng.next() * 4) * 10) / 10,
        sitter.visibility,
        sitter.latitude,
        sitter.longitude,
        (i * 7) % 41, // reviews for the popularity, drawn without the rng so the sitters stay the same
      ],
    );
    const days = WEEKDAYS.filter(() => rng.chance(0.4));
    if (overrides.listed && days.length === 0) days.push("mon");
    const hours = Object.fromEntries(
      days.map((d) => [
        d,
        [
          rng.pick([
            ["08:00", "12:00"],
            ["14:00", "22:00"],
          ]),
        ],
      ]),
    );
    await exec(
      `INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents, experience_years, languages, specialties,
         age_groups, available_hours, emergency_available, has_references, subscription_plan, rate_chosen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        rng.int(10, 30) * 100,
        rng.int(0, 8),
        JSON.stringify(rng.pickSome([...LANGUAGES], 1, 3)),
        JSON.stringify(rng.pickSome([...SPECIALTIES], 0, 4)),
        JSON.stringify(rng.pickSome([...AGE_GROUPS], 0, 3)),
        JSON.stringify(hours),
        rng.chance(0.3) ? 1 : 0,
        rng.chance(0.5) ? 1 : 0,
        rng.pick([...SUBSCRIPTION_PLANS]),
        rateChosen ? new Date(t).toISOString() : null,
      ],
    );
    sitter.listed = rateChosen && (bio ?? "").trim() !== "" && days.length > 0;
    if (overrides.listed) sitter.listed = true;
  }

  beforeAll(async () => {
    temp = await createTempDb("search-sql");
    const rng = createRng(11);
    for (let i = 0; i < 300; i++) await addSitter(i, rng);
    await addSitter(300, rng, { latitude: null, longitude: null, visibility: "public" });
    await addParent();
  }, 60_000);

  /**
   * A parent who favourited some sitters and booked some: each kind of interaction, and bookings
   * that do not count (pending, cancelled). Sitters 0-9 are all within 40 km or not: the checks
   * compare SQL and JS on whoever is found.
   */
  const PARENT_USER = "u-parent";
  async function addParent() {
    const t = Date.now();
    await exec(
      "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, 'p', ?, 1, ?, ?)",
      [PARENT_USER, "parent@test.fr", t, t],
    );
    await exec(
      `INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email) VALUES ('parent', ?, 'parent', 'Paule', 'Test', 'parent@test.fr')`,
      [PARENT_USER],
    );
    for (const i of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
      await exec("INSERT INTO favourites (parent_profile_id, babysitter_profile_id) VALUES ('parent', ?)", [
        `sitter-${i}`,
      ]);
    const statuses = ["completed", "completed", "confirmed", "pending", "cancelled"];
    for (let i = 0; i < 30; i++) {
      const start = new Date(Date.UTC(2026, 0, 1 + i, 18));
      await exec(
        `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
         VALUES (?, 'parent', ?, ?, ?, 1500, 4500, ?)`,
        [
          `booking-${i}`,
          `sitter-${(i * 3) % 20}`,
          start.toISOString(),
          new Date(start.getTime() + 3 * 3_600_000).toISOString(),
          statuses[i % statuses.length],
        ],
      );
    }
  }

  afterAll(() => temp.cleanup());

  const planFor = (
    query: Record<string, string>,
    signedIn = false,
    recommendations: RecommendationsConfig = AI_CONFIG_DEFAULTS.recommendations,
    userId: string | null = null,
  ): SearchPlan => ({
    ...searchPlan(
      searchQuerySchema.parse(query),
      { ...origin, source: "position", label: null },
      {
        signedIn,
        now,
        config: { ...AI_CONFIG_DEFAULTS.matching },
        recommendations,
        userId,
      },
    ),
    limit: 1000,
  });
  /** No re-ranking: the plain order of the relevance. */
  const noDiversity = { ...AI_CONFIG_DEFAULTS.recommendations, diversityFactor: 0 };
  const strongBoosts = { learningRate: 0.05, personalizedWeight: 1, popularityBoost: 0.5, diversityFactor: 0 };

  it("finds exactly the visible, placed, listed sitters within the radius: the box loses nobody", async () => {
    for (const [radius, signedIn] of [
      [5, false],
      [15, true],
      [50, false],
    ] as const) {
      const { rows, total } = await runSearchPlan(temp.db, planFor({ radius: String(radius) }, signedIn));
      const expected = sitters.filter(
        (s) =>
          s.listed === true &&
          s.latitude !== null &&
          s.longitude !== null &&
          (s.visibility === "public" || (signedIn && s.visibility === "members")) &&
          haversineKm(origin, { latitude: s.latitude, longitude: s.longitude }) <= radius,
      );
      expect(new Set(rows.map((r) => r.profile_id))).toEqual(new Set(expected.map((s) => s.id)));
      expect(total).toBe(expected.length);
      for (const row of rows) expect(row.distance_km).toBeCloseTo(haversineKm(origin, row), 9);
    }
  });

  it.each<[Record<string, string>, RecommendationsConfig, string | null]>([
    [{}, noDiversity, null],
    [{ languages: "en,es", specialties: "homework" }, noDiversity, null],
    [{ ageGroups: "3-5,6-12", minRate: "12", maxRate: "25" }, noDiversity, null],
    [{ maxRate: "20", availableToday: "true" }, noDiversity, null],
    [{ q: "helene", experience: "1-3,5+" }, noDiversity, null],
    [{}, noDiversity, PARENT_USER],
    [{ maxRate: "20" }, strongBoosts, PARENT_USER],
    [{}, { ...strongBoosts, learningRate: 0.001 }, PARENT_USER],
  ])("scores in SQL exactly as matchParts/matchScore and the boosts do (%o, %o, %s)", async (filters, recs, user) => {
    const plan = planFor({ radius: "40", ...filters }, user !== null, recs, user);
    const { rows } = await runSearchPlan(temp.db, plan);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows as (SearchRow & Record<string, number>)[]) {
      const parts = rowMatchParts(row, plan);
      expect(row.part_profile).toBeCloseTo(parts.profile, 9);
      expect(row.part_location).toBeCloseTo(parts.location, 9);
      expect(row.part_availability).toBeCloseTo(parts.availability, 9);
      expect(row.part_rating).toBeCloseTo(parts.rating, 9);
      expect(row.part_price).toBeCloseTo(parts.price, 9);
      expect(row.match_score).toBeCloseTo(matchScore(parts, plan.config), 9);
      const boosts = rowBoostParts(row, plan);
      expect(row.part_popularity).toBeCloseTo(boosts.popularity, 9);
      expect(row.part_personal).toBeCloseTo(boosts.personal, 9);
    }
    // The popularity and the personal signals are there to be tested: some rows have each.
    expect(rows.some((r) => r.part_popularity > 0 && r.part_popularity < 1)).toBe(true);
    expect(rows.some((r) => r.part_personal > 0)).toBe(user !== null);
    if (!plan.words) {
      const relevance = rows.map((r) => {
        const points = boostPoints(rowBoostParts(r, plan), plan.recommendations);
        return Math.min(100, r.match_score + PLAN_SEARCH_BOOST[r.plan] + points.popularity + points.personal);
      });
      expect(relevance).toEqual([...relevance].sort((a, b) => b - a));
      rows.forEach((row, i) => expect(row.relevance).toBeCloseTo(relevance[i], 9));
    }
  });

  it("counts the parent's favourite and confirmed or completed bookings only, and nobody else's", async () => {
    const plan = planFor({ radius: "40" }, true, strongBoosts, PARENT_USER);
    const { rows } = await runSearchPlan(temp.db, plan);
    const counted = await temp.client.execute(
      `SELECT s, count(*) AS k FROM (
         SELECT babysitter_profile_id AS s FROM favourites WHERE parent_profile_id = 'parent'
         UNION ALL SELECT babysitter_id FROM bookings WHERE parent_id = 'parent' AND status IN ('confirmed', 'completed')
       ) GROUP BY s`,
    );
    const expected = new Map(counted.rows.map((r) => [String(r.s), Number(r.k)]));
    expect(Math.max(...expected.values())).toBeGreaterThan(1);
    for (const row of rows) expect(row.interactions).toBe(expected.get(row.profile_id) ?? 0);
    // Another signed-in member (not this parent) gets no personal signal.
    const other = await runSearchPlan(temp.db, planFor({ radius: "40" }, true, strongBoosts, "u-sitter-1"));
    expect(other.rows.every((r) => r.interactions === 0)).toBe(true);
  });

  it("re-ranks the relevance order's first pages for diversity, each sitter on one page only", async () => {
    const recs = { ...noDiversity, diversityFactor: 0.3 };
    const maxRun = diversityRun(recs.diversityFactor)!;
    const plain = (await runSearchPlan(temp.db, planFor({ radius: "40" }, false, noDiversity))).rows;
    expect(plain.length).toBeGreaterThan(DIVERSITY_WINDOW + 12);
    const pages: SearchRow[] = [];
    for (let page = 1; (page - 1) * 12 < plain.length; page++) {
      const plan = { ...planFor({ radius: "40", page: String(page) }, false, recs), limit: 12 };
      pages.push(...(await runSearchPlan(temp.db, plan)).rows);
    }
    const ids = pages.map((r) => r.profile_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      [...diversify(plain.slice(0, DIVERSITY_WINDOW), maxRun, profileShape), ...plain.slice(DIVERSITY_WINDOW)].map(
        (r) => r.profile_id,
      ),
    );
    expect(ids.slice(0, DIVERSITY_WINDOW)).not.toEqual(plain.slice(0, DIVERSITY_WINDOW).map((r) => r.profile_id));
    // An explicit sort is never re-ranked.
    const byPrice = await runSearchPlan(temp.db, planFor({ radius: "40", sort: "price" }, false, recs));
    const plainByPrice = await runSearchPlan(temp.db, planFor({ radius: "40", sort: "price" }, false, noDiversity));
    expect(byPrice.rows.map((r) => r.profile_id)).toEqual(plainByPrice.rows.map((r) => r.profile_id));
  });

  it("keeps sitter_text in step with profiles (insert, update of name, city and bio, delete, change of role)", async () => {
    const find = async (q: string) =>
      (await runSearchPlan(temp.db, planFor({ radius: "50", q }, true))).rows.map((r) => r.profile_id);
    const id = "sitter-fts";
    await addSitter(999, createRng(5), { id, latitude: origin.latitude, longitude: origin.longitude, listed: true });
    await exec("UPDATE profiles SET first_name = 'Bérénice' WHERE id = ?", [id]);
    expect(await find("berenice")).toEqual([id]);
    await exec("UPDATE profiles SET bio = 'Passionnée de xylophone' WHERE id = ?", [id]);
    expect(await find("xylo")).toEqual([id]);
    expect(await find("berenice xylophone")).toEqual([id]);
    await exec("UPDATE profiles SET city = 'Quimperlé' WHERE id = ?", [id]);
    expect(await find("quimperle")).toEqual([id]);
    await exec("UPDATE profiles SET last_name = 'Ozanne-Vidal' WHERE id = ?", [id]);
    expect(await find("vidal berenice")).toEqual([id]);
    await exec("UPDATE profiles SET latitude = latitude + 1 WHERE id = ?", [id]);
    expect(await find("berenice")).toEqual([]); // 111 km away: its cells moved too
    await exec("UPDATE profiles SET latitude = latitude - 1 WHERE id = ?", [id]);
    expect(await find("berenice")).toEqual([id]);
    await exec("UPDATE profiles SET user_type = 'parent' WHERE id = ?", [id]);
    expect(await find("berenice")).toEqual([]);
    await exec("UPDATE profiles SET user_type = 'babysitter' WHERE id = ?", [id]);
    expect(await find("berenice")).toEqual([id]);
    await exec("DELETE FROM user WHERE id = ?", [`u-${id}`]);
    expect(await find("berenice")).toEqual([]);
    const [{ n }] = (await exec("SELECT count(*) AS n FROM sitter_text WHERE name_words LIKE '% berenice%'"))
      .rows as unknown as { n: number }[];
    expect(n).toBe(0);
  });

  it("ranks a typed word in the name above the city, and the city above the bio; only word starts match", async () => {
    const place = { latitude: origin.latitude + 0.01, longitude: origin.longitude + 0.01, listed: true };
    const inName = "text-name";
    const inCity = "text-city";
    const inBio = "text-bio";
    for (const [i, id] of [inName, inCity, inBio].entries()) await addSitter(900 + i, createRng(21), { id, ...place });
    await exec("UPDATE profiles SET first_name = 'Ysaline', city = 'Lyon', bio = 'Gardes le soir.' WHERE id = ?", [
      inName,
    ]);
    await exec(
      "UPDATE profiles SET first_name = 'Anne', city = 'Saint-Ysaline', bio = 'Gardes le soir.' WHERE id = ?",
      [inCity],
    );
    await exec(
      "UPDATE profiles SET first_name = 'Anne', city = 'Lyon', bio = 'Fan de (Ysaline) la série.' WHERE id = ?",
      [inBio],
    );
    // Without the recommendations' boosts: the free-text bonus alone on top of the match.
    const noBoost = { ...noDiversity, popularityBoost: 0 };
    const plan = { ...planFor({ radius: "50", q: "ysal" }, true, noBoost), sort: "relevance" as const };
    const { rows } = await runSearchPlan(temp.db, plan);
    expect(rows.map((r) => [r.profile_id, r.text_score])).toEqual([
      [inName, 10],
      [inCity, 3],
      [inBio, 1],
    ]);
    // The best match gets the whole bonus, the others their share of it.
    for (const row of rows)
      expect(row.relevance).toBeCloseTo(Math.min(100, row.match_score + row.boost + (20 * row.text_score!) / 10), 9);
    expect((await runSearchPlan(temp.db, planFor({ radius: "50", q: "saline" }, true))).rows).toEqual([]);
    for (const id of [inName, inCity, inBio]) await exec("DELETE FROM user WHERE id = ?", [`u-${id}`]);
  });

  it("has its triggers (a migration that rebuilds profiles must recreate them)", async () => {
    const { rows } = await exec(
      "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('profiles', 'babysitter_profiles')",
    );
    expect(rows.map((r) => r.name).sort()).toEqual([
      // The dashboard's funnel steps follow a sitter's profile (migration 0032).
      "babysitter_profiles_member_funnel_delete",
      "babysitter_profiles_member_funnel_insert",
      "babysitter_profiles_member_funnel_update",
      // Its activity days, sign-up hour and funnel steps follow its role and sign-up (migration 0032).
      "profiles_activity_days_role",
      // Its activity per commune follows it when it moves, changes role or goes (migration 0028).
      "profiles_city_activity_after_move",
      "profiles_city_activity_before_move",
      "profiles_city_activity_delete",
      // The commune a profile is counted in by the admin Geography (migration 0027).
      "profiles_city_after_insert",
      "profiles_city_after_update",
      // The Geography's people per commune and role follow it (migration 0035).
      "profiles_city_people_after_update",
      "profiles_city_people_before_update",
      "profiles_city_people_delete",
      "profiles_city_people_insert",
      "profiles_dashboard_hours_after_update",
      "profiles_dashboard_hours_before_update",
      "profiles_dashboard_hours_delete",
      "profiles_dashboard_hours_insert",
      // The analytics' first bookings, monthly activity and cohorts follow its sign-up, role and
      // account (migration 0029).
      "profiles_first_booking_sign_up",
      "profiles_member_activity_insert",
      "profiles_member_activity_update",
      "profiles_member_cohort_after_update",
      "profiles_member_cohort_before_update",
      "profiles_member_cohort_delete",
      "profiles_member_cohort_insert",
      "profiles_member_funnel_insert",
      "profiles_member_funnel_update",
      // The console's Users search index follows names, emails, cities and phones (migration 0036).
      "profiles_text_delete",
      "profiles_text_insert",
      "profiles_text_update",
      // The search cache's version of the data moves with a sitter's profile (migration 0031).
      "search_data_version_profile_delete",
      "search_data_version_profile_update",
      "search_data_version_sitter_delete",
      "search_data_version_sitter_insert",
      "search_data_version_sitter_update",
      "sitter_search_after_profile_update",
      "sitter_search_after_sitter_delete",
      "sitter_search_after_sitter_insert",
      "sitter_search_after_sitter_update",
      "sitter_text_after_profile_update",
    ]);
  });

  it("keeps sitter_search's masks in the enums' order and each day's latest slot end", async () => {
    const id = "sitter-1";
    const masks = async () =>
      (
        await exec(
          "SELECT languages_mask, specialties_mask, age_groups_mask, available_days, tue_end FROM sitter_search WHERE profile_id = ?",
          [id],
        )
      ).rows[0];
    for (const [column, values, mask] of [
      ["languages", LANGUAGES, "languages_mask"],
      ["specialties", SPECIALTIES, "specialties_mask"],
      ["age_groups", AGE_GROUPS, "age_groups_mask"],
    ] as const) {
      for (const [bit, value] of values.entries()) {
        await exec(`UPDATE babysitter_profiles SET ${column} = ? WHERE profile_id = ?`, [JSON.stringify([value]), id]);
        expect((await masks())[mask], value).toBe(1 << bit);
      }
      await exec(`UPDATE babysitter_profiles SET ${column} = ? WHERE profile_id = ?`, [JSON.stringify(values), id]);
      expect((await masks())[mask]).toBe((1 << values.length) - 1);
    }
    for (const [bit, day] of WEEKDAYS.entries()) {
      await exec("UPDATE babysitter_profiles SET available_hours = ? WHERE profile_id = ?", [
        JSON.stringify({ [day]: [["08:00", "12:00"]] }),
        id,
      ]);
      expect((await masks()).available_days, day).toBe(1 << bit);
    }
    await exec("UPDATE babysitter_profiles SET available_hours = ? WHERE profile_id = ?", [
      JSON.stringify({
        tue: [
          ["18:00", "21:30"],
          ["08:00", "12:00"],
        ],
        wed: [],
      }),
      id,
    ]);
    expect(await masks()).toMatchObject({ available_days: 2, tue_end: "21:30" });
  });

  it("keeps sitter_search's rate_chosen in step with babysitter_profiles.rate_chosen_at", async () => {
    const id = "sitter-1";
    const rateChosen = async () =>
      Number((await exec("SELECT rate_chosen FROM sitter_search WHERE profile_id = ?", [id])).rows[0][0]);
    await exec("UPDATE babysitter_profiles SET rate_chosen_at = NULL WHERE profile_id = ?", [id]);
    expect(await rateChosen()).toBe(0);
    await exec("UPDATE babysitter_profiles SET rate_chosen_at = ? WHERE profile_id = ?", [
      new Date().toISOString(),
      id,
    ]);
    expect(await rateChosen()).toBe(1);
  });

  it("leaves sitters without coordinates out of sitter_search, and follows them when they get some", async () => {
    const placed = async () =>
      Number((await exec("SELECT count(*) FROM sitter_search WHERE profile_id = 'sitter-300'")).rows[0][0]);
    expect(await placed()).toBe(0);
    await exec("UPDATE profiles SET latitude = 45.7, longitude = 4.8 WHERE id = 'sitter-300'");
    expect(await placed()).toBe(1);
    await exec("UPDATE profiles SET latitude = NULL, longitude = NULL WHERE id = 'sitter-300'");
    expect(await placed()).toBe(0);
  });
});
