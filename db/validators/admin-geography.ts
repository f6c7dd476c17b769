// The admin console's Geography contract: per city over a period (1, 3, 6 months or a year), the
// sitters on a paid plan, the plans' revenue, the growth of those subscribers, the adoption per
// 10,000 inhabitants, the bookings' average value, how fast sitters answer, the reviews' rating and
// the demand the city leaves unmet. The ranking is searched on the city's name, sorted and paged;
// the map and the top-5 lists read the same figures; the CSV holds every row the search matches.
import { z } from "zod";
import { CSV_EXPORT_FIELDS, LIST_PAGE_FIELDS, SORT_DIRECTIONS, USER_SEARCH_MAX_LENGTH } from "./admin-users";

export const GEOGRAPHY_PERIODS = ["1m", "3m", "6m", "1y"] as const;
export type GeographyPeriod = (typeof GEOGRAPHY_PERIODS)[number];
export const GEOGRAPHY_PERIOD_DAYS: Record<GeographyPeriod, number> = { "1m": 30, "3m": 90, "6m": 180, "1y": 365 };

/** What the map's bubbles measure. */
export const GEOGRAPHY_METRICS = ["subscribers", "revenue", "growth", "adoption"] as const;
export type GeographyMetric = (typeof GEOGRAPHY_METRICS)[number];

/** The ranking's orders (its sortable columns). */
export const GEOGRAPHY_SORTS = ["subscribers", "revenue", "growth"] as const;
export type GeographySort = (typeof GEOGRAPHY_SORTS)[number];

/** How many cities the map draws at most (the first by the chosen metric), and each top list holds. */
export const GEOGRAPHY_MAP_CITIES = 150;
export const GEOGRAPHY_TOP = 5;

const invalid = { error: "validation.formatInvalid" };

export const geographyFiltersSchema = z.object({
  period: z.enum(GEOGRAPHY_PERIODS, invalid).default("3m"),
  metric: z.enum(GEOGRAPHY_METRICS, invalid).default("subscribers"),
  q: z.string().trim().max(USER_SEARCH_MAX_LENGTH, "validation.formatInvalid").optional(),
  sort: z.enum(GEOGRAPHY_SORTS, invalid).default("subscribers"),
  dir: z.enum(SORT_DIRECTIONS, invalid).default("desc"),
});
export type GeographyFilters = z.infer<typeof geographyFiltersSchema>;

export const geographyQuerySchema = geographyFiltersSchema.extend(LIST_PAGE_FIELDS).strict();
export type GeographyQuery = z.infer<typeof geographyQuerySchema>;

export const geographyExportQuerySchema = geographyFiltersSchema.extend(CSV_EXPORT_FIELDS).strict();
export type GeographyExportQuery = z.infer<typeof geographyExportQuerySchema>;

export const cityStatsSchema = z
  .object({
    /** The commune's id (cities.id). */
    id: z.string(),
    name: z.string(),
    department: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    population: z.number().int(),
    /** Babysitters and parents placed in the city (their profile's postal code or city name). */
    sitters: z.number().int(),
    parents: z.number().int(),
    /** Sitters with a paid plan in force at the period's end. */
    subscribers: z.number().int(),
    /** The same at the period's start (the end of the period before, of the same length). */
    subscribers_before: z.number().int(),
    /** Paid invoices of the city's sitters in the period, net of refunds, in cents. */
    revenue_cents: z.number().int(),
    /** (subscribers - subscribers_before) / subscribers_before in percent, one decimal; null when there were none before. */
    growth_pct: z.number().nullable(),
    /** Sitters and parents per 10,000 inhabitants, one decimal; null when the population is unknown (0). */
    adoption: z.number().nullable(),
    sitters_per_10k: z.number().nullable(),
    parents_per_10k: z.number().nullable(),
    /** Subscribers among the city's sitters, in percent; null without sitters. */
    subscriber_share_pct: z.number().nullable(),
    /** Average amount of the bookings its parents requested in the period and that went ahead, in cents. */
    avg_booking_cents: z.number().int().nullable(),
    /** Median time its sitters took to answer a request (answers of the period), in minutes. */
    response_minutes: z.number().int().nullable(),
    /** Average rating its sitters received in the period (1 to 5, one decimal). */
    satisfaction: z.number().nullable(),
    reviews: z.number().int(),
    /** Unmet demand in the period: thin searches naming the city, and its parents' requests declined or expired. */
    unmet: z.object({
      searches: z.number().int(),
      declined: z.number().int(),
      expired: z.number().int(),
      total: z.number().int(),
    }),
  })
  .meta({ id: "AdminCityStats" });
export type CityStats = z.infer<typeof cityStatsSchema>;

export const adminGeographySchema = z
  .object({
    period: z.enum(GEOGRAPHY_PERIODS),
    metric: z.enum(GEOGRAPHY_METRICS),
    /** UTC ISO-8601: the period is [from, to). */
    from: z.string(),
    to: z.string(),
    /** The ranking's page: the cities the search matches, in the chosen order. */
    rows: z.array(cityStatsSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** The map's cities (every city, not the search): the first GEOGRAPHY_MAP_CITIES by the metric. */
    map: z.array(cityStatsSchema),
    /** The first five cities by subscribers, revenue and growth (every city, not the search). */
    top: z.object({
      subscribers: z.array(cityStatsSchema),
      revenue: z.array(cityStatsSchema),
      growth: z.array(cityStatsSchema),
    }),
    /** Over every placed city. */
    totals: z.object({
      cities: z.number().int(),
      subscribers: z.number().int(),
      revenue_cents: z.number().int(),
      unmet: z.number().int(),
    }),
  })
  .meta({ id: "AdminGeography" });
export type AdminGeography = z.infer<typeof adminGeographySchema>;
