// What the admin dashboard (edge/services/admin/dashboard.ts) reads instead of a year of bookings,
// messages and sign-ups. Every row here is written by SQLite triggers (migration 0032_dashboard_rollups,
// where the rules are written), never by the application; the migration filled them once from the rows
// already there, and tests/unit/dashboard-rollups.test.ts checks each against its recomputation from
// the sources after every kind of write. SQLite drops a table's triggers with the table: a migration
// that rebuilds profiles, babysitter_profiles, bookings, messages, subscriptions or invoices must
// create migration 0032's triggers on it again.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { RESPONSE_BUCKET_COUNT } from "../constants/analytics";
import { profiles } from "./profiles";

/** The roles whose activity the dashboard counts (a person counts in her present role). */
export const MEMBER_ROLES = ["parent", "babysitter"] as const;

/**
 * One row per person and UTC day on which she was active: requested a booking (a parent), answered
 * one (a sitter) or sent a message. Each row points to the person's previous and next active days,
 * so that "who was active between two days" is a count, not a distinct over every event:
 * - active from day a until now: her last row (next_day null) is on or after a;
 * - active on days [a, b): one of her rows in [a, b) has no earlier row in [a, b) (prev_day < a).
 * A day is recorded with the person's first event on it and forgotten with her last (a deleted
 * account's rows go with it). The table is WITHOUT ROWID (the migration says so; drizzle cannot).
 */
export const memberActivityDays = sqliteTable(
  "member_activity_days",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    role: text("role").notNull(),
    prevDay: text("prev_day"),
    nextDay: text("next_day"),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.day] }),
    /** The rows of a span of days with where each person's previous day was: a past period's count. */
    index("member_activity_days_span_idx").on(t.role, t.day, t.prevDay),
    /** Each person's last active day (next_day null) by day: the current period's count, from the index alone. */
    index("member_activity_days_last_idx").on(t.role, t.nextDay, t.day),
  ],
);

/**
 * The active people of a past span of UTC days [from_day, to_day), by role, counted once from
 * member_activity_days and kept until a row recorded inside the span changes it (the triggers delete
 * the spans a new or removed active day falls in, and every span when a person changes role).
 */
export const activePeopleCounts = sqliteTable(
  "active_people_counts",
  {
    role: text("role").notNull(),
    fromDay: text("from_day").notNull(),
    toDay: text("to_day").notNull(),
    people: integer("people").notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.fromDay, t.toDay] })],
);

/**
 * The sitters' answers to booking requests per UTC day of the answer and response-time bucket
 * (RESPONSE_BUCKET_UPPER_MINUTES): how many, how many were acceptances (confirmed or completed, or
 * cancelled other than declined), and their seconds from request to answer summed (whole seconds, so
 * that adding and taking away stays exact). The median answer time is read from the buckets.
 */
export const answerDays = sqliteTable(
  "answer_days",
  {
    day: text("day").notNull(),
    bucket: integer("bucket").notNull(),
    answers: integer("answers").notNull(),
    accepted: integer("accepted").notNull(),
    seconds: integer("seconds").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.bucket] }),
    check(
      "answer_days_bucket_check",
      sql`${t.bucket} >= 0 AND ${t.bucket} < ${sql.raw(String(RESPONSE_BUCKET_COUNT))}`,
    ),
  ],
);

/**
 * Per UTC hour ("2026-11-27T14"): the plans' revenue (paid invoices, net of refunds, by the hour they
 * were paid), the parents' and sitters' sign-ups (by their profile's creation), and the booking
 * requests made and the value of those that went ahead (confirmed or completed, by the hour they were
 * requested). The series are folded into Paris days by the reader; the cards sum a period's hours.
 */
export const dashboardHours = sqliteTable("dashboard_hours", {
  hour: text("hour").primaryKey(),
  plansCents: integer("plans_cents").notNull().default(0),
  parents: integer("parents").notNull().default(0),
  sitters: integer("sitters").notNull().default(0),
  requests: integer("requests").notNull().default(0),
  valueCents: integer("value_cents").notNull().default(0),
});

