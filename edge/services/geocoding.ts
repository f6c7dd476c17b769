// French communes and postal codes to coordinates, from the commune register in `cities`
// (scripts/import-communes.ts): where a search measures its distances from, and the suggestions
// shown while a city is typed.
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { MAP_CENTER_PARIS } from "@db/constants/search-filters";
import { foldPlaceQuery } from "@db/text/fold";
import { CITY_SUGGESTIONS_MAX, type CitySuggestion } from "@db/validators/search";
import { ApiError } from "../lib/errors";

export type Origin = {
  latitude: number;
  longitude: number;
  source: "position" | "location" | "default";
  label: string | null;
};

type CityRow = { name: string; department: string; latitude: number; longitude: number; postal_code: string | null };

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
      SELECT c.name, c.department, c.latitude, c.longitude, pc.postal_code
      FROM city_postal_codes pc JOIN cities c ON c.id = pc.city_id
      WHERE pc.postal_code = ${postalCode} ${named} ${inDepartment}
      ORDER BY c.population DESC LIMIT 1`);
    return row ?? null;
  }
  if (!name) return null;
  const [row] = await db.all<CityRow>(sql`
    SELECT c.name, c.department, c.latitude, c.longitude, NULL AS postal_code FROM cities c
    WHERE c.name_folded >= ${name} AND c.name_folded < ${name + PREFIX_END} ${inDepartment}
    ORDER BY c.name_folded = ${name} DESC, c.population DESC LIMIT 1`);
  return row ?? null;
}

/** Where distances are measured from: the browser's position, else the typed place, else Paris. */
export async function resolveOrigin(db: Db, input: { lat?: number; lng?: number; location?: string }): Promise<Origin> {
  if (input.lat !== undefined && input.lng !== undefined)
    return { latitude: input.lat, longitude: input.lng, source: "position", label: null };
  if (input.location) {
    const city = await geocode(db, input.location);
    if (!city) throw locationNotFound();
    return { latitude: city.latitude, longitude: city.longitude, source: "location", label: cityLabel(city) };
  }
  return { ...MAP_CENTER_PARIS, source: "default", label: null };
}

/**
 * Suggestions while typing: communes whose name starts with the text, or whose postal code does
 * (digits), most populous first. Both walk an index (name_folded, the postal codes' primary key).
 */
export async function suggestCities(db: Db, text: string): Promise<CitySuggestion[]> {
  const digits = text.replace(/\s+/g, "");
  if (/^\d+$/.test(digits)) {
    const rows = await db.all<CityRow>(sql`
      SELECT c.name, c.department, c.latitude, c.longitude, min(pc.postal_code) AS postal_code
      FROM city_postal_codes pc JOIN cities c ON c.id = pc.city_id
      WHERE pc.postal_code >= ${digits} AND pc.postal_code < ${digits + PREFIX_END}
      GROUP BY c.id ORDER BY c.population DESC, c.name LIMIT ${CITY_SUGGESTIONS_MAX}`);
    return rows.map(toSuggestion);
  }
  const name = foldPlaceQuery(text);
  if (!name) return [];
  const rows = await db.all<CityRow>(sql`
    SELECT c.name, c.department, c.latitude, c.longitude,
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
