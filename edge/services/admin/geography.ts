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
// commune and role the database keeps (city_people, migration 0035). Everything else is read from
// the sums per city the database keeps as rows are written (table city_activity, migrations 0028 and
// 0041; services/admin/city-activity.ts reads it and adds the pieces up in SQL): per UTC day, month
// and year to date, so that any period is a few rows per city (a year: three year-to-date rows, a few
// day rows, and the rest of today read live), and the paid plans as their starts and ends, so that
// the plans in force at an instant are a sum to date instead of a read of every subscription.
// The median response time comes from a histogram (20 buckets of time): the mean of the bucket the
// middle answer falls in, exact when that bucket's answers took the same time, else within its bounds.
// Measured on that world (20 runs, p50/p95 through the Worker): 1 month 98/110 ms, 3 months 86/111,
// 6 months 90/104, a year 98/120; the statement alone takes 50 to 60 ms of the database's time.
// Before the year-to-date rows and the plans' sums: 163/224, 187/265, 231/271 and 229/286.
// Definitions:
// - the period: the N days before today and today so far (from the UTC midnight N days ago to now:
//   geographyWindow), so that its first day is read whole from its kept row;
// - subscribers: babysitters with a paid plan in force at the period's end, as the dashboard counts
//   paid plans (services/admin/dashboard.ts: not Discovery, not a trial, created before, not ended),
//   counted as plans (a sitter holds one paid plan at a time: subscriptions_one_paid_plan_idx);
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
import { type SQL, sql } from "drizzle-orm";
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
import { type CityActivity, cityActivitySql, type Histogram, plansInForceSql, responseMinutes } from "./city-activity";
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

type CityRow = {
  id: string;
  name: string;
  department: string;
  latitude: number;
  longitude: number;
  population: number;
};

/**
 * One city's figures, in the order the statement writes them: each city comes back as a JSON array
 * of these values rather than an object, so that the text does not repeat 30 names per city (half
 * its length; the Worker's time to receive and read the answer grows with it).
 */
const STATS_FIELDS = [
  "id",
  "name",
  "department",
  "latitude",
  "longitude",
  "population",
  "sitters",
  "parents",
  "subscribers",
  "subscribers_before",
  ...CITY_ACTIVITY_MEASURES,
  "histogram",
] as const;

/** One city's figures as the statement gives them (null activity: none in the period). */
type StatsRow = Omit<CityRow, "latitude" | "longitude"> & {
  /** Written with 17 significant digits: the stored number exactly (JSON's own writing keeps 15). */
  latitude: string;
  longitude: string;
  sitters: number;
  parents: number;
  subscribers: number;
  subscribers_before: number;
  /** The answers' histogram (cityActivitySql); null without activity in the period. */
  histogram: Histogram | null;
} & Record<Exclude<keyof CityActivity, "city_id" | "response_minutes">, number | null>;

/** Each field's value in the statement. */
const STATS_VALUES: Record<(typeof STATS_FIELDS)[number], SQL> = {
  id: sql`c.id`,
  name: sql`c.name`,
  department: sql`c.department`,
  latitude: sql`printf('%!.17g', c.latitude)`,
  longitude: sql`printf('%!.17g', c.longitude)`,
  population: sql`c.population`,
  sitters: sql`coalesce(pe.sitters, 0)`,
  parents: sql`coalesce(pe.parents, 0)`,
  subscribers: sql`coalesce(pl.plans, 0)`,
  // The plans in force at the start: those at the end, less the period's starts, plus its ends.
  subscribers_before: sql`coalesce(pl.plans, 0) - coalesce(a.plans_started, 0) + coalesce(a.plans_ended, 0)`,
  ...(Object.fromEntries(CITY_ACTIVITY_MEASURES.map((name) => [name, sql`a.${sql.identifier(name)}`])) as Record<
    (typeof CITY_ACTIVITY_MEASURES)[number],
    SQL
  >),
  histogram: sql`json(a.histogram)`,
};

