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
// people are counted from the (city_id, user_type) index, in tens of milliseconds; each measure reads
// only its period's rows through an index on its date (bookings' created_at and responded_at, reviews'
// created_at, paid invoices' payment date), each row's city by the profile's primary key. That is
// still one profile lookup per booking of the period: seconds for a month at that size, more for a
// year, far from the console's budget. Every figure here is live (read at each request, nothing
// precomputed); answering in budget needs figures kept per city and day by the cron (requests,
// answers' times as a histogram for the median, reviews, revenue), the current partial days read live.
//
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
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { UNMET_DEMAND_MIN_RESULTS } from "@db/constants/analytics";
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
import { csvStream } from "../../lib/csv";
import { translate, type Lang } from "../../lib/i18n";
import { recordAudit } from "../audit/audit";
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
 */
async function peopleOf(db: Db): Promise<Map<string, { sitters: number; parents: number }>> {
  const [all, deleted] = await Promise.all([
    db.all<{ city_id: string; type: string; n: number }>(sql`
      SELECT city_id, user_type AS type, count(*) AS n FROM profiles
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

type Measures = {
  plans: { city_id: string; now: number; before: number }[];
  revenue: { city_id: string; cents: number }[];
  requests: { city_id: string; went_ahead: number; value: number; declined: number; expired: number }[];
  responses: { city_id: string; minutes: number }[];
  reviews: { city_id: string; rating: number; reviews: number }[];
  searches: { city_id: string; thin: number }[];
};

async function measure(db: Db, w: Window, before: string): Promise<Measures> {
  /** `select` over `rows` (which carry city_id), grouped by city. */
  const q = <T>(select: SQL, rows: SQL) =>
    db.all<T>(sql`SELECT city_id, ${select} FROM (${rows} LIMIT -1) WHERE city_id IS NOT NULL GROUP BY city_id`);
  const [plans, revenue, requests, responses, reviews, searches] = await Promise.all([
    q<Measures["plans"][number]>(
      sql`count(DISTINCT CASE WHEN now THEN profile_id END) AS now,
        count(DISTINCT CASE WHEN before THEN profile_id END) AS before`,
      sql`SELECT p.city_id AS city_id, s.profile_id, ${inForceAt(w.to)} AS now, ${inForceAt(before)} AS before
        FROM subscriptions s JOIN profiles p ON p.id = s.profile_id
        WHERE s.plan <> 'discovery' AND s.status <> 'trialing' AND s.created_at < ${w.to}`,
    ),
    q<Measures["revenue"][number]>(
      sql`sum(cents) AS cents`,
      sql`SELECT p.city_id AS city_id, i.amount_paid_cents - i.refunded_cents AS cents
        FROM invoices i JOIN profiles p ON p.id = i.profile_id
        WHERE i.status = 'paid' AND coalesce(i.paid_at, i.created_at) >= ${w.from}
          AND coalesce(i.paid_at, i.created_at) < ${w.to}`,
    ),
    q<Measures["requests"][number]>(
      sql`sum(went_ahead) AS went_ahead, sum(CASE WHEN went_ahead THEN cents ELSE 0 END) AS value,
        sum(reason = 'declined') AS declined, sum(reason = 'expired') AS expired`,
      sql`SELECT p.city_id AS city_id, b.status IN ('confirmed', 'completed') AS went_ahead,
          b.total_amount_cents AS cents, CASE WHEN b.status = 'cancelled' THEN b.cancel_reason END AS reason
        FROM bookings b JOIN profiles p ON p.id = b.parent_id
        WHERE b.created_at >= ${w.from} AND b.created_at < ${w.to}`,
    ),
    // The median per city in SQL: answers ranked within their city, the middle one (or two) averaged.
    db.all<Measures["responses"][number]>(sql`WITH
      answer AS (
        SELECT p.city_id AS city_id, (julianday(b.responded_at) - julianday(b.created_at)) * 1440 AS minutes
        FROM bookings b JOIN profiles p ON p.id = b.babysitter_id
        WHERE b.responded_at >= ${w.from} AND b.responded_at < ${w.to} LIMIT -1),
      ranked AS (
        SELECT city_id, minutes, row_number() OVER (PARTITION BY city_id ORDER BY minutes) AS rank,
          count(*) OVER (PARTITION BY city_id) AS n
        FROM answer WHERE city_id IS NOT NULL)
      SELECT city_id, avg(minutes) AS minutes FROM ranked
      WHERE rank IN ((n + 1) / 2, (n + 2) / 2) GROUP BY city_id`),
    q<Measures["reviews"][number]>(
      sql`avg(rating) AS rating, count(*) AS reviews`,
      sql`SELECT p.city_id AS city_id, r.rating FROM reviews r JOIN profiles p ON p.id = r.reviewed_id
        WHERE +p.user_type = 'babysitter' AND r.created_at >= ${w.from} AND r.created_at < ${w.to}`,
    ),
    db.all<Measures["searches"][number]>(sql`
      SELECT city_id, count(*) AS thin FROM search_events
      WHERE city_id IS NOT NULL AND created_at >= ${w.from} AND created_at < ${w.to}
        AND result_count < ${UNMET_DEMAND_MIN_RESULTS}
      GROUP BY city_id`),
  ]);
  return { plans, revenue, requests, responses, reviews, searches };
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
  const [people, m] = await Promise.all([peopleOf(db), measure(db, window, window.from)]);
  const ids = new Set<string>([...people.keys(), ...m.searches.map((r) => r.city_id)]);
  const cities = await db.all<CityRow>(sql`
    SELECT id, name, department, latitude, longitude, population FROM cities
    WHERE id IN (SELECT value FROM json_each(${JSON.stringify([...ids])}))`);
  const stats = new Map(cities.map((city) => [city.id, emptyStats(city)]));
  const at = (id: string) => stats.get(id);
  for (const [id, counts] of people) {
    const s = at(id);
    if (s) Object.assign(s, counts);
  }
  for (const r of m.plans) {
    const s = at(r.city_id);
    if (s) Object.assign(s, { subscribers: num(r.now), subscribers_before: num(r.before) });
  }
  for (const r of m.revenue) {
    const s = at(r.city_id);
    if (s) s.revenue_cents = num(r.cents);
  }
  for (const r of m.requests) {
    const s = at(r.city_id);
    if (!s) continue;
    const wentAhead = num(r.went_ahead);
    s.avg_booking_cents = wentAhead > 0 ? Math.round(num(r.value) / wentAhead) : null;
    s.unmet.declined = num(r.declined);
    s.unmet.expired = num(r.expired);
  }
  for (const r of m.responses) {
    const s = at(r.city_id);
    if (s) s.response_minutes = Math.round(num(r.minutes));
  }
  for (const r of m.reviews) {
    const s = at(r.city_id);
    if (s) Object.assign(s, { satisfaction: round1(num(r.rating)), reviews: num(r.reviews) });
  }
  for (const r of m.searches) {
    const s = at(r.city_id);
    if (s) s.unmet.searches = num(r.thin);
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

/** Rows written per chunk of the stream. */
const EXPORT_PAGE_ROWS = 500;

/** A number as the CSV writes it: plain digits and a dot, empty when there is none. */
const cell = (value: number | null, digits = 1) => (value === null ? "" : value.toFixed(digits));

/** Every city the search matches, in the ranking's order, as CSV (streamed); the export is audited. */
export async function exportGeographyCsv(
  db: Db,
  admin: AdminContext,
  query: GeographyExportQuery,
  lang: Lang,
  nowMs = Date.now(),
): Promise<{ name: string; stream: ReadableStream<Uint8Array> }> {
  const { separator, ...filters } = query;
  await recordAudit(db, admin.actor, admin.origin, {
    action: "admin.export",
    resource: "export:geography",
    metadata: { filters },
  });
  const rows = ranking((await cityStats(db, filters.period, nowMs)).cities, filters);
  let offset = 0;
  const nextPage = async () => {
    const page = rows.slice(offset, offset + EXPORT_PAGE_ROWS);
    offset += page.length;
    return page.map((city) => [
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
    ]);
  };
  const header = COLUMNS.map((column) => translate(lang, `admin.geography.csv.${column}`));
  return {
    name: `geographie-${new Date(nowMs).toISOString().slice(0, 10)}.csv`,
    stream: csvStream(header, separator, nextPage),
  };
}
