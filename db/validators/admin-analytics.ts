// The admin console's analytics contract, over a period of the dashboard's list (7 days to a year):
// what people search for (top words, words that found nobody, filters, searches per Paris day),
// how long parents take from sign-up to their first booking request, how many of each monthly
// sign-up cohort stay active in the months after, and how many messages a parent and a sitter
// exchange before their first booking. Every figure is an aggregate: no person is named.
import { z } from "zod";
import { SEARCH_EVENT_FILTERS } from "../constants/analytics";
import { DASHBOARD_PERIODS } from "./admin-dashboard";

export const analyticsQuerySchema = z
  .object({ period: z.enum(DASHBOARD_PERIODS, { error: "validation.formatInvalid" }).default("30d") })
  .strict();

/** How many words the top and zero-result lists keep. */
export const ANALYTICS_TOP_QUERIES = 20;

/** Time from sign-up to a first booking request, by bucket; `upTo` in hours (the last has none). */
export const FIRST_BOOKING_BUCKETS = [
  { id: "under_1d", upTo: 24 },
  { id: "1d_3d", upTo: 72 },
  { id: "3d_7d", upTo: 168 },
  { id: "7d_30d", upTo: 720 },
  { id: "30d_90d", upTo: 2160 },
  { id: "over_90d", upTo: null },
] as const;

/** Messages exchanged before a pair's first booking, by bucket; `upTo` inclusive (the last has none). */
export const MESSAGES_BEFORE_BUCKETS = [
  { id: "1", upTo: 1 },
  { id: "2_3", upTo: 3 },
  { id: "4_5", upTo: 5 },
  { id: "6_10", upTo: 10 },
  { id: "11_20", upTo: 20 },
  { id: "over_20", upTo: null },
] as const;

/** The fewest monthly cohorts the retention shows, whatever the period. */
export const RETENTION_MIN_MONTHS = 6;

const distributionSchema = z.array(z.object({ bucket: z.string(), count: z.number().int() }));

export const adminAnalyticsSchema = z
  .object({
    period: z.enum(DASHBOARD_PERIODS),
    /** UTC ISO-8601: the period is [from, to). */
    from: z.string(),
    to: z.string(),
    search: z.object({
      /** Searches (first pages) of the period, and those that found no sitter. */
      total: z.number().int(),
      zero_results: z.number().int(),
      /** Searches with at least one filter set. */
      filtered: z.number().int(),
      /** The most searched words (folded), most first. */
      top_queries: z.array(z.object({ query: z.string(), searches: z.number().int(), zero_results: z.number().int() })),
      /** The words of the searches that found nobody, most first. */
      zero_result_queries: z.array(z.object({ query: z.string(), searches: z.number().int() })),
      /** Each filter of SEARCH_EVENT_FILTERS: searches that set it and their share of all searches (percent). */
      filters: z.array(
        z.object({ filter: z.enum(SEARCH_EVENT_FILTERS), searches: z.number().int(), share_pct: z.number() }),
      ),
      /** Every Paris day of the period, with its searches and zero-result searches. */
      per_day: z.array(z.object({ date: z.string(), searches: z.number().int(), zero_results: z.number().int() })),
    }),
    /** Parents whose first booking request was made in the period: the time since their sign-up. */
    first_booking: z.object({
      parents: z.number().int(),
      median_hours: z.number().nullable(),
      distribution: distributionSchema,
    }),
    /**
     * Parents and sitters by Paris month of sign-up (the months the period touches, at least the
     * last RETENTION_MIN_MONTHS), and how many of them were active in that month and each one after
     * it up to now. Active: signed in, sent a message, requested a booking or answered one.
     */
    retention: z.array(
      z.object({
        /** "2026-05" */
        month: z.string(),
        users: z.number().int(),
        /** active[k]: active in the k-th month from the sign-up month (0: that month itself). */
        active: z.array(z.number().int()),
      }),
    ),
    /** Parent–sitter pairs whose first booking was requested in the period. */
    messages_before_booking: z.object({
      pairs: z.number().int(),
      /** Those whose first booking followed at least one message between them. */
      with_messages: z.number().int(),
      median: z.number().nullable(),
      mean: z.number().nullable(),
      distribution: distributionSchema,
    }),
  })
  .meta({ id: "AdminAnalytics" });
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;
