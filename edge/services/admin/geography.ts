// The admin console's Geography section: per French commune, what the marketplace does there over a
// period, from the tables themselves. Every measure is one SQL pass grouped by city in the database;
// only the grouped figures (one row per city) come back here to be merged, ranked and paged.
//
// Placing a person in a city (profiles carry a typed city, a postal code and a geocoded position) is
// done once, when the profile is written, by the database: profiles.city_id, set by triggers on every
// insert and every change of the postal code or city (migration 0027, where the rule is written, and
// placed again by each communes import). Triggers rather than application code because every writer
// then gets it without knowing (sign-up, profile edits, the seed, anonymisation, rows written by
// tests and scripts), and the rule exists in one place. The rule:
// 1. the postal code first, through city_postal_codes: it is what the address form validates, and it
//    names the commune even when the city is typed as a district ("Lomme" for 59160, "Paris 11e").
//    When the code serves several communes, the one whose folded name is the typed city wins, else
//    the most populous (the code's main town);
// 2. else the typed city, folded as a search folds it (foldPlaceQuery: "St-Étienne" = "saint etienne",
//    written in SQL for the letters and punctuation of French names) against cities.name_folded;
//    among homonyms, the one in the postal code's department, else the most populous;
// 3. else the person is not placed (counted in no city). The position is not used: it is geocoded
//    from the same address, so it adds nothing the two steps above miss.
//
// Cost, at 100,000 sitters, 200,000 parents and 1,000,000 bookings (tests/bench/admin-console.ts):
// one SQL statement answers, the cities as one JSON text. People are counted from the counts per
// commune and role the database keeps (city_people, migration 0035), and the paid plans live from the
// subscriptions (one per sitter). Everything measured over the period (revenue, requests and their
// outcome, answers' times, reviews, thin searches) is read from the sums per city and UTC day and
// month that the database keeps as rows are written (table city_activity, migration 0028;
// services/admin/city-activity.ts reads it and adds the pieces up in SQL), the period's partial days
// mostly from their day rows: a year is a dozen month rows and a few day rows per city, and a few
// hours of rows read live.
// The median response time comes from a histogram (20 buckets of time): the mean of the bucket the
// middle answer falls in, exact when that bucket's answers took the same time, else within its bounds.
// Measured on that world: the statement takes about 80 ms of the database's time for a month and 105
// for a year (a year's month rows added up per city, about 45, the plans' 25,000 subscriptions, 25);
// through the Worker, on a machine loaded by other work (10 runs, p50/p95), 1 month 140/170 ms,
// 3 months 127/144, 6 months 134/194, a year 169/228, against 523/635, 677/827, 632/699 and 675/789
// when each piece came back per city with its 48 sums and people were counted from every profile.
// Definitions:
// - subscribers: babysitters with a paid plan in force at the period's end, as the dashboard counts
//   paid plans (services/admin/dashboard.ts: not Discovery, not a trial, created before, not ended);
// - revenue: the paid invoices of the city's sitters in the period, net of refunds (as the dashboard);
// - growth: the change of subscribers over the period, against the count at its start (which is the
//   end of the previous period of the same length), in percent; null when there were none at the start;
// - adoption: sitters and parents per 10,000 inhabitants (cities.population, from the communes import);
// - average booking value: bookings the city's parents requested in the period and that went ahead
//   (confirmed or completed), placed at the parent's city since the sitting happens at the family's;
// - response time: the median, over answers given in the period by the city's sitters, of the time
//   from the request to the answer, in minutes (the dashboard's performance summary, per city);
// - satisfaction: the average rating the city's sitters received in reviews written in the period;
// - unmet demand: searches naming the city that found fewer than UNMET_DEMAND_MIN_RESULTS sitters,
//   plus its parents' requests declined or expired, in the period.
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { DAY_MS } from "@db/time/paris-time";
import { foldName, foldPlaceQuery } from "@db/text/fold";
import {
  type AdminGeography,
  type CityStats,
  GEOGRAPHY_MAP_CITIES,
  GEOGRAPHY_PERIOD_DAYS,
  GEOGRAPHY_TOP,
  type GeographyExportQuery,
  type GeographyFilters,
  type GeographyMetric,
  type GeographyPeriod,
  type GeographyQuery,
  type GeographySort,
} from "@db/validators/admin-geography";
import type { Lang } from "../../lib/i18n";
import { CITY_ACTIVITY_MEASURES } from "@db/schema/city-activity";
import { type CityActivity, cityActivitySql, type MiddleBuckets, responseMinutes } from "./city-activity";
import { auditedCsvExport, type CsvFile } from "./csv-export";
import type { AdminContext } from "./users";

