// The AI settings' "recommendations" group acting on the search's relevance order (edge/services/
// search/recommendations.ts): an admin's save changes the very next search. The sitters live around
// Aubusson (Creuse), far from the seeded world's cities and from the other search tests' sitters,
// so every order asserted here is theirs alone. The settings go back to the demo world's afterwards.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_CONFIG_DEFAULTS, type AiConfigValues } from "../../db/constants/ai-config";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import {
  call,
  execute,
  fromAddress,
  freshAddress,
  insertBooking,
  type Member,
  memberOf,
  newMember,
  queryRows,
  uniqueEmail,
} from "./helpers";

type Card = {
  id: string;
  match_score: number;
  match_parts: Record<string, number>;
  boost_parts: { popularity: number; personal: number };
};

const KM_PER_DEGREE = (6371 * Math.PI) / 180;
const EVERY_DAY = Object.fromEntries(
  ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, [["00:00", "24:00"]]]),
);
/** Nothing but the match: no boost, no re-ranking. */
const PLAIN: AiConfigValues["recommendations"] = {
  ...AI_CONFIG_DEFAULTS.recommendations,
  popularityBoost: 0,
  personalizedWeight: 0,
  diversityFactor: 0,
};

let admin: Member;
let centre: { latitude: number; longitude: number };
/** Two shapes (recommendations.ts profileShape): "a" sitters 6 years and 15 EUR, "b" sitters 2 years and 22 EUR. */
const A: string[] = [];
const B: string[] = [];
/** The plain order: the "a" sitters are nearer and cheaper, each a little farther than the one before. */
let plain: string[];

/** A listed babysitter `km` north of the centre, inserted directly (the rows a sign-up makes). */
async function insertSitter(km: number, years: number, rateEuros: number): Promise<string> {
  const userId = randomUUID();
  const profileId = randomUUID();
  const email = uniqueEmail("reco");
  const now = String(Date.now());
  await execute(
    "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, 'Reco Test', ?, 1, ?, ?)",
    [userId, email, now, now],
  );
  await execute(
    `INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, city, bio, rating, profile_visibility,
       latitude, longitude)
     VALUES (?, ?, 'babysitter', 'Reco', 'Test', ?, 'Aubusson', 'Garde d''enfants à domicile.', 4, 'public', ?, ?)`,
    [profileId, userId, email, centre.latitude + km / KM_PER_DEGREE, centre.longitude],
  );
  await execute(
    `INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents, experience_years, languages, available_hours,
       subscription_plan, rate_chosen_at)
     VALUES (?, ?, ?, '["fr"]', ?, 'discovery', ?)`,
    [profileId, rateEuros * 100, years, JSON.stringify(EVERY_DAY), new Date().toISOString()],
  );
  return profileId;
}

const saveRecommendations = async (values: typeof PLAIN) => {
  const saved = await call("PUT", "/api/admin/ai-config/recommendations", { cookie: admin.cookie, json: values });
  expect(saved.status).toBe(200);
};

const search = async (cookie?: string): Promise<Card[]> => {
  const answer = await call("GET", `/api/search?lat=${centre.latitude}&lng=${centre.longitude}&radius=5`, {
    cookie,
    headers: fromAddress(freshAddress()),
  });
  expect(answer.status).toBe(200);
  expect(answer.body.total).toBe(A.length + B.length);
  return answer.body.results;
};
const ids = (cards: Card[]) => cards.map((card) => card.id);
const shapeOf = (id: string) => (A.includes(id) ? "a" : "b");
const longestRun = (order: string[]) => {
  let longest = 0;
  let run = 0;
  order.forEach((id, i) => {
    run = i > 0 && shapeOf(order[i - 1]) === shapeOf(id) ? run + 1 : 1;
    longest = Math.max(longest, run);
  });
  return longest;
};

beforeAll(async () => {
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
  const [row] = await queryRows("SELECT latitude, longitude FROM cities WHERE insee_code = ?", ["23008"]);
  centre = { latitude: Number(row.latitude), longitude: Number(row.longitude) };
  for (let i = 0; i < 6; i++) A.push(await insertSitter(0.2 + 0.2 * i, 6, 15));
  for (let i = 0; i < 3; i++) B.push(await insertSitter(1.5 + 0.2 * i, 2, 22));
  plain = [...A, ...B];
});

// The demo world's recommendations are the defaults.
afterAll(async () => {
  await saveRecommendations({ ...AI_CONFIG_DEFAULTS.recommendations });
});

