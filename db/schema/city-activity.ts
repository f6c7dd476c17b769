// What the admin Geography (edge/services/admin/geography.ts) reads instead of a year of bookings:
// each commune's activity summed per UTC day, per UTC month and year to date ("span": 'ytd' rows sum
// January through their month, and exist from a city's first month with activity in that year to
// December), kept exact by the database as the activity is written (migrations 0028 and 0041, where
// the rules are). One row per span, start and city, stored in that order (the migrations make the
// table WITHOUT ROWID, which drizzle cannot declare).
//
// What a row sums, with the same definitions as the screen (the sources are the views
// city_activity_<source> of the migration, which both the triggers and the live reads go through):
// - revenue_cents: paid invoices of the city's sitters, net of refunds, by the day they were paid;
// - went_ahead, went_ahead_cents, declined, expired: bookings requested by the city's parents on that
//   day, by their outcome now (confirmed or completed; declined; expired);
// - reviews, rating_sum: reviews written that day about the city's sitters;
// - thin_searches: searches naming the city that day which found fewer than UNMET_DEMAND_MIN_RESULTS;
// - plans_started, plans_ended: the city's sitters' paid plans (neither Discovery nor a trial) taken
//   that day, and those cancelled that ended that day (at their period's end, or when cancelled);
// - a00…a19 and s00…s19: the answers the city's sitters gave that day (accepted or declined), as a
//   histogram of the time from request to answer: how many fell in each bucket, and their seconds
//   summed (whole numbers, so that adding and taking away stays exact), so that a median can be read
//   from the buckets: the mean of the bucket the middle answer falls in.
import { integer, primaryKey, sqliteTable, text, check } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { RESPONSE_BUCKET_COUNT } from "../constants/analytics";
import { cities } from "./cities";
import { oneOf } from "./checks";

export const CITY_ACTIVITY_SPANS = ["day", "month", "ytd"] as const;

const two = (k: number) => String(k).padStart(2, "0");
/** The histogram's column names, bucket by bucket: answers counted, then their seconds summed. */
export const RESPONSE_COUNT_COLUMNS = Array.from({ length: RESPONSE_BUCKET_COUNT }, (_, k) => `a${two(k)}`);
export const RESPONSE_SECONDS_COLUMNS = Array.from({ length: RESPONSE_BUCKET_COUNT }, (_, k) => `s${two(k)}`);

/** The measures a row sums besides the histogram, by column name (the services and tests read them so). */
export const CITY_ACTIVITY_MEASURES = [
  "revenue_cents",
  "went_ahead",
  "went_ahead_cents",
  "declined",
  "expired",
  "reviews",
  "rating_sum",
  "thin_searches",
  "plans_started",
  "plans_ended",
] as const;

const counter = (name: string) => integer(name).notNull().default(0);

export const cityActivity = sqliteTable(
  "city_activity",
  {
    span: text("span", { enum: CITY_ACTIVITY_SPANS }).notNull(),
    /** The UTC day ("2026-11-27") or month ("2026-11") the row sums; for 'ytd', its year up to that month. */
    start: text("start").notNull(),
    cityId: text("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    revenueCents: counter("revenue_cents"),
    wentAhead: counter("went_ahead"),
    wentAheadCents: counter("went_ahead_cents"),
    declined: counter("declined"),
    expired: counter("expired"),
    reviews: counter("reviews"),
    ratingSum: counter("rating_sum"),
    thinSearches: counter("thin_searches"),
    plansStarted: counter("plans_started"),
    plansEnded: counter("plans_ended"),
    ...Object.fromEntries(RESPONSE_COUNT_COLUMNS.map((name) => [name, counter(name)])),
    ...Object.fromEntries(RESPONSE_SECONDS_COLUMNS.map((name) => [name, counter(name)])),
  },
  (t) => [
    primaryKey({ columns: [t.span, t.start, t.cityId] }),
    check("city_activity_span_check", oneOf(t.span, CITY_ACTIVITY_SPANS)),
    check("city_activity_start_check", sql`length(${t.start}) = CASE ${t.span} WHEN 'day' THEN 10 ELSE 7 END`),
  ],
);
