// The search query, built in SQL so the database filters, scores, orders and pages: only one page of
// rows ever leaves it. It reads sitter_search (migration 0004_search_documents), where triggers keep
// every filter and ranking input of each placed babysitter in plain columns, and joins the profiles
// for the page's cards only. Pieces are small pure functions (tests/unit/search-sql.test.ts).
//
// Spatial pre-filter: a bounding box on the coordinates, which lead sitter_search's primary key (a
// WITHOUT ROWID table, so the rows of a box sit on neighbouring pages), then the exact haversine
// distance for the rows inside the box only. We chose this B-tree box over an R*Tree virtual table:
// R*Tree is compiled into the `libsql` package we run locally, but we cannot check that every libSQL
// server (sqld, Turso) enables it, while a primary key works everywhere; and the sitters being spread
// over the country, a 1-50 km box holds a small share of them, its cost following the sitters found
// rather than the sitters stored (tests/bench/search.ts).
// Sitters without coordinates (address not geocoded) cannot be placed: sitter_search has no row for
// them, so no search finds them.
//
// A sitter whose account is gone (account-state.ts) is never found. Her deletion hides her profile in
// the same transaction, so sitter_search's triggers mark her row hidden and the visibility filter
// drops her before any count. The page is also checked against the predicate itself, on its few rows
// only: run on every row of a box it made a 10 km search at 100,000 sitters five times slower (p50
// 8 -> 44 ms; tests/bench/search.ts's data). A future account state that does not hide the profile
// (suspension) must reach sitter_search the same way, through its view (a migration), to keep the
// counts exact.
//
// Free text: the circle's rows are joined to sitter_text (migration 0022_search_text), each sitter's
// name, city and bio folded, and a sitter is kept when each typed word starts a word of one of them.
// The circle comes first, so the cost follows its sitters (at most about 3,000: density.ts), not how
// common the word is in the whole country.
//
// Recommendations (recommendations.ts defines them): the popularity part reads the results' most
// reviewed sitter from the same window as the price range; the personal part joins the signed-in
// caller's favourites and confirmed or completed bookings, grouped per sitter (her own rows only, a
// few, read through her profile), to the circle's rows. Both add points to the relevance; the
// diversity re-ranking runs on the ordered rows (search.ts).
//
// sin/cos/asin/sqrt/ln/power are SQLite's math functions (pow is not defined in this build), which libSQL builds in (the `libsql` package and
// sqld share libsql-ffi's bundled SQLite).
import { sql, type SQL } from "drizzle-orm";
import {
  AGE_GROUPS,
  LANGUAGES,
  SPECIALTIES,
  WEEKDAYS,
  type ProfileVisibility,
  type SubscriptionPlan,
  type Weekday,
} from "@db/schema/enums";
import { PLAN_SEARCH_BOOST } from "@db/constants/plans";
import type { SearchSort } from "@db/constants/search-query";
import { foldForSearch } from "@db/text/search-fold";
import { liveUser } from "../account-state";
import { listedSearchRow } from "./listing";
import { weightsOf, type MatchingConfig } from "./matching";
import { INTERACTION_BOOKING_STATUSES, INTERACTION_STEPS, type RecommendationsConfig } from "./recommendations";

export const EARTH_RADIUS_KM = 6371;
/** Length of one degree of latitude (and of longitude at the equator), in km. */
export const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;
const RADIANS = Math.PI / 180;
/**
 * What a typed word is worth where it starts a word of sitter_text's columns: the name counts most,
 * then the city, then the bio. A word found in several counts for the best of them.
 */
const TEXT_WEIGHTS = { name_words: 10, city_words: 3, bio_words: 1 } as const;
/** Points the best free-text match adds to the relevance (others in proportion to their text score). */
export const TEXT_MATCH_BONUS = 20;
const MAX_TEXT_TERMS = 8;

export type LatLng = { latitude: number; longitude: number };

export type SearchPlan = {
  origin: LatLng;
  radiusKm: number;
  visibilities: readonly ProfileVisibility[];
  /** The typed words, folded (searchWords()), or null without free text. */
  words: readonly string[] | null;
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
  recommendations: RecommendationsConfig;
  /** The signed-in caller's user id, whose own favourites and bookings lift sitters; null when anonymous. */
  userId: string | null;
  sort: SearchSort;
  limit: number;
  offset: number;
};

/** Typed words, folded as sitter_text's columns are, each once, at most MAX_TEXT_TERMS; null when none. */
export function searchWords(text: string | undefined): string[] | null {
  const words = [
    ...new Set(
      foldForSearch(text ?? "")
        .split(" ")
        .filter(Boolean),
    ),
  ].slice(0, MAX_TEXT_TERMS);
  return words.length > 0 ? words : null;
}

