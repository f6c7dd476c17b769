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
// Cost, at 100,000 sitters, 200,000 parents and 1,000,000 bookings (tests/bench/admin-geography.ts):
// people are counted from the (city_id, user_type) index, and the paid plans from the subscriptions
// (one per sitter), both live, in tens of milliseconds. Everything measured over the period (revenue,
// requests and their outcome, answers' times, reviews, thin searches) is read from the sums per city
// and UTC day and month that the database keeps as rows are written (table city_activity, migration
// 0028; services/admin/city-activity.ts reads it), the period's two partial days read live through
// the same definitions: a year is a dozen month rows and a few dozen day rows per city.
// The median response time comes from a histogram (20 buckets of time): the mean of the bucket the
// middle answer falls in, exact when that bucket's answers took the same time, else within its bounds.
// Measured on that world (7 runs, p50/p95): 1 month 452/474 ms, 3 months 356/467, 6 months 322/328,
// a year 371/386 (live reads took 2 s for a month and 16.6 s for a year). Still past the 150 ms
// budget: the period's pieces come back per city with all 48 sums (about 40 ms of rows to build per
// piece), and today's partial day is read live (about 80 ms by evening). The next step is to add the
// pieces up and take the median in SQL (one row of ten figures per city), and to group the live rows
// by city and bucket before spreading them into the histogram's columns.
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
import { cityActivityOver } from "./city-activity";
import { auditedCsvExport, type CsvFile } from "./csv-export";
import type { AdminContext } from "./users";

type Window = { from: string; to: string };

const iso = (ms: number) => new Date(ms).toISOString();
const round1 = (value: number) => Math.round(value * 10) / 10;
const num = (value: unknown) => Number(value ?? 0);

/**
 * How many sitters and parents each commune holds: deleted accounts left out (they are nobody's market
 * any more; suspended ones still live there). Counted from the (city_id, user_type) index alone, the
 * few deleted accounts still placed subtracted afterwards: read from the accounts (CROSS JOIN keeps
 * that order; the planner otherwise walks every placed profile to its account, seconds at 300,000).
 * INDEXED BY holds the count to that index: with the (user_type, created_at) index of the analytics
 * the planner reads every profile of the two roles instead (1.3 s at 300,000 against 50 ms).
 */
async function peopleOf(db: Db): Promise<Map<string, { sitters: number; parents: number }>> {
  const [all, deleted] = await Promise.all([
    db.all<{ city_id: string; type: string; n: number }>(sql`
      SELECT city_id, user_type AS type, count(*) AS n FROM profiles INDEXED BY profiles_city_type_idx
      WHERE city_id IS NOT NULL AND user_type IN ('parent', 'babysitter') GROUP BY 1, 2`),
    db.all<{ city_id: string; type: string; n: number }>(sql`
      SELECT p.city_id, p.user_type AS type, count(*) AS n
      FROM "user" u CROSS JOIN profiles p ON p.user_id = u.id
      WHERE u.deleted_at IS NOT NULL AND p.city_id IS NOT NULL AND p.user_type IN ('parent', 'babysitter')
      GROUP BY 1, 2`),
  ]);
  const people = new Map<string, { sitters: number; parents: number }>();
  for (const [rows, sign] of [
    [all, 1],
    [deleted, -1],
  ] as const) {
    for (const row of rows) {
      const counts = people.get(row.city_id) ?? { sitters: 0, parents: 0 };
      counts[row.type === "babysitter" ? "sitters" : "parents"] += sign * num(row.n);
      people.set(row.city_id, counts);
    }
  }
  return people;
}

/** When a cancelled plan ended: its period's end when it ran out, else the cancellation (as the dashboard). */
const endedAt = sql`(CASE WHEN s.cancel_at_period_end THEN s.current_period_end ELSE coalesce(s.canceled_at, s.updated_at) END)`;
const inForceAt = (at: string) => sql`(s.created_at < ${at} AND NOT (s.status = 'canceled' AND ${endedAt} < ${at}))`;

type PlanCounts = { city_id: string; now: number; before: number };

/**
 * Each city's sitters with a paid plan in force at the period's end and at its start (`before`): read
 * live, from the subscriptions (one per sitter at most, a few tens of milliseconds at 100,000 sitters).
 */
