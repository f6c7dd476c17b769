// The search's query string, in plain data: the API's schema (db/validators/search.ts) and the
// search page's URL reader (web/src/features/search/search-params.ts, which must not load zod on
// the page's first paint) both read their limits and choices from here.
export const SEARCH_SORTS = ["relevance", "distance", "price", "rating"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_DEFAULT_SORT: SearchSort = "relevance";
export const SEARCH_PAGE_SIZE = 12;
/** The free text and the place: at most this many characters once trimmed. */
export const SEARCH_TEXT_MAX_LENGTH = 100;
/** A page number above this is refused: it bounds how many rows a search may skip. */
export const SEARCH_MAX_PAGE = 500;
