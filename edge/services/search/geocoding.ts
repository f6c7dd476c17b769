// French communes and postal codes to coordinates, from the commune register in `cities`
// (scripts/import-communes.ts): where a search measures its distances from, and the suggestions
// shown while a city is typed.
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { MAP_CENTER_PARIS } from "@db/constants/search-filters";
import { foldPlaceQuery } from "@db/text/fold";
import { CITY_SUGGESTIONS_MAX, type CitySuggestion } from "@db/validators/search";
import { ApiError } from "../../lib/errors";

export type Origin = {
  latitude: number;
  longitude: number;
  source: "position" | "location" | "default";
  label: string | null;
};

type CityRow = {
  id: string;
  name: string;
  department: string;
  latitude: number;
  longitude: number;
  postal_code: string | null;
};

/** Above every character a folded name holds: `name >= p AND name < p + END` is "starts with p". */
const PREFIX_END = "\uffff";
const POSTAL_CODE = /\b(\d{5})\b/;
/** "Lyon (69)", as the suggestions and the origin label write it. */
const DEPARTMENT_SUFFIX = /\(\s*(\d[\dAB]\d?)\s*\)\s*$/i;

export const cityLabel = (city: { name: string; department: string }) => `${city.name} (${city.department})`;

export const locationNotFound = () =>
  new ApiError(400, "LOCATION_NOT_FOUND", "search.locationNotFound", {}, { field: "location" });

/**
 * A typed place: a postal code ("69003", "69003 Lyon"), a commune name, accents and case aside
 * ("saint-etienne", "St Étienne"), optionally with its department ("Lyon (69)"). The exact name
 * wins, then the most populous commune whose name starts so. Null when nothing matches.
 */
export async function geocode(db: Pick<Db, "all">, text: string): Promise<CityRow | null> {
  const department = text.match(DEPARTMENT_SUFFIX)?.[1]?.toUpperCase();
  const rest = text.replace(DEPARTMENT_SUFFIX, "");
  const postalCode = rest.match(POSTAL_CODE)?.[1];
  const name = foldPlaceQuery(rest.replace(POSTAL_CODE, " "));
  const inDepartment = department ? sql`AND c.department = ${department}` : sql``;
  if (postalCode) {
    const named = name ? sql`AND c.name_folded >= ${name} AND c.name_folded < ${name + PREFIX_END}` : sql``;
    const [row] = await db.all<CityRow>(sql`
      SELECT c.id, c.name, c.department, c.latitude, c.longitude, pc.postal_code
      FROM city_postal_codes pc JOIN cities c ON c.id = pc.city_id
      WHERE pc.postal_code = ${postalCode} ${named} ${inDepartment}
      ORDER BY c.population DESC LIMIT 1`);
    return row ?? null;
  }
  if (!name) return null;
  const [row] = await db.all<CityRow>(sql`
    SELECT c.id, c.name, c.department, c.latitude, c.longitude, NULL AS postal_code FROM cities c
    WHERE c.name_folded >= ${name} AND c.name_folded < ${name + PREFIX_END} ${inDepartment}
    ORDER BY c.name_folded = ${name} DESC, c.population DESC LIMIT 1`);
  return row ?? null;
}

/** A place named inside the free text, and the words left for the name/bio search. */
export type PlaceInText = { city: CityRow; rest: string; kind: "postal_code" | "whole_text" | "within_text" };

/** Longest run of words tried as a commune name ("saint remy de provence"). */
const MAX_PLACE_WORDS = 6;
/**
 * Inside longer text, one word alone is a place only for a town of this size: many words people
 * write about a sitter are also the names of small communes ("cours de piano": Cours, "école": École).
 */
const WITHIN_TEXT_MIN_POPULATION = 10_000;

/** `words` without the first run equal to `run` (and the department number right after it, "lyon 69"). */
function withoutRun(words: string[], run: string[], department: string): string[] {
  for (let i = 0; i + run.length <= words.length; i++) {
    if (run.every((word, j) => words[i + j] === word)) {
      const end = words[i + run.length] === department.toLowerCase() ? i + run.length + 1 : i + run.length;
      return [...words.slice(0, i), ...words.slice(end)];
    }
  }
  return words;
}

/**
 * The box labelled 'Nom, ville ou présentation' takes a place too: a postal code ("69003"), the
 * whole text naming a commune ("Lyon", "St-Étienne", "Lyon (69)"), or, within longer text ("Léa
 * Lyon"), a run of words naming a commune: two words or more, or one word naming a town of
 * WITHIN_TEXT_MIN_POPULATION or more. The longest run wins, then the most populous commune. The
 * other words stay the name/bio search. Null when the text names no place.
 */
