// The search query, built in SQL so the database filters, scores, orders and pages: only one page of
// rows ever leaves it. Pieces are small pure functions (unit-tested in tests/unit/search-sql.test.ts).
//
// Spatial pre-filter: a bounding box on the indexed coordinates (profiles_lat_lng_idx), then the exact
// haversine distance for the rows inside the box only. We chose the B-tree box over an R*Tree virtual
// table: R*Tree is compiled into the `libsql` package we run locally, but we cannot check that every
// libSQL server (sqld, Turso) enables it, while a plain index works everywhere and, the sitters being
// spread over the country, a 1-50 km box holds a small, bounded share of them (tests/bench/search.ts).
// Sitters without coordinates (address not geocoded) cannot be placed, so no radius search finds them.
//
// sin/cos/asin/sqrt are SQLite's math functions, which libSQL builds in (the `libsql` package and
// sqld share libsql-ffi's bundled SQLite).
import { sql, type SQL } from "drizzle-orm";
import type { ProfileVisibility, SubscriptionPlan, Weekday } from "@db/schema/enums";
import { PLAN_SEARCH_BOOST } from "@db/constants/plans";
import type { SearchSort } from "@db/validators/search";
import { foldName } from "@db/text/fold";
import { weightsOf, type MatchingConfig } from "./matching";

export const EARTH_RADIUS_KM = 6371;
/** Length of one degree of latitude (and of longitude at the equator), in km. */
export const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;
const RADIANS = Math.PI / 180;
/** FTS5 column weights of bm25(): a word of the name counts most, then the city, then the bio. */
const TEXT_WEIGHTS = { name: 10, city: 3, bio: 1 };
/** Points the best free-text match adds to the relevance (others in proportion to their bm25 rank). */
export const TEXT_MATCH_BONUS = 20;
const MAX_TEXT_TERMS = 8;

export type LatLng = { latitude: number; longitude: number };

export type SearchPlan = {
  origin: LatLng;
  radiusKm: number;
  visibilities: readonly ProfileVisibility[];
  /** An FTS5 query (ftsQuery()), or null without free text. */
  text: string | null;
  minRateCents?: number;
  maxRateCents?: number;
  minRating?: number;
  availableToday: boolean;
  verifiedOnly: boolean;
  emergency: boolean;
  references: boolean;
  languages: readonly string[];
  specialties: readonly string[];
  ageGroups: readonly string[];
  experience: readonly { minYears: number; maxYears: number | null }[];
  /** Now in Europe/Paris: the weekday key of `available_hours` and "HH:MM". */
  today: { weekday: Weekday; time: string };
  config: MatchingConfig;
  sort: SearchSort;
  limit: number;
  offset: number;
};

/** Typed words -> an FTS5 query: each word folded, quoted and a prefix ("hel"*), all required. */
export function ftsQuery(text: string | undefined): string | null {
  const words = foldName(text ?? "")
    .split(" ")
    .filter(Boolean)
    .slice(0, MAX_TEXT_TERMS);
  return words.length > 0 ? words.map((w) => `"${w}"*`).join(" ") : null;
}

/** The box around `origin` that holds every point within `radiusKm` (poles and the 180th meridian aside). */
export function boundingBox({ latitude, longitude }: LatLng, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE;
  // Longitude degrees shrink with the cosine of the latitude: take the box's widest (most polar) edge.
  const widest = Math.min(89.9, Math.abs(latitude) + dLat);
  const dLng = radiusKm / (KM_PER_DEGREE * Math.cos(widest * RADIANS));
  return {
    minLat: latitude - dLat,
    maxLat: latitude + dLat,
    minLng: longitude - dLng,
    maxLng: longitude + dLng,
  };
}

/** Great-circle distance in km (haversine), the JS twin of distanceSql(). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const sinLat = Math.sin(((b.latitude - a.latitude) * RADIANS) / 2);
  const sinLng = Math.sin(((b.longitude - a.longitude) * RADIANS) / 2);
  const h = sinLat * sinLat + Math.cos(a.latitude * RADIANS) * Math.cos(b.latitude * RADIANS) * sinLng * sinLng;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Haversine from `origin` to the row's (p.latitude, p.longitude), in km. */
