// The search lives in the URL (shareable, survives a reload, back and forward walk through it): the
// API's own parameters (db/validators/search.ts searchQuerySchema) plus `view`, the page's list/map
// choice, which is never sent. What the page sends is only the parameters the API knows, each with
// a value its schema accepts: a hand-edited link with `radius=900` or `foo=1` still searches.
// The URL is read without zod: loading the schemas on the page's first paint cost /search about
// 200 ms of a phone's main thread. Each reader below accepts exactly what the schema's field
// accepts and gives the same value (tests/unit/search-url-state.test.ts compares them key by key).
import {
  HOURLY_RATE_MAX_CENTS,
  LATITUDE_MAX,
  LATITUDE_MIN,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  SEARCH_RADIUS_KM,
  SEARCH_RATING,
} from "@db/constants/limits";
import { EXPERIENCE_OPTIONS } from "@db/constants/search-filters";
import { SEARCH_DEFAULT_SORT, SEARCH_MAX_PAGE, SEARCH_SORTS, SEARCH_TEXT_MAX_LENGTH } from "@db/constants/search-query";
import { AGE_GROUPS, LANGUAGES, SPECIALTIES } from "@db/schema/enums";
import type { SearchQuery } from "@db/validators/search";

/** A parameter's value as the API's schema gives it, or undefined when the schema refuses it. */
type Reader = (raw: string) => unknown;

/** z.string().trim().max(): the trimmed text, at most the length. */
const text: Reader = (raw) => {
  const trimmed = raw.trim();
  return trimmed.length <= SEARCH_TEXT_MAX_LENGTH ? trimmed : undefined;
};
/** z.coerce.number(): Number(raw), finite, within the bounds (and whole when asked). */
const number =
  (min: number, max: number, whole = false): Reader =>
  (raw) => {
    const value = Number(raw);
    const fits = Number.isFinite(value) && value >= min && value <= max && (!whole || Number.isInteger(value));
    return fits ? value : undefined;
  };
const flag: Reader = (raw) => (raw === "true" ? true : raw === "false" ? false : undefined);
/** "fr,en": each non-empty item one of `values`. */
const listOf =
  (values: readonly string[]): Reader =>
  (raw) => {
    const items = raw.split(",").filter(Boolean);
    return items.every((item) => values.includes(item)) ? items : undefined;
  };
const oneOf =
  (values: readonly string[]): Reader =>
  (raw) =>
    values.includes(raw) ? raw : undefined;

const euros = number(0, HOURLY_RATE_MAX_CENTS / 100);

/** The API's parameters, in its schema's order (the order makes a stable query key). */
const READERS = {
  q: text,
  lat: number(LATITUDE_MIN, LATITUDE_MAX),
  lng: number(LONGITUDE_MIN, LONGITUDE_MAX),
  location: text,
  radius: number(SEARCH_RADIUS_KM.min, SEARCH_RADIUS_KM.max, true),
  minRate: euros,
  maxRate: euros,
  minRating: number(SEARCH_RATING.min, SEARCH_RATING.max),
  availableToday: flag,
  verifiedOnly: flag,
  emergency: flag,
  references: flag,
  languages: listOf(LANGUAGES),
  specialties: listOf(SPECIALTIES),
  ageGroups: listOf(AGE_GROUPS),
  experience: listOf(EXPERIENCE_OPTIONS.map((option) => option.value)),
  sort: oneOf(SEARCH_SORTS),
  page: number(1, SEARCH_MAX_PAGE, true),
} satisfies Record<keyof SearchQuery, Reader>;

export type ApiParam = keyof typeof READERS;
export const API_PARAMS = Object.keys(READERS) as ApiParam[];

/** One parameter's value as the API reads it, or undefined when it would refuse it (for tests). */
export const readParam = (key: ApiParam, raw: string): unknown => READERS[key](raw);

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
    if (value && READERS[key](value) !== undefined) params[key] = value;
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

/** The schema's defaults (the unit test checks them against searchQuerySchema.parse({})). */
export const DEFAULTS: SearchQuery = { radius: SEARCH_RADIUS_KM.default, sort: SEARCH_DEFAULT_SORT, page: 1 };

/** The search as the controls show it: numbers, lists and the schema's defaults. */
export function readSearch(url: URLSearchParams): SearchQuery {
  const search: Record<string, unknown> = { ...DEFAULTS };
  for (const [key, raw] of Object.entries(apiParams(url))) search[key] = READERS[key as ApiParam](raw);
  return search as SearchQuery;
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