export async function placeInText(db: Pick<Db, "all">, text: string | undefined): Promise<PlaceInText | null> {
  const words = foldPlaceQuery(text ?? "")
    .split(" ")
    .filter(Boolean);
  if (words.length === 0) return null;
  const code = words.find((word) => /^\d{5}$/.test(word));
  if (code) {
    const [city] = await db.all<CityRow & { name_folded: string }>(sql`
      SELECT c.id, c.name, c.department, c.latitude, c.longitude, pc.postal_code, c.name_folded
      FROM city_postal_codes pc JOIN cities c ON c.id = pc.city_id
      WHERE pc.postal_code = ${code} ORDER BY c.population DESC LIMIT 1`);
    if (!city) return null;
    const rest = withoutRun(withoutRun(words, [code], ""), city.name_folded.split(" "), city.department);
    return { city, rest: rest.join(" "), kind: "postal_code" };
  }
  const runs: string[] = [];
  for (let length = Math.min(MAX_PLACE_WORDS, words.length); length >= 1; length--)
    for (let i = 0; i + length <= words.length; i++) runs.push(words.slice(i, i + length).join(" "));
  // "Lyon 69" (from "Lyon (69)"): the department number does not stop the text from being one place.
  const last = words[words.length - 1];
  const whole = (words.length > 1 && /^\d[\dab]\d?$/.test(last) ? words.slice(0, -1) : words).join(" ");
  const [city] = await db.all<CityRow & { name_folded: string }>(sql`
    SELECT c.id, c.name, c.department, c.latitude, c.longitude, NULL AS postal_code, c.name_folded FROM cities c
    WHERE c.name_folded IN (${sql.join(
      runs.map((r) => sql`${r}`),
      sql`, `,
    )})
      AND (c.name_folded = ${whole} OR c.name_folded LIKE '% %' OR c.population >= ${WITHIN_TEXT_MIN_POPULATION})
    ORDER BY length(c.name_folded) DESC, c.population DESC LIMIT 1`);
  if (!city) return null;
  const rest = withoutRun(words, city.name_folded.split(" "), city.department);
  return { city, rest: rest.join(" "), kind: rest.length === 0 ? "whole_text" : "within_text" };
}

/** The origin of a search moved to a place found in the free text. */
export const originOfPlace = (place: Pick<PlaceInText, "city">): Origin => ({
  latitude: place.city.latitude,
  longitude: place.city.longitude,
  source: "location",
  label: cityLabel(place.city),
});

/** An origin, with the commune it names (its id) when it is a typed place. */
export type PlacedOrigin = { origin: Origin; cityId: string | null };

/** Where distances are measured from: the browser's position, else the typed place, else Paris. */
export async function resolveOrigin(
  db: Db,
  input: { lat?: number; lng?: number; location?: string },
): Promise<PlacedOrigin> {
  if (input.lat !== undefined && input.lng !== undefined)
    return { origin: { latitude: input.lat, longitude: input.lng, source: "position", label: null }, cityId: null };
  if (input.location) {
    const city = await geocode(db, input.location);
    if (!city) throw locationNotFound();
    return { origin: originOfPlace({ city }), cityId: city.id };
  }
  return { origin: { ...MAP_CENTER_PARIS, source: "default", label: null }, cityId: null };
}

/**
 * Suggestions while typing: communes whose name starts with the text, or whose postal code does
 * (digits), most populous first. Both walk an index (name_folded, the postal codes' primary key).
 */
export async function suggestCities(db: Db, text: string): Promise<CitySuggestion[]> {
  const digits = text.replace(/\s+/g, "");
  if (/^\d+$/.test(digits)) {
    const rows = await db.all<CityRow>(sql`
      SELECT c.id, c.name, c.department, c.latitude, c.longitude, min(pc.postal_code) AS postal_code
      FROM city_postal_codes pc JOIN cities c ON c.id = pc.city_id
      WHERE pc.postal_code >= ${digits} AND pc.postal_code < ${digits + PREFIX_END}
      GROUP BY c.id ORDER BY c.population DESC, c.name LIMIT ${CITY_SUGGESTIONS_MAX}`);
    return rows.map(toSuggestion);
  }
  const name = foldPlaceQuery(text);
  if (!name) return [];
  const rows = await db.all<CityRow>(sql`
    SELECT c.id, c.name, c.department, c.latitude, c.longitude,
      (SELECT min(pc.postal_code) FROM city_postal_codes pc WHERE pc.city_id = c.id) AS postal_code
    FROM cities c
    WHERE c.name_folded >= ${name} AND c.name_folded < ${name + PREFIX_END}
    ORDER BY c.population DESC, c.name LIMIT ${CITY_SUGGESTIONS_MAX}`);
  return rows.map(toSuggestion);
}

const toSuggestion = (row: CityRow): CitySuggestion => ({
  name: row.name,
  postal_code: row.postal_code ?? "",
  department: row.department,
  latitude: row.latitude,
  longitude: row.longitude,
});

/**
 * A profile's position from its city and postal code: that commune's centre, or null when the
 * register does not know the pair (a stale position in another town would put the profile in the
 * wrong searches).
 */
export async function locateCity(db: Pick<Db, "all">, city: string, postalCode?: string | null) {
  const found = await geocode(db, postalCode ? `${postalCode} ${city}` : city);
  return found && { latitude: found.latitude, longitude: found.longitude };
}