/**
 * dashboard_hours summed per Paris date ("2026-11-27", the day in France the hour falls on; migration
 * 0042 states the time-zone rule in SQL): a period's whole Paris days are read from here, a year in
 * 365 rows instead of 8,760 hours, and only its two edge days from the hours.
 */
export const dashboardDays = sqliteTable("dashboard_days", {
  day: text("day").primaryKey(),
  plansCents: integer("plans_cents").notNull().default(0),
  parents: integer("parents").notNull().default(0),
  sitters: integer("sitters").notNull().default(0),
  requests: integer("requests").notNull().default(0),
  valueCents: integer("value_cents").notNull().default(0),
});

/**
 * The paid plans (neither Discovery nor a trial) per UTC day: those taken that day, and those
 * cancelled that ended that day (at their period's end, or when cancelled), each with its monthly
 * revenue in twelfths of a cent (a monthly plan's price times 12, a yearly plan's price: whole numbers,
 * so that adding and taking away stays exact). The plans in force at an instant, and their MRR, are
 * the days before it summed, plus its own day so far read live (migration 0043).
 */
export const planDays = sqliteTable("plan_days", {
  day: text("day").primaryKey(),
  started: integer("started").notNull().default(0),
  ended: integer("ended").notNull().default(0),
  startedMrrTwelfths: integer("started_mrr_twelfths").notNull().default(0),
  endedMrrTwelfths: integer("ended_mrr_twelfths").notNull().default(0),
});

/**
 * Each parent's and sitter's steps of the conversion funnel as they stand now (1 reached, 0 not),
 * beside her sign-up: searched signed in, requested a booking, had one accepted, had one completed (a
 * parent); is listed, accepted a request, took a paid plan, and when (a sitter). Recomputed for a person by
 * the triggers whenever a row that decides one of her steps is written.
 */
export const memberFunnel = sqliteTable(
  "member_funnel",
  {
    profileId: text("profile_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    signedUpAt: text("signed_up_at").notNull(),
    searched: integer("searched").notNull(),
    requested: integer("requested").notNull(),
    confirmed: integer("confirmed").notNull(),
    completed: integer("completed").notNull(),
    listed: integer("listed").notNull(),
    accepted: integer("accepted").notNull(),
    paid: integer("paid").notNull(),
    /** When her first paid plan started (a trial conversion), null before. */
    firstPaidAt: text("first_paid_at"),
  },
  (t) => [
    /** A cohort's steps summed from the index alone. */
    index("member_funnel_cohort_idx").on(
      t.role,
      t.signedUpAt,
      t.searched,
      t.requested,
      t.confirmed,
      t.completed,
      t.listed,
      t.accepted,
      t.paid,
    ),
    /** The trial conversions of a period. */
    index("member_funnel_first_paid_idx").on(t.firstPaidAt),
  ],
);

/**
 * The funnel's steps summed per role and UTC sign-up day (the first ten characters of signed_up_at):
 * a cohort of whole days is read from a row a day instead of a row a person (a year's sign-ups).
 * Kept by member_funnel's triggers (migration 0037): each person's row adds to her day when written
 * and takes away from it when removed or rewritten; a day left with no sign-up is deleted. WITHOUT
 * ROWID (the migration says so; drizzle cannot): a span of days is one run of rows.
 */
export const memberFunnelDays = sqliteTable(
  "member_funnel_days",
  {
    role: text("role").notNull(),
    day: text("day").notNull(),
    signedUp: integer("signed_up").notNull(),
    searched: integer("searched").notNull(),
    requested: integer("requested").notNull(),
    confirmed: integer("confirmed").notNull(),
    completed: integer("completed").notNull(),
    listed: integer("listed").notNull(),
    accepted: integer("accepted").notNull(),
    paid: integer("paid").notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.day] })],
);