function plansOf(db: Db, w: Window, before: string) {
  return db.all<PlanCounts>(sql`
    SELECT city_id, count(DISTINCT CASE WHEN now THEN profile_id END) AS now,
      count(DISTINCT CASE WHEN before THEN profile_id END) AS before
    FROM (SELECT p.city_id AS city_id, s.profile_id, ${inForceAt(w.to)} AS now, ${inForceAt(before)} AS before
      FROM subscriptions s JOIN profiles p ON p.id = s.profile_id
      WHERE s.plan <> 'discovery' AND s.status <> 'trialing' AND s.created_at < ${w.to} LIMIT -1)
    WHERE city_id IS NOT NULL GROUP BY city_id`);
}

type CityRow = {
  id: string;
  name: string;
  department: string;
  latitude: number;
  longitude: number;
  population: number;
};

const per10k = (count: number, population: number) => (population > 0 ? round1((count / population) * 10_000) : null);

function emptyStats(city: CityRow): CityStats {
  return {
    ...city,
    population: num(city.population),
    sitters: 0,
    parents: 0,
    subscribers: 0,
    subscribers_before: 0,
    revenue_cents: 0,
    growth_pct: null,
    adoption: null,
    sitters_per_10k: null,
    parents_per_10k: null,
    subscriber_share_pct: null,
    avg_booking_cents: null,
    response_minutes: null,
    satisfaction: null,
    reviews: 0,
    unmet: { searches: 0, declined: 0, expired: 0, total: 0 },
  };
}

/** Every city with someone placed in it or a thin search naming it, with its figures over the period. */
export async function cityStats(db: Db, period: GeographyPeriod, nowMs = Date.now()) {
  const days = GEOGRAPHY_PERIOD_DAYS[period];
  const window = { from: iso(nowMs - days * DAY_MS), to: iso(nowMs) };
  const [people, plans, activity] = await Promise.all([
    peopleOf(db),
    plansOf(db, window, window.from),
    cityActivityOver(db, window),
  ]);
  const ids = new Set<string>([...people.keys(), ...activity.map((r) => r.city_id)]);
  const cities = await db.all<CityRow>(sql`
    SELECT id, name, department, latitude, longitude, population FROM cities
    WHERE id IN (SELECT value FROM json_each(${JSON.stringify([...ids])}))`);
  const stats = new Map(cities.map((city) => [city.id, emptyStats(city)]));
  const at = (id: string) => stats.get(id);
  for (const [id, counts] of people) {
    const s = at(id);
    if (s) Object.assign(s, counts);
  }
  for (const r of plans) {
    const s = at(r.city_id);
    if (s) Object.assign(s, { subscribers: num(r.now), subscribers_before: num(r.before) });
  }
  for (const r of activity) {
    const s = at(r.city_id);
    if (!s) continue;
    s.revenue_cents = r.revenue_cents;
    s.avg_booking_cents = r.went_ahead > 0 ? Math.round(r.went_ahead_cents / r.went_ahead) : null;
    s.unmet.declined = r.declined;
    s.unmet.expired = r.expired;
    s.unmet.searches = r.thin_searches;
    s.response_minutes = r.response_minutes;
    s.satisfaction = r.reviews > 0 ? round1(r.rating_sum / r.reviews) : null;
    s.reviews = r.reviews;
  }
  for (const s of stats.values()) {
    s.growth_pct =
      s.subscribers_before > 0 ? round1(((s.subscribers - s.subscribers_before) / s.subscribers_before) * 100) : null;
    s.sitters_per_10k = per10k(s.sitters, s.population);
    s.parents_per_10k = per10k(s.parents, s.population);
    s.adoption = per10k(s.sitters + s.parents, s.population);
    s.subscriber_share_pct = s.sitters > 0 ? round1((s.subscribers / s.sitters) * 100) : null;
    s.unmet.total = s.unmet.searches + s.unmet.declined + s.unmet.expired;
  }
  return { ...window, cities: [...stats.values()] };
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
 * The figures are computed once, when the file's first rows are asked for.
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
  return auditedCsvExport(
    db,
    admin,
    lang,
    {
      section: "geography",
      fileName: "geographie",
      filters,
      separator,
      headerKeys: COLUMNS.map((column) => `admin.geography.csv.${column}`),
      page: async (limit, offset) => (await rows()).slice(offset, offset + limit),
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
