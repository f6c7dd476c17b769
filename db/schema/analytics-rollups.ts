// Figures of the console's analytics (edge/services/admin/analytics.ts) kept as the activity happens,
// so that a period of a year reads a few thousand small rows instead of a million events. Every row
// here is written by SQLite triggers (migration 0029_analytics_scale), never by the application, and
// the migration filled them once from the rows already there. The rule of each table is stated on
// it; the triggers keep it whatever writes the source rows (the routes, the seed, the tests' SQL),
// and tests/unit/analytics-rollups.test.ts checks each against its recomputation from the sources.
// SQLite drops a table's triggers with the table: a migration that rebuilds profiles, bookings,
// messages, audit_events or search_events must create migration 0029's triggers on it again.
import { sqliteTable, text, integer, primaryKey, index, check } from "drizzle-orm/sqlite-core";
import { profiles } from "./profiles";
import { oneOf } from "./checks";
import { SEARCH_EVENT_FILTERS, type SearchEventFilter, searchFilterColumn } from "../constants/analytics";

/**
 * Each Paris month's start as a UTC instant ("2026-04" starts at "2026-03-31T22:00:00.000Z"), from
 * 1996 (the present summer-time rule) to 2199: the Paris month of an instant is the last month that
 * starts at or before it. Filled once by migration 0029, where the rule is written.
 */
export const parisMonths = sqliteTable("paris_months", {
  month: text("month").primaryKey(),
  startsAt: text("starts_at").notNull().unique(),
});

/**
 * One row per person and Paris month in which she was active: signed in (audit action auth.sign_in),
 * sent a message, requested a booking or answered one. `first_at` is her first activity of that month
 * (so a period ending mid-month counts only who was active before its end); `cohort` is the Paris
 * month she signed up in when she is a parent or a sitter (the view members), null for an admin.
 * Bookings, messages and sign-ins are never deleted by the app (a deleted account is anonymised).
 */
export const memberActivityMonths = sqliteTable(
  "member_activity_months",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    firstAt: text("first_at").notNull(),
    cohort: text("cohort"),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.month] }),
    /** The activity of a month recorded at or after a period's end (read to take it away). */
    index("member_activity_months_month_idx").on(t.month, t.firstAt),
  ],
);

/** How many members of each sign-up cohort were active in each month: member_activity_months counted. */
export const memberActivityCounts = sqliteTable(
  "member_activity_counts",
  {
    cohort: text("cohort").notNull(),
    month: text("month").notNull(),
    members: integer("members").notNull(),
  },
  (t) => [primaryKey({ columns: [t.cohort, t.month] })],
);

/** How many parents and sitters signed up in each Paris month (the view members, counted). */
export const memberCohorts = sqliteTable("member_cohorts", {
  cohort: text("cohort").primaryKey(),
  members: integer("members").notNull(),
});

const filterCounts = Object.fromEntries(
  SEARCH_EVENT_FILTERS.map((name) => [name, integer(searchFilterColumn(name)).notNull().default(0)]),
) as Record<SearchEventFilter, ReturnType<typeof integer>>;

/**
 * The search events of each UTC hour ("2026-11-27T14"): how many, how many found nobody, how many
 * set a filter, and per filter of SEARCH_EVENT_FILTERS how many set it. Always the sums of the
 * search_events rows of that hour: an insert adds, a delete (the retention purge) subtracts, and an
 * hour left empty goes.
 */
export const searchHours = sqliteTable("search_hours", {
  hour: text("hour").primaryKey(),
  searches: integer("searches").notNull(),
  zeroResults: integer("zero_results").notNull(),
  filtered: integer("filtered").notNull(),
  ...filterCounts,
});

/**
 * search_hours summed per Paris date ("2026-11-27"; migration 0044, which writes the time-zone rule
 * in SQL as 0042 does for the dashboard): a period's whole Paris days are read from here, a year in
 * 365 rows instead of 8,760 hours, and only its two edge days from the hours.
 */
export const searchDays = sqliteTable("search_days", {
  day: text("day").primaryKey(),
  searches: integer("searches").notNull(),
  zeroResults: integer("zero_results").notNull(),
  filtered: integer("filtered").notNull(),
  ...filterCounts,
});

export const SEARCH_QUERY_SPANS = ["day", "month", "ytd"] as const;

/**
 * The searches with words, per UTC day ("2026-11-27"), per UTC month ("2026-11") and year to date
 * ('ytd' "2026-11": January through that month; migration 0044) ("span"), and words: how many, how
 * many found nobody. Always the sums of the search_events rows of that day, month or year so far, as
 * search_hours. A year's year-to-date rows exist for a word from its first month with searches on.
 */
export const searchQueries = sqliteTable(
  "search_queries",
  {
    span: text("span", { enum: SEARCH_QUERY_SPANS }).notNull(),
    start: text("start").notNull(),
    queryText: text("query_text").notNull(),
    searches: integer("searches").notNull(),
    zeroResults: integer("zero_results").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.span, t.start, t.queryText] }),
    check("search_queries_span_check", oneOf(t.span, SEARCH_QUERY_SPANS)),
  ],
);

/**
 * Each parent's first booking request ever (the earliest created_at of her bookings), and when her
 * profile was created (a copy, kept by trigger, so that the time between reads no other row).
 */
export const parentFirstBookings = sqliteTable(
  "parent_first_bookings",
  {
    parentId: text("parent_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    bookedAt: text("booked_at").notNull(),
    signedUpAt: text("signed_up_at").notNull(),
  },
  (t) => [index("parent_first_bookings_booked_idx").on(t.bookedAt, t.signedUpAt)],
);

/**
 * Each parent–sitter pair's first booking request ever, and how many messages of their conversation
 * (both ways) were sent before it.
 */
export const pairFirstBookings = sqliteTable(
  "pair_first_bookings",
  {
    parentId: text("parent_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    babysitterId: text("babysitter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    bookedAt: text("booked_at").notNull(),
    messagesBefore: integer("messages_before").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.parentId, t.babysitterId] }),
    /** The pairs of a period's partial days, read live. */
    index("pair_first_bookings_booked_idx").on(t.bookedAt, t.messagesBefore),
  ],
);

/** pair_first_bookings counted per UTC day of the first booking and number of messages before it. */
export const pairFirstBookingDays = sqliteTable(
  "pair_first_booking_days",
  {
    day: text("day").notNull(),
    messagesBefore: integer("messages_before").notNull(),
    pairs: integer("pairs").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.messagesBefore] })],
);