/** The row of sitter_text (x) beside the row of sitter_search (d): the same key. */
const TEXT_JOIN = sql`JOIN sitter_text x ON x.latitude = d.latitude AND x.longitude = d.longitude AND x.id = d.id`;

/** `word` starts a word of the column (each column starts with a space, as do its words). */
const startsAWord = (column: keyof typeof TEXT_WEIGHTS, word: string) =>
  sql`instr(${sql.raw(`x.${column}`)}, ${` ${word}`}) > 0`;

/** What one typed word is worth for the row of x: its best column's weight, 0 when no column has it. */
const wordScoreSql = (word: string) =>
  sql`(CASE ${sql.join(
    (Object.entries(TEXT_WEIGHTS) as [keyof typeof TEXT_WEIGHTS, number][]).map(
      ([column, weight]) => sql`WHEN ${startsAWord(column, word)} THEN ${weight}`,
    ),
    sql` `,
  )} ELSE 0 END)`;

/** Every typed word is in the name, the city or the bio: each word scores. */
const textMatchSql = (words: readonly string[]): SQL =>
  sql.join(
    words.map((word) => sql`${wordScoreSql(word)} > 0`),
    sql` AND `,
  );

/** The free-text score of a row: the sum of its words' scores. */
const textScoreSql = (words: readonly string[]): SQL => sql`(${sql.join(words.map(wordScoreSql), sql` + `)})`;

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

/** Haversine from `origin` to the row's (d.latitude, d.longitude), in km. */
export function distanceSql({ latitude, longitude }: LatLng): SQL {
  const half = RADIANS / 2;
  const sinLat = sql`sin((d.latitude - ${latitude}) * ${half})`;
  const sinLng = sql`sin((d.longitude - ${longitude}) * ${half})`;
  return sql`(${2 * EARTH_RADIUS_KM} * asin(min(1.0, sqrt(${sinLat} * ${sinLat} + ${Math.cos(latitude * RADIANS)} * cos(d.latitude * ${RADIANS}) * ${sinLng} * ${sinLng}))))`;
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The bit of each value in sitter_search's masks: its position in the enum. */
export const bitsOf = (all: readonly string[], values: readonly string[]) =>
  values.map((v) => all.indexOf(v)).filter((bit) => bit >= 0);
const maskOf = (bits: number[]) => bits.reduce((mask, bit) => mask | (1 << bit), 0);

type MaskColumn = "languages_mask" | "specialties_mask" | "age_groups_mask";
const ASKED_LISTS = [
  ["languages", "languages_mask", LANGUAGES],
  ["specialties", "specialties_mask", SPECIALTIES],
  ["ageGroups", "age_groups_mask", AGE_GROUPS],
] as const;

/** How many of the requested values (bits) the row's mask holds. */
const coveredSql = (column: MaskColumn, bits: number[]) =>
  bits.length === 0
    ? sql`0`
    : sql`(${sql.join(
        bits.map((bit) => sql`((${sql.raw(`d.${column}`)} >> ${bit}) & 1)`),
        sql` + `,
      )})`;

/** A slot today that is not over yet: today's latest slot end is later than now. */
export const availableTodaySql = (today: SearchPlan["today"]) => {
  if (!WEEKDAYS.includes(today.weekday)) throw new Error(`not a weekday: ${today.weekday}`);
  return sql`coalesce(${sql.raw(`d.${today.weekday}_end`)} > ${today.time}, 0)`;
};

/**
 * One row when a placed, listed, not hidden babysitter within `radiusKm` of `origin` has each of
 * `words` in her name.
 */
export const nameFoundNearSql = (words: readonly string[], origin: LatLng, radiusKm: number): SQL => sql`
  SELECT 1 FROM sitter_search d ${TEXT_JOIN}
  WHERE ${sql.join(
    [
      ...inBoxSql(origin, radiusKm),
      ...words.map((word) => startsAWord("name_words", word)),
      sql`d.visibility <> 'hidden'`,
      listedSearchRow(),
      sql`${distanceSql(origin)} <= ${radiusKm}`,
    ],
    sql` AND `,
  )}
  LIMIT 1`;

/** sitter_search's row (d) lies in the box around the circle: what its primary key finds quickly. */
function inBoxSql(origin: LatLng, radiusKm: number): SQL[] {
  const box = boundingBox(origin, radiusKm);
  return [
    sql`d.latitude BETWEEN ${box.minLat} AND ${box.maxLat}`,
    sql`d.longitude BETWEEN ${box.minLng} AND ${box.maxLng}`,
  ];
}

/** Every hard filter (a sitter failing one is not in the results at all), listing.ts's rule first of all. */
export function filterConditions(plan: SearchPlan): SQL[] {
  const conditions: SQL[] = [
    ...inBoxSql(plan.origin, plan.radiusKm),
    sql`d.visibility IN (${list(plan.visibilities)})`,
    listedSearchRow(),
  ];
  if (plan.minRateCents !== undefined) conditions.push(sql`d.hourly_rate_cents >= ${plan.minRateCents}`);
  if (plan.maxRateCents !== undefined) conditions.push(sql`d.hourly_rate_cents <= ${plan.maxRateCents}`);
  if (plan.minRating !== undefined) conditions.push(sql`d.rating >= ${plan.minRating}`);
  if (plan.verifiedOnly) conditions.push(sql`d.is_verified = 1`);
  if (plan.emergency) conditions.push(sql`d.emergency_available = 1`);
  if (plan.references) conditions.push(sql`d.has_references = 1`);
  if (plan.availableToday) conditions.push(availableTodaySql(plan.today));
  for (const [key, column, all] of ASKED_LISTS) {
    const bits = bitsOf(all, plan[key]);
    if (bits.length > 0) conditions.push(sql`(${sql.raw(`d.${column}`)} & ${maskOf(bits)}) <> 0`);
  }
  if (plan.experience.length > 0) {
    const ranges = plan.experience.map(({ minYears, maxYears }) =>
      maxYears === null
        ? sql`d.experience_years >= ${minYears}`
        : sql`d.experience_years BETWEEN ${minYears} AND ${maxYears}`,
    );
    conditions.push(sql`(${sql.join(ranges, sql` OR `)})`);
  }
  return conditions;
}

/** The five parts of matching.ts, in SQL over the columns of the filtered rows (`f`). */
export function partsSql(plan: SearchPlan): Record<"profile" | "location" | "availability" | "rating" | "price", SQL> {
  const asked = ASKED_LISTS.filter(([key]) => plan[key].length > 0).map(
    ([key]) => [`${key}_matched`, plan[key].length] as const,
  );
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
    availability: sql`(CASE WHEN f.available_today THEN 1.0 WHEN f.available_days <> 0 THEN 0.5 ELSE 0.0 END)`,
    rating: sql`(CASE WHEN f.rating < ${plan.config.minRating} THEN 0.0 ELSE f.rating / 5.0 END)`,
    price: sql`(CASE WHEN ${high} <= ${low} THEN 1.0 ELSE max(0.0, min(1.0, (${high} - f.rate) * 1.0 / (${high} - ${low}))) END)`,
  };
}