describe("the recommendations settings on the relevance order", () => {
  it("diversityFactor 0 keeps the plain score order; a higher factor allows no more than N of a shape in a row", async () => {
    await saveRecommendations(PLAIN);
    const cards = await search();
    expect(ids(cards)).toEqual(plain);
    const scores = cards.map((card) => card.match_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(longestRun(ids(cards))).toBe(6);

    // 0.3: N = round(5 x (1 - 0.6)) = 2.
    await saveRecommendations({ ...PLAIN, diversityFactor: 0.3 });
    const two = ids(await search());
    expect(two).toEqual([A[0], A[1], B[0], A[2], A[3], B[1], A[4], A[5], B[2]]);
    expect(longestRun(two)).toBe(2);

    // 0.5: N = 1, until only one shape is left.
    await saveRecommendations({ ...PLAIN, diversityFactor: 0.5 });
    expect(ids(await search())).toEqual([A[0], B[0], A[1], B[1], A[2], B[2], A[3], A[4], A[5]]);

    // An explicit sort keeps its own order.
    const byPrice = await call(
      "GET",
      `/api/search?lat=${centre.latitude}&lng=${centre.longitude}&radius=5&sort=price`,
      { headers: fromAddress(freshAddress()) },
    );
    expect(ids(byPrice.body.results)).toEqual(plain);
  });

  it("lifts a signed-in parent's favourite and booked sitter by personalizedWeight, faster with a higher learningRate", async () => {
    const parent = await newMember("parent");
    const other = await newMember("parent");
    const favourite = B[2]; // last of the plain order
    expect((await call("PUT", `/api/favourites/${favourite}`, { cookie: parent.cookie })).status).toBe(200);
    await insertBooking(parent.profileId, favourite, "completed", -24 * 30);

    await saveRecommendations(PLAIN);
    expect(ids(await search(parent.cookie))).toEqual(plain);

    // The defaults' learning rate (0.01): two interactions give an affinity of 1 - 0.99^60 = 0.45.
    await saveRecommendations({ ...PLAIN, personalizedWeight: 1 });
    const slow = await search(parent.cookie);
    const slowRank = ids(slow).indexOf(favourite);
    expect(slowRank).toBeLessThan(plain.indexOf(favourite));
    expect(slow[slowRank].boost_parts.personal).toBeCloseTo(1 - 0.99 ** 60, 3);
    expect(slow.filter((card) => card.id !== favourite).every((card) => card.boost_parts.personal === 0)).toBe(true);

    await saveRecommendations({ ...PLAIN, personalizedWeight: 1, learningRate: 0.1 });
    const fast = await search(parent.cookie);
    expect(ids(fast)[0]).toBe(favourite);
    expect(fast[0].boost_parts.personal).toBeGreaterThan(slow[slowRank].boost_parts.personal);

    // Her signals are hers: signed out, or another parent, the plain order.
    expect(ids(await search())).toEqual(plain);
    expect(ids(await search(other.cookie))).toEqual(plain);

    // No weight, no lift.
    await saveRecommendations({ ...PLAIN, learningRate: 0.1 });
    expect(ids(await search(parent.cookie))).toEqual(plain);
  });

  it("lifts the most reviewed sitter by popularityBoost", async () => {
    const popular = A[5];
    await execute("UPDATE profiles SET total_reviews = 40 WHERE id = ?", [popular]);
    await execute("UPDATE profiles SET total_reviews = 3 WHERE id = ?", [B[0]]);

    await saveRecommendations(PLAIN);
    expect(ids(await search())).toEqual(plain);

    await saveRecommendations({ ...PLAIN, popularityBoost: 0.5 });
    const cards = await search();
    expect(ids(cards)[0]).toBe(popular);
    expect(cards[0].boost_parts.popularity).toBe(1);
    const lesser = cards.find((card) => card.id === B[0])!;
    expect(lesser.boost_parts.popularity).toBeCloseTo(Math.log(4) / Math.log(41), 3);
    expect(ids(cards).indexOf(B[0])).toBeLessThan(plain.indexOf(B[0]));
  });

  it("ranks the admin's test with unsaved recommendations values beside those in force", async () => {
    await saveRecommendations(PLAIN);
    const tested = await call("POST", "/api/admin/ai-config/test", {
      cookie: admin.cookie,
      json: {
        matching: AI_CONFIG_DEFAULTS.matching,
        recommendations: { ...PLAIN, diversityFactor: 0.5 },
        search: { location: "Aubusson", radius: 5 },
      },
    });
    expect(tested.status).toBe(200);
    const proposed = tested.body.proposed.map((card: Card) => card.id);
    const current = tested.body.current.map((card: Card) => card.id);
    expect(current).toEqual(plain);
    expect(proposed).toEqual([A[0], B[0], A[1], B[1], A[2], B[2], A[3], A[4], A[5]]);
    expect(tested.body.proposed[0].boost_parts).toEqual({ popularity: expect.any(Number), personal: 0 });
    // Nothing saved: the search still has the values in force.
    expect(ids(await search())).toEqual(plain);
  });
});
