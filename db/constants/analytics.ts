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
