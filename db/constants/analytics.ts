// What the console's analytics keep and how they read it (db/schema/search-events.ts).

/** Search events are kept this long (13 months: a year's period and the month before it), then deleted by the cron. */
export const SEARCH_EVENT_RETENTION_DAYS = 400;
/** The free text of a search event, at most: enough for the words people type, not for a message. */
export const SEARCH_EVENT_QUERY_MAX_LENGTH = 60;
/** A search with fewer results than this is demand the city does not meet. */
export const UNMET_DEMAND_MIN_RESULTS = 3;

/**
 * The search filters a search event names when they are set, in this order. The radius counts
 * when it differs from the default; the sort is kept apart.
 */
export const SEARCH_EVENT_FILTERS = [
  "radius",
  "minRate",
  "maxRate",
  "minRating",
  "availableToday",
  "verifiedOnly",
  "emergency",
  "references",
  "languages",
  "specialties",
  "ageGroups",
  "experience",
] as const;
export type SearchEventFilter = (typeof SEARCH_EVENT_FILTERS)[number];

/**
 * The buckets of the sitters' response times kept per city and day (db/schema/city-activity.ts):
 * their upper bounds in minutes, the last one open. Written in SQL in the view city_activity_answers
 * (migration 0028); a test checks the two agree.
 */
export const RESPONSE_BUCKET_UPPER_MINUTES = [
  1, 2, 3, 5, 7, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440,
] as const;
export const RESPONSE_BUCKET_COUNT = RESPONSE_BUCKET_UPPER_MINUTES.length + 1;

/** The column of search_hours counting a filter: "min_rate" for minRate (db/schema/analytics-rollups.ts). */
export const searchFilterColumn = (name: SearchEventFilter) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