type Window = { from: string; to: string };

const iso = (ms: number) => new Date(ms).toISOString();
const round1 = (value: number) => Math.round(value * 10) / 10;
const num = (value: unknown) => Number(value ?? 0);

/**
 * How many sitters and parents each commune holds, one row per commune where any is placed: deleted
 * accounts left out of the counts (they are nobody's market any more; suspended ones still live
 * there), though a commune whose placed people are all deleted is still listed, with none. Read from
 * the counts the database keeps per commune and role (city_people, migration 0035).
 */
const PEOPLE = sql`
  SELECT city_id, sum(CASE WHEN user_type = 'babysitter' THEN placed - deleted ELSE 0 END) AS sitters,
    sum(CASE WHEN user_type = 'parent' THEN placed - deleted ELSE 0 END) AS parents
  FROM city_people GROUP BY city_id HAVING sum(placed) > 0`;

/** When a cancelled plan ended: its period's end when it ran out, else the cancellation (as the dashboard). */
const endedAt = sql`(CASE WHEN s.cancel_at_period_end THEN s.current_period_end ELSE coalesce(s.canceled_at, s.updated_at) END)`;
const inForceAt = (at: string) => sql`(s.created_at < ${at} AND NOT (s.status = 'canceled' AND ${endedAt} < ${at}))`;

/**
 * Each city's sitters with a paid plan in force at the period's end (`now`) and at its start
 * (`before`): read live, from the subscriptions (one per sitter at most; CROSS JOIN keeps them first),
 * each one's commune from the (id, city_id) index of profiles (INDEXED BY: the planner takes the
 * primary key's, then reads the whole profile row for its commune, twice as long). `+s.created_at`:
 * never the (created_at, id) index, which holds nearly every plan and would have each row read out of
 * its order (a scan of the plans costs half as much).
 */
const plansOf = (w: Window) => sql`
  SELECT p.city_id, count(DISTINCT CASE WHEN ${inForceAt(w.to)} THEN s.profile_id END) AS now,
    count(DISTINCT CASE WHEN ${inForceAt(w.from)} THEN s.profile_id END) AS before
  FROM subscriptions s CROSS JOIN profiles p INDEXED BY profiles_id_city_idx ON p.id = s.profile_id
  WHERE s.plan <> 'discovery' AND s.status <> 'trialing' AND +s.created_at < ${w.to} AND p.city_id IS NOT NULL
  GROUP BY p.city_id`;

type CityRow = {
  id: string;
  name: string;
  department: string;
  latitude: number;
  longitude: number;
  population: number;
};

/** One city's figures as the statement gives them (null activity: none in the period). */
type StatsRow = Omit<CityRow, "latitude" | "longitude"> & {
  /** Written with 17 significant digits: the stored number exactly (JSON's own writing keeps 15). */
  latitude: string;
  longitude: string;
  sitters: number;
  parents: number;
  subscribers: number;
  subscribers_before: number;
  active: number;
} & Record<Exclude<keyof CityActivity, "city_id" | "response_minutes">, number | null> &
  MiddleBuckets;

const ACTIVITY_FIELDS = [
  ...CITY_ACTIVITY_MEASURES,
  "low_answers",
  "low_seconds",
  "high_answers",
  "high_seconds",
] as const;

/**
 * Every city someone is placed in or with activity in the period, with its people, plans and
 * activity: one statement (one round trip), the sums added up in the database. The cities come back
 * as one JSON text, one object per city: sent as rows, each of their 20,000 values travels as its
 * own typed object (60 ms to send and read at 1,000 cities, against 10 for the text).
 */
