// The search lives in the URL (shareable, survives a reload, back and forward walk through it): the
// API's own parameters (db/validators/search.ts searchQuerySchema) plus `view`, the page's list/map
// choice, which is never sent. What the page sends is only the parameters the API knows, each with
// a value its schema accepts: a hand-edited link with `radius=900` or `foo=1` still searches.
import { SEARCH_RADIUS_KM } from "@db/constants/limits";
import { type SearchQuery, searchQuerySchema } from "@db/validators/search";

const SHAPE = searchQuerySchema.shape;
export type ApiParam = keyof typeof SHAPE;
const API_PARAMS = Object.keys(SHAPE) as ApiParam[];

export const VIEWS = ["list", "map"] as const;
export type SearchView = (typeof VIEWS)[number];
const VIEW_PARAM = "view";

/** The advanced filters panel's parameters (what "Reset filters" clears and the badge counts). */
export const FILTER_PARAMS = [
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
  "experience",
  "ageGroups",
] as const satisfies readonly ApiParam[];

/** The URL's parameters the API knows, with valid values, in the schema's order (a stable query key). */
export function apiParams(url: URLSearchParams): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of API_PARAMS) {
    const value = url.get(key)?.trim();
    if (value && SHAPE[key].safeParse(value).success) params[key] = value;
  }
  // A position is both coordinates or nothing.
  if (!params.lat || !params.lng) {
    delete params.lat;
    delete params.lng;
  }
  // A range upside down is refused by the API: the panel says so, the search keeps the minimum.
  if (rateRangeInverted(params)) delete params.maxRate;
  return params;
}

/** The minimum rate above the maximum (the panel shows the API's message under the maximum). */
export function rateRangeInverted(params: Record<string, string | undefined>): boolean {
  const min = Number(params.minRate);
  const max = Number(params.maxRate);
  return params.minRate !== undefined && params.maxRate !== undefined && min > max;
}

const DEFAULTS = searchQuerySchema.parse({});

/** The search as the controls show it: numbers, lists and the schema's defaults. */
export function readSearch(url: URLSearchParams): SearchQuery {
  const parsed = searchQuerySchema.safeParse(apiParams(url));
  return parsed.success ? parsed.data : DEFAULTS;
}

export const readView = (url: URLSearchParams): SearchView => (url.get(VIEW_PARAM) === "map" ? "map" : "list");

export type ParamUpdates = Partial<Record<ApiParam | typeof VIEW_PARAM, string | null>>;

/** `url` with `updates` applied (null or "" removes). Any change but the page's starts again at page 1. */
export function withUpdates(url: URLSearchParams, updates: ParamUpdates): URLSearchParams {
  const next = new URLSearchParams(url);
  for (const [key, value] of Object.entries(updates)) {
    if (value === null || value === undefined || value === "") next.delete(key);
    else next.set(key, value);
  }
  const changesResults = Object.keys(updates).some((key) => key !== VIEW_PARAM);
  if (changesResults && !("page" in updates)) next.delete("page");
  if (next.get("radius") === String(SEARCH_RADIUS_KM.default)) next.delete("radius");
  if (next.get("sort") === DEFAULTS.sort) next.delete("sort");
  if (next.get("page") === "1") next.delete("page");
  return next;
}

const nothing = (keys: readonly string[]): ParamUpdates => Object.fromEntries(keys.map((key) => [key, null]));

/** Clears the advanced filters (the text, the place, the sort and the view stay). */
export const CLEAR_FILTERS: ParamUpdates = nothing(FILTER_PARAMS);

/** Clears the whole search but the visitor's own position, the sort and the view. */
export const CLEAR_SEARCH: ParamUpdates = nothing([...FILTER_PARAMS, "q", "location"]);

/** How many advanced filters are set. */
export function activeFilterCount(url: URLSearchParams): number {
  const params = apiParams(url);
  return FILTER_PARAMS.filter((key) => key in params && params[key] !== "false").length;
}

/** A list parameter's value ("fr,en"), or null when empty. */
export const csv = (values: readonly string[]): string | null => (values.length ? values.join(",") : null);

/** The list with `value` added or removed. */
export const toggled = <T extends string>(values: readonly T[], value: T, on: boolean): T[] =>
  on ? [...new Set([...values, value])] : values.filter((v) => v !== value);