/** The boosts' parts of recommendations.ts (popularity, affinity), in SQL over the columns of `f`. */
export function boostPartsSql(plan: SearchPlan): Record<"popularity" | "personal", SQL> {
  const { learningRate } = plan.recommendations;
  return {
    popularity: sql`(CASE WHEN f.most_reviews <= 0 THEN 0.0 ELSE ln(1.0 + f.total_reviews) / ln(1.0 + f.most_reviews) END)`,
    personal: sql`(CASE WHEN f.interactions <= 0 THEN 0.0 ELSE 1.0 - power(${1 - learningRate}, ${INTERACTION_STEPS} * f.interactions) END)`,
  };
}

/** The points the boosts add (recommendations.ts boostPoints), from the part columns of `r`. */
export function boostPointsSql(config: RecommendationsConfig): SQL {
  return sql`(${100 * config.popularityBoost} * r.part_popularity + ${100 * config.personalizedWeight} * r.part_personal)`;
}

/**
 * The caller's interactions with each sitter (sid): 1 for a favourite, 1 for each confirmed or
 * completed booking, her own only (through her profile). Only parents have either.
 */
const interactionsSql = (userId: string) => sql`(
  SELECT sid, count(*) AS k FROM (
    SELECT fv.babysitter_profile_id AS sid FROM favourites fv JOIN profiles me ON me.id = fv.parent_profile_id
    WHERE me.user_id = ${userId}
    UNION ALL
    SELECT b.babysitter_id AS sid FROM bookings b JOIN profiles me ON me.id = b.parent_id
    WHERE me.user_id = ${userId} AND b.status IN (${list(INTERACTION_BOOKING_STATUSES)})
  ) GROUP BY sid
)`;

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

/** With free text, the best text score adds TEXT_MATCH_BONUS, the others their share of it. */
const textBonusSql = sql`(CASE WHEN s.text_score IS NULL OR s.best_text_score <= 0 THEN 0.0 ELSE ${TEXT_MATCH_BONUS} * s.text_score / s.best_text_score END)`;

/** The order of each sort; `table` qualifies the columns once the page is joined to the profiles. */
export function orderBySql(sort: SearchSort, table = ""): SQL {
  const c = (column: string) => sql.raw(`${table}${column}`);
  switch (sort) {
    case "distance":
      return sql`${c("distance_km")} ASC, ${c("relevance")} DESC, ${c("id")}`;
    case "price":
      return sql`${c("rate")} ASC, ${c("relevance")} DESC, ${c("id")}`;
    case "rating":
      return sql`${c("rating")} DESC, ${c("total_reviews")} DESC, ${c("relevance")} DESC, ${c("id")}`;
    case "relevance":
      return sql`${c("relevance")} DESC, ${c("distance_km")} ASC, ${c("id")}`;
  }
}