const statsSql = (w: Window) => sql`
  WITH people AS MATERIALIZED (${PEOPLE}), plans AS MATERIALIZED (${plansOf(w)}),
    activity AS MATERIALIZED (${cityActivitySql(w)})
  SELECT json_group_array(json_object('id', c.id, 'name', c.name, 'department', c.department,
    'latitude', printf('%!.17g', c.latitude), 'longitude', printf('%!.17g', c.longitude),
    'population', c.population, 'sitters', coalesce(pe.sitters, 0), 'parents', coalesce(pe.parents, 0),
    'subscribers', coalesce(pl.now, 0), 'subscribers_before', coalesce(pl.before, 0),
    'active', a.city_id IS NOT NULL,
    ${sql.join(
      ACTIVITY_FIELDS.map((name) => sql`${name}, a.${sql.identifier(name)}`),
      sql`, `,
    )})) AS cities
  FROM (SELECT city_id FROM people UNION SELECT city_id FROM activity) ids
    JOIN cities c ON c.id = ids.city_id
    LEFT JOIN people pe ON pe.city_id = ids.city_id
    LEFT JOIN plans pl ON pl.city_id = ids.city_id
    LEFT JOIN activity a ON a.city_id = ids.city_id`;

const per10k = (count: number, population: number) => (population > 0 ? round1((count / population) * 10_000) : null);

/** A city's figures from its row: the rates, shares and growth worked out here. */
function statsOf(row: StatsRow): CityStats {
  const [sitters, parents, subscribers, before] = [
    row.sitters,
    row.parents,
    row.subscribers,
    row.subscribers_before,
  ].map(num);
  const population = num(row.population);
  const active = num(row.active) === 1;
  const [wentAhead, reviews] = [num(row.went_ahead), num(row.reviews)];
  const unmet = { searches: num(row.thin_searches), declined: num(row.declined), expired: num(row.expired) };
  return {
    id: String(row.id),
    name: row.name,
    department: row.department,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    population,
    sitters,
    parents,
    subscribers,
    subscribers_before: before,
    revenue_cents: num(row.revenue_cents),
    growth_pct: before > 0 ? round1(((subscribers - before) / before) * 100) : null,
    adoption: per10k(sitters + parents, population),
    sitters_per_10k: per10k(sitters, population),
    parents_per_10k: per10k(parents, population),
    subscriber_share_pct: sitters > 0 ? round1((subscribers / sitters) * 100) : null,
    avg_booking_cents: wentAhead > 0 ? Math.round(num(row.went_ahead_cents) / wentAhead) : null,
    response_minutes: active ? responseMinutes(row) : null,
    satisfaction: reviews > 0 ? round1(num(row.rating_sum) / reviews) : null,
    reviews,
    unmet: { ...unmet, total: unmet.searches + unmet.declined + unmet.expired },
  };
}

/** Every city with someone placed in it or activity in the period, with its figures over the period. */
export async function cityStats(db: Db, period: GeographyPeriod, nowMs = Date.now()) {
  const days = GEOGRAPHY_PERIOD_DAYS[period];
  const window = { from: iso(nowMs - days * DAY_MS), to: iso(nowMs) };
  const [{ cities }] = await db.all<{ cities: string }>(statsSql(window));
  return { ...window, cities: (JSON.parse(cities) as StatsRow[]).map(statsOf) };
}

const METRIC_VALUE: Record<GeographyMetric, (s: CityStats) => number | null> = {
  subscribers: (s) => s.subscribers,
  revenue: (s) => s.revenue_cents,
  growth: (s) => s.growth_pct,
  adoption: (s) => s.adoption,
};

/**
 * Cities in the order asked: by the value (a city without one, e.g. no growth without subscribers
 * before, comes last either way), then by name, so equal figures keep a stable order across pages.
 */