/**
 * Every city someone is placed in or with activity in the period, with its people, plans and
 * activity: one statement (one round trip), the sums added up in the database. The cities come back
 * as one JSON text, one array per city: sent as rows, each of their 20,000 values travels as its
 * own typed object (60 ms to send and read at 1,000 cities, against 10 for the text).
 */
const statsSql = (w: Window) => sql`
  WITH people AS MATERIALIZED (${PEOPLE}), plans AS MATERIALIZED (${plansInForceSql(w.to)}),
    activity AS MATERIALIZED (${cityActivitySql(w)})
  SELECT json_group_array(json_array(${sql.join(
    STATS_FIELDS.map((field) => STATS_VALUES[field]),
    sql`, `,
  )})) AS cities
  FROM (SELECT city_id FROM people UNION SELECT city_id FROM activity) ids
    JOIN cities c ON c.id = ids.city_id
    LEFT JOIN people pe ON pe.city_id = ids.city_id
    LEFT JOIN plans pl ON pl.city_id = ids.city_id
    LEFT JOIN activity a ON a.city_id = ids.city_id`;

/** A city's array as the statement writes it, as a row. */
const statsRow = (values: unknown[]) =>
  Object.fromEntries(STATS_FIELDS.map((field, k) => [field, values[k]])) as StatsRow;

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
    response_minutes: responseMinutes(row.histogram),
    satisfaction: reviews > 0 ? round1(num(row.rating_sum) / reviews) : null,
    reviews,
    unmet: { ...unmet, total: unmet.searches + unmet.declined + unmet.expired },
  };
}

/**
 * A period: its N days before today and today so far, from the UTC midnight N days ago to now. It
 * starts on a day boundary so that its first day is read whole from the kept rows: an instant a year
 * ago would need the hours before it read live from the bookings, up to half a day of them.
 */
export function geographyWindow(period: GeographyPeriod, nowMs: number): Window {
  const start = Math.floor((nowMs - GEOGRAPHY_PERIOD_DAYS[period] * DAY_MS) / DAY_MS) * DAY_MS;
  return { from: iso(start), to: iso(nowMs) };
}

/** Every city with someone placed in it or activity in the period, with its figures over the period, by name. */
export async function cityStats(db: Db, period: GeographyPeriod, nowMs = Date.now()) {
  const window = geographyWindow(period, nowMs);
  const [{ cities }] = await db.all<{ cities: string }>(statsSql(window));
  return {
    ...window,
    cities: (JSON.parse(cities) as unknown[][]).map((values) => statsOf(statsRow(values))).sort(byName),
  };
}

const METRIC_VALUE: Record<GeographyMetric, (s: CityStats) => number | null> = {
  subscribers: (s) => s.subscribers,
  revenue: (s) => s.revenue_cents,
  growth: (s) => s.growth_pct,
  adoption: (s) => s.adoption,
};

const frenchNames = new Intl.Collator("fr");

/** The cities by name as French sorts them, then department and id: the order equal figures keep. */
const byName = (a: CityStats, b: CityStats) =>
  frenchNames.compare(a.name, b.name) || a.department.localeCompare(b.department) || a.id.localeCompare(b.id);

/**
 * Cities in the order asked: by the value (a city without one, e.g. no growth without subscribers
 * before, comes last either way), then by name, so equal figures keep a stable order across pages.
 * `cities` come in name order (cityStats) and the sort is stable, so ties need no name comparison:
 * most cities tie at zero, and the five orders of an answer compared their names again each time.
 */
function ordered(cities: CityStats[], by: (s: CityStats) => number | null, dir: "asc" | "desc") {
  const sign = dir === "asc" ? 1 : -1;
  return [...cities].sort((a, b) => {
    const [x, y] = [by(a), by(b)];
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x - y) * sign;
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