export type SearchRow = {
  id: number;
  profile_id: string;
  first_name: string;
  last_name: string;
  photo_url: string | null;
  city: string | null;
  bio: string | null;
  languages: string;
  specialties: string;
  available_hours: string;
  rating: number;
  total_reviews: number;
  latitude: number;
  longitude: number;
  is_verified: number;
  rate: number;
  experience_years: number;
  has_references: number;
  has_photo: number;
  has_bio: number;
  plan: SubscriptionPlan;
  distance_km: number;
  available_today: number;
  available_days: number;
  languages_matched: number;
  specialties_matched: number;
  ageGroups_matched: number;
  text_score: number | null;
  total: number;
  rate_low: number;
  rate_high: number;
  most_reviews: number;
  /** The caller's interactions with her (recommendations.ts affinity); 0 when anonymous. */
  interactions: number;
  part_popularity: number;
  part_personal: number;
  match_score: number;
  /** What a paid plan adds (PLAN_SEARCH_BOOST): the card says so with a 'Mis en avant' badge. */
  boost: number;
  /**
   * The score the cards show and the 'relevance' sort orders by: match score + text bonus + plan boost
   * + the recommendations' popularity and personal points, at most 100.
   */
  relevance: number;
};

/**
 * The whole query: the filtered rows (w) with the figures over all of them (f: count, price range,
 * best text score), their parts (s), score and relevance (r), one page in order, then that page
 * joined to the profiles for the cards' texts.
 */
export function searchSql(plan: SearchPlan): SQL {
  const { words } = plan;
  const parts = partsSql(plan);
  const boosts = boostPartsSql(plan);
  const covered = ASKED_LISTS.map(
    ([key, column, all]) => sql`${coveredSql(column, bitsOf(all, plan[key]))} AS ${sql.raw(`${key}_matched`)}`,
  );
  return sql`
    SELECT page.*, p.first_name, p.last_name, p.photo_url, p.city, p.bio, bp.languages, bp.specialties, bp.available_hours
    FROM (
      SELECT r.*, min(100.0, r.match_score + r.boost + r.text_bonus + ${boostPointsSql(plan.recommendations)}) AS relevance FROM (
        SELECT s.*, ${scoreSql(plan.config)} AS match_score, ${planBoostSql} AS boost, ${textBonusSql} AS text_bonus FROM (
          SELECT f.*,
            ${parts.profile} AS part_profile, ${parts.location} AS part_location,
            ${parts.availability} AS part_availability, ${parts.rating} AS part_rating, ${parts.price} AS part_price,
            ${boosts.popularity} AS part_popularity, ${boosts.personal} AS part_personal
          FROM (
            SELECT w.*, count(*) OVER () AS total, min(w.rate) OVER () AS rate_low, max(w.rate) OVER () AS rate_high,
              max(w.text_score) OVER () AS best_text_score, max(w.total_reviews) OVER () AS most_reviews,
              ${plan.userId ? sql`coalesce(mine.k, 0)` : sql`0`} AS interactions
            FROM (
              SELECT d.id, d.profile_id, d.latitude, d.longitude, d.hourly_rate_cents AS rate, d.rating, d.total_reviews,
                d.experience_years, d.is_verified, d.has_references, d.has_photo, d.has_bio, d.plan, d.available_days,
                ${distanceSql(plan.origin)} AS distance_km,
                ${availableTodaySql(plan.today)} AS available_today,
                ${sql.join(covered, sql`, `)},
                ${words ? textScoreSql(words) : sql`NULL`} AS text_score
              FROM sitter_search d ${words ? TEXT_JOIN : sql``}
              WHERE ${sql.join(words ? [...filterConditions(plan), textMatchSql(words)] : filterConditions(plan), sql` AND `)}
            ) w ${plan.userId ? sql`LEFT JOIN ${interactionsSql(plan.userId)} mine ON mine.sid = w.profile_id` : sql``}
            WHERE w.distance_km <= ${plan.radiusKm}
          ) f
        ) s
      ) r
      ORDER BY ${orderBySql(plan.sort)}
      LIMIT ${plan.limit} OFFSET ${plan.offset}
    ) page
    JOIN profiles p ON p.id = page.profile_id
    JOIN babysitter_profiles bp ON bp.profile_id = page.profile_id
    WHERE ${liveUser(sql.raw("p.user_id"))}
    ORDER BY ${orderBySql(plan.sort, "page.")}`;
}