function ordered(cities: CityStats[], by: (s: CityStats) => number | null, dir: "asc" | "desc") {
  const sign = dir === "asc" ? 1 : -1;
  return [...cities].sort((a, b) => {
    const x = by(a);
    const y = by(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x - y) * sign;
    }
    return a.name.localeCompare(b.name, "fr") || a.department.localeCompare(b.department) || a.id.localeCompare(b.id);
  });
}

/** The ranking: the cities whose name holds every searched word (folded: "st etienne" finds Saint-Étienne), in order. */
function ranking(cities: CityStats[], filters: Pick<GeographyFilters, "q" | "sort" | "dir">) {
  const words = filters.q ? foldPlaceQuery(filters.q).split(" ").filter(Boolean) : [];
  const matching = words.length
    ? cities.filter((city) => {
        const name = foldName(city.name);
        return words.every((word) => name.includes(word));
      })
    : cities;
  return ordered(matching, METRIC_VALUE[filters.sort satisfies GeographySort], filters.dir);
}

export async function adminGeography(db: Db, query: GeographyQuery, nowMs = Date.now()): Promise<AdminGeography> {
  const { from, to, cities } = await cityStats(db, query.period, nowMs);
  const ranked = ranking(cities, query);
  const start = (query.page - 1) * query.page_size;
  const top = (metric: GeographyMetric) =>
    ordered(cities, METRIC_VALUE[metric], "desc")
      .filter((city) => (METRIC_VALUE[metric](city) ?? 0) > 0)
      .slice(0, GEOGRAPHY_TOP);
  return {
    period: query.period,
    metric: query.metric,
    from,
    to,
    rows: ranked.slice(start, start + query.page_size),
    total: ranked.length,
    page: query.page,
    page_size: query.page_size,
    map: ordered(cities, METRIC_VALUE[query.metric], "desc").slice(0, GEOGRAPHY_MAP_CITIES),
    top: { subscribers: top("subscribers"), revenue: top("revenue"), growth: top("growth") },
    totals: {
      cities: cities.length,
      subscribers: cities.reduce((sum, city) => sum + city.subscribers, 0),
      revenue_cents: cities.reduce((sum, city) => sum + city.revenue_cents, 0),
      unmet: cities.reduce((sum, city) => sum + city.unmet.total, 0),
    },
  };
}

const COLUMNS = [
  "city",
  "department",
  "population",
  "subscribers",
  "revenue",
  "growth",
  "adoption",
  "avgBooking",
  "responseTime",
  "satisfaction",
  "unmetDemand",
] as const;

/** A number as the CSV writes it: plain digits and a dot, empty when there is none. */
const cell = (value: number | null, digits = 1) => (value === null ? "" : value.toFixed(digits));

/**
 * Every city the search matches, in the ranking's order, as CSV (streamed); the export is audited.
 * The figures are computed once, when the file's first rows are asked for; a page starts after the
 * previous page's last city in that one ranking.
 */
export function exportGeographyCsv(
  db: Db,
  admin: AdminContext,
  query: GeographyExportQuery,
  lang: Lang,
  nowMs = Date.now(),
): Promise<CsvFile> {
  const { separator, ...filters } = query;
  let ranked: Promise<CityStats[]> | null = null;
  const rows = () => (ranked ??= cityStats(db, filters.period, nowMs).then(({ cities }) => ranking(cities, filters)));
  return auditedCsvExport<CityStats>(
    db,
    admin,
    lang,
    {
      section: "geography",
      fileName: "geographie",
      filters,
      separator,
      headerKeys: COLUMNS.map((column) => `admin.geography.csv.${column}`),
      page: async (limit, after) => {
        const cities = await rows();
        const start = after ? cities.indexOf(after) + 1 : 0;
        return cities.slice(start, start + limit);
      },
      cells: (city) => [
        city.name,
        city.department,
        city.population,
        city.subscribers,
        (city.revenue_cents / 100).toFixed(2),
        cell(city.growth_pct),
        cell(city.adoption),
        city.avg_booking_cents === null ? "" : (city.avg_booking_cents / 100).toFixed(2),
        city.response_minutes,
        cell(city.satisfaction),
        city.unmet.total,
      ],
    },
    nowMs,
  );
}