export function distanceSql({ latitude, longitude }: LatLng): SQL {
  const half = RADIANS / 2;
  const sinLat = sql`sin((p.latitude - ${latitude}) * ${half})`;
  const sinLng = sql`sin((p.longitude - ${longitude}) * ${half})`;
  return sql`(${2 * EARTH_RADIUS_KM} * asin(min(1.0, sqrt(${sinLat} * ${sinLat} + ${Math.cos(latitude * RADIANS)} * cos(p.latitude * ${RADIANS}) * ${sinLng} * ${sinLng}))))`;
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** How many of `values` the JSON array column holds. */
const coveredSql = (column: SQL, values: readonly string[]) =>
  values.length === 0
    ? sql`0`
    : sql`(SELECT count(DISTINCT j.value) FROM json_each(${column}) j WHERE j.value IN (${list(values)}))`;

/** A slot today that is not over yet. */
export const availableTodaySql = (today: SearchPlan["today"]) =>
  sql`EXISTS (SELECT 1 FROM json_each(bp.available_hours, ${`$.${today.weekday}`}) s WHERE json_extract(s.value, '$[1]') > ${today.time})`;

const availableSomeDaySql = sql`EXISTS (SELECT 1 FROM json_each(bp.available_hours) d WHERE json_type(d.value) = 'array' AND json_array_length(d.value) > 0)`;

/** Every hard filter (a sitter failing one is not in the results at all). */
export function filterConditions(plan: SearchPlan): SQL[] {
  const box = boundingBox(plan.origin, plan.radiusKm);
  const conditions: SQL[] = [
    sql`p.user_type = 'babysitter'`,
    sql`p.profile_visibility IN (${list(plan.visibilities)})`,
    sql`p.latitude BETWEEN ${box.minLat} AND ${box.maxLat}`,
    sql`p.longitude BETWEEN ${box.minLng} AND ${box.maxLng}`,
  ];
  if (plan.minRateCents !== undefined) conditions.push(sql`bp.hourly_rate_cents >= ${plan.minRateCents}`);
  if (plan.maxRateCents !== undefined) conditions.push(sql`bp.hourly_rate_cents <= ${plan.maxRateCents}`);
  if (plan.minRating !== undefined) conditions.push(sql`p.rating >= ${plan.minRating}`);
  if (plan.verifiedOnly) conditions.push(sql`p.is_verified = 1`);
  if (plan.emergency) conditions.push(sql`bp.emergency_available = 1`);
  if (plan.references) conditions.push(sql`bp.has_references = 1`);
  if (plan.availableToday) conditions.push(availableTodaySql(plan.today));
  for (const [column, values] of [
    [sql`bp.languages`, plan.languages],
    [sql`bp.specialties`, plan.specialties],
    [sql`bp.age_groups`, plan.ageGroups],
  ] as const) {
    if (values.length > 0) conditions.push(sql`${coveredSql(column, values)} > 0`);
  }
  if (plan.experience.length > 0) {
    const ranges = plan.experience.map(({ minYears, maxYears }) =>
      maxYears === null
        ? sql`bp.experience_years >= ${minYears}`
        : sql`bp.experience_years BETWEEN ${minYears} AND ${maxYears}`,
    );
    conditions.push(sql`(${sql.join(ranges, sql` OR `)})`);
  }
  return conditions;
}

/** The five parts of matching.ts, in SQL over the columns of the filtered rows (`f`). */
export function partsSql(plan: SearchPlan): Record<"profile" | "location" | "availability" | "rating" | "price", SQL> {
  const asked = (
    [
      ["languages_matched", plan.languages.length],
      ["specialties_matched", plan.specialties.length],
      ["age_groups_matched", plan.ageGroups.length],
    ] as const
  ).filter(([, n]) => n > 0);
  const completeness = sql`((f.has_photo + f.has_bio + f.is_verified + f.has_references) / 4.0)`;
  const coverage = sql`((${sql.join(
    asked.map(([column, n]) => sql`${sql.raw(`f.${column}`)} * 1.0 / ${n}`),
    sql` + `,
  )}) / ${asked.length})`;
  const low = plan.minRateCents ?? sql`f.rate_low`;
  const high = plan.maxRateCents ?? sql`f.rate_high`;
  return {
    profile: asked.length > 0 ? sql`((${coverage} + ${completeness}) / 2.0)` : completeness,
    location: sql`max(0.0, min(1.0, 1.0 - f.distance_km / ${plan.config.maxDistance}))`,
    availability: sql`(CASE WHEN f.available_today THEN 1.0 WHEN f.available_some_day THEN 0.5 ELSE 0.0 END)`,
    rating: sql`(CASE WHEN f.rating < ${plan.config.minRating} THEN 0.0 ELSE f.rating / 5.0 END)`,
    price: sql`(CASE WHEN ${high} <= ${low} THEN 1.0 ELSE max(0.0, min(1.0, (${high} - f.rate) * 1.0 / (${high} - ${low}))) END)`,
  };
}

/** match_score (0-100) from the part columns of `s`; 0 when every weight is 0. */
export function scoreSql(config: MatchingConfig): SQL {
  const weights = weightsOf(config);
  const total = Object.values(weights).reduce((sum, w) => sum + w, 0);
  if (total <= 0) return sql`0.0`;
  const terms = (Object.keys(weights) as (keyof typeof weights)[]).map(
    (k) => sql`${weights[k]} * ${sql.raw(`s.part_${k}`)}`,
  );
  return sql`(100.0 * (${sql.join(terms, sql` + `)}) / ${total})`;
}

export const planBoostSql = sql`(CASE s.plan ${sql.join(
  (Object.entries(PLAN_SEARCH_BOOST) as [SubscriptionPlan, number][]).map(
    ([plan, boost]) => sql`WHEN ${plan} THEN ${boost}`,
  ),
  sql` `,
)} ELSE 0 END)`;

/** With free text, the best bm25 rank adds TEXT_MATCH_BONUS, the others their share of it (ranks are negative). */
const textBonusSql = sql`(CASE WHEN s.text_rank IS NULL OR s.best_text_rank >= 0 THEN 0.0 ELSE ${TEXT_MATCH_BONUS} * s.text_rank / s.best_text_rank END)`;

export function orderBySql(sort: SearchSort): SQL {
  switch (sort) {
    case "distance":
      return sql`distance_km ASC, relevance DESC, id`;
    case "price":
      return sql`rate ASC, relevance DESC, id`;
    case "rating":
      return sql`rating DESC, total_reviews DESC, relevance DESC, id`;
    case "relevance":
      return sql`relevance DESC, distance_km ASC, id`;
  }
}

export type SearchRow = {
  id: string;
  first_name: string;
  last_name: string;
  photo_url: string | null;
  rating: number;
  total_reviews: number;
  city: string | null;
  latitude: number;
  longitude: number;
  bio: string | null;
  is_verified: number;
  rate: number;
  experience_years: number;
  languages: string;
  specialties: string;
  available_hours: string;
  has_references: number;
  has_photo: number;
  has_bio: number;
  plan: SubscriptionPlan;
  distance_km: number;
  available_today: number;
  available_some_day: number;
  languages_matched: number;
  specialties_matched: number;
  age_groups_matched: number;
  text_rank: number | null;
  total: number;
  rate_low: number;
  rate_high: number;
  match_score: number;
  relevance: number;
};

/** The whole query: filtered rows (f), with the window figures (s), scored, ordered, one page. */
export function searchSql(plan: SearchPlan): SQL {
  const textJoin = plan.text
    ? sql`JOIN (SELECT rowid AS rid, bm25(babysitter_search, ${TEXT_WEIGHTS.name}, ${TEXT_WEIGHTS.city}, ${TEXT_WEIGHTS.bio}) AS text_rank
               FROM babysitter_search WHERE babysitter_search MATCH ${plan.text}) t ON t.rid = p.rowid`
    : sql``;
  const parts = partsSql(plan);
  return sql`
    SELECT r.*, r.match_score + r.boost + r.text_bonus AS relevance FROM (
      SELECT s.*, ${scoreSql(plan.config)} AS match_score, ${planBoostSql} AS boost, ${textBonusSql} AS text_bonus FROM (
        SELECT f.*,
          ${parts.profile} AS part_profile, ${parts.location} AS part_location,
          ${parts.availability} AS part_availability, ${parts.rating} AS part_rating, ${parts.price} AS part_price
        FROM (
          SELECT w.*, count(*) OVER () AS total, min(w.rate) OVER () AS rate_low, max(w.rate) OVER () AS rate_high,
            min(w.text_rank) OVER () AS best_text_rank
          FROM (
            SELECT p.id, p.first_name, p.last_name, p.photo_url, p.rating, p.total_reviews, p.city, p.latitude,
              p.longitude, p.bio, p.is_verified, bp.hourly_rate_cents AS rate, bp.experience_years, bp.languages,
              bp.specialties, bp.available_hours, bp.has_references, bp.subscription_plan AS plan,
              (p.photo_url IS NOT NULL AND p.photo_url <> '') AS has_photo,
              (p.bio IS NOT NULL AND trim(p.bio) <> '') AS has_bio,
              ${distanceSql(plan.origin)} AS distance_km,
              ${availableTodaySql(plan.today)} AS available_today,
              ${availableSomeDaySql} AS available_some_day,
              ${coveredSql(sql`bp.languages`, plan.languages)} AS languages_matched,
              ${coveredSql(sql`bp.specialties`, plan.specialties)} AS specialties_matched,
              ${coveredSql(sql`bp.age_groups`, plan.ageGroups)} AS age_groups_matched,
              ${plan.text ? sql`t.text_rank` : sql`NULL`} AS text_rank
            FROM profiles p JOIN babysitter_profiles bp ON bp.profile_id = p.id ${textJoin}
            WHERE ${sql.join(filterConditions(plan), sql` AND `)}
          ) w
          WHERE w.distance_km <= ${plan.radiusKm}
        ) f
      ) s
    ) r
    ORDER BY ${orderBySql(plan.sort)}
    LIMIT ${plan.limit} OFFSET ${plan.offset}`;
}
