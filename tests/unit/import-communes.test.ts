// The commune register: how rows are built from the packages (small fixtures), the real import on a
// migrated libSQL file, the geocoding and suggestions that read it, and the demo world's cities
// agreeing with it.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCommuneRows, importCommunes } from "../../scripts/import-communes";
import { SEED_CITIES } from "../../db/seed/cities";
import { geocode, resolveOrigin, suggestCities } from "../../edge/services/search/geocoding";
import { haversineKm } from "../../edge/services/search/search-sql";
import { createTempDb, type TempDb } from "./helpers/temp-db";

/** A GeoNames line: the 15 first columns the import reads. */
const geonames = (name: string, lat: number, lng: number, country: string, admin: string[], population: number) =>
  [1, name, name, "", lat, lng, "P", "PPL", country, "", ...admin, population].join("\t");

describe("buildCommuneRows", () => {
  const communes = [
    {
      code: "15014",
      nom: "Aurillac",
      type: "commune-actuelle",
      departement: "15",
      population: 26000,
      codesPostaux: ["15000"],
    },
    {
      code: "15187",
      nom: "Ytrac",
      type: "commune-actuelle",
      departement: "15",
      population: 4500,
      codesPostaux: ["15000", "15130"],
    },
    // A new commune whose GeoNames point still carries a merged commune's code.
    {
      code: "01036",
      nom: "Valromey-sur-Séran",
      type: "commune-actuelle",
      departement: "01",
      population: 1351,
      codesPostaux: ["01260"],
    },
    { code: "01221", nom: "Lompnieu", type: "commune-deleguee", departement: "01", chefLieu: "01036" },
    // Found by name within its department (no code in GeoNames).
    {
      code: "76001",
      nom: "Saint-Écoute",
      type: "commune-actuelle",
      departement: "76",
      population: 800,
      codesPostaux: ["76100"],
    },
    // Nothing in GeoNames: the centre of its postal code's placed communes.
    {
      code: "15999",
      nom: "Petitbourg",
      type: "commune-actuelle",
      departement: "15",
      population: 90,
      codesPostaux: ["15000"],
    },
    // Nothing at all: left out.
    {
      code: "15998",
      nom: "Nullepart",
      type: "commune-actuelle",
      departement: "15",
      population: 10,
      codesPostaux: ["15999"],
    },
    {
      code: "75101",
      nom: "Paris 1er Arrondissement",
      type: "arrondissement-municipal",
      departement: "75",
      codesPostaux: ["75001"],
    },
  ];
  const tsv = [
    geonames("Aurillac", 44.9, 2.4, "FR", ["84", "15", "151", "15014"], 26000),
    geonames("Ytrac", 44.9, 2.3, "FR", ["84", "15", "151", "15187"], 4500),
    geonames("Lompnieu", 45.9, 5.6, "FR", ["84", "01", "011", "01221"], 120),
    geonames("Saint-Ecoute", 49.4, 1.1, "FR", ["28", "76", "761", ""], 800),
    geonames("Elsewhere", 10, 10, "DE", ["01", "02", "", "15998"], 5000),
  ].join("\n");
  const { rows, skipped } = buildCommuneRows(communes, tsv);
  const byCode = Object.fromEntries(rows.map((r) => [r.inseeCode, r]));

  it("places communes by INSEE code, merged commune code, then name in the department", () => {
    expect(byCode["15014"]).toMatchObject({
      latitude: 44.9,
      longitude: 2.4,
      approximate: false,
      nameFolded: "aurillac",
    });
    expect(byCode["01036"]).toMatchObject({ latitude: 45.9, longitude: 5.6, approximate: false });
    expect(byCode["76001"]).toMatchObject({ latitude: 49.4, longitude: 1.1, nameFolded: "saint ecoute" });
  });

  it("places the rest at the centre of their postal code's communes, flagged approximate; leaves out the unplaceable", () => {
    expect(byCode["15999"]).toMatchObject({
      latitude: 44.9,
      longitude: 2.35,
      approximate: true,
      postalCodes: ["15000"],
    });
    expect(byCode["15998"]).toBeUndefined();
    expect(skipped).toBe(1);
    expect(byCode["75101"]).toBeUndefined(); // arrondissements: their codes belong to the city
  });
});

describe("the register on a migrated database", () => {
  let temp: TempDb;
  const scalar = async (sql: string) => Number((await temp.client.execute(sql)).rows[0][0]);

  beforeAll(async () => {
    temp = await createTempDb("communes"); // runMigrations imports the communes
  });
  afterAll(() => temp.cleanup());

  it("holds the French communes with their postal codes, and imports once per data version", async () => {
    expect(await scalar("SELECT count(*) FROM cities")).toBeGreaterThan(33_000);
    expect(await scalar("SELECT count(*) FROM city_postal_codes")).toBeGreaterThan(33_000);
    expect(await scalar("SELECT count(*) FROM cities WHERE approximate = 0")).toBeGreaterThan(14_000);
    expect(
      await scalar("SELECT count(*) FROM cities WHERE department IN ('971','972','973','974','976')"),
    ).toBeGreaterThan(100);
    expect(await importCommunes(temp.client)).toMatchObject({ imported: false });
  });

  it("agrees with the demo world's cities: same commune, within 2 km, every postal code its own", async () => {
    for (const city of SEED_CITIES) {
      const { rows } = await temp.client.execute({
        sql: `SELECT c.latitude, c.longitude, group_concat(pc.postal_code) AS codes
              FROM cities c JOIN city_postal_codes pc ON pc.city_id = c.id WHERE c.name = ? AND c.department = ? GROUP BY c.id`,
        args: [city.name, city.department],
      });
      expect(rows, city.name).toHaveLength(1);
      const [row] = rows;
      expect(haversineKm(city, { latitude: Number(row.latitude), longitude: Number(row.longitude) })).toBeLessThan(2);
      const codes = String(row.codes).split(",");
      for (const code of city.postalCodes) expect(codes, city.name).toContain(code);
    }
  });

  it("geocodes names, postal codes and labels; null for unknown places", async () => {
    expect(await geocode(temp.db, "saint-etienne")).toMatchObject({ name: "Saint-Étienne", department: "42" });
    expect(await geocode(temp.db, "St Etienne")).toMatchObject({ name: "Saint-Étienne" });
    expect(await geocode(temp.db, "Lyon (69)")).toMatchObject({ name: "Lyon", department: "69" });
    expect(await geocode(temp.db, "69003")).toMatchObject({ name: "Lyon", postal_code: "69003" });
    expect(await geocode(temp.db, "Valence (26)")).toMatchObject({ name: "Valence", department: "26" });
    expect(await geocode(temp.db, "Valence (82)")).toMatchObject({ name: "Valence", department: "82" });
    expect(await geocode(temp.db, "Trifouillis")).toBeNull();
    expect(await geocode(temp.db, "99999")).toBeNull();
    expect(await geocode(temp.db, "!!")).toBeNull();
  });

  it("resolves the origin: position first, then place, then Paris; an unknown place is a 400", async () => {
    expect(await resolveOrigin(temp.db, { lat: 45, lng: 5, location: "Lille" })).toMatchObject({
      origin: { source: "position" },
      cityId: null,
    });
    // A typed place names its commune too (the search events keep it).
    const [lille] = await temp.db.all<{ id: string }>(sql`SELECT id FROM cities WHERE name = 'Lille'`);
    expect(await resolveOrigin(temp.db, { location: "lille" })).toMatchObject({
      origin: { source: "location", label: "Lille (59)" },
      cityId: lille.id,
    });
    expect(await resolveOrigin(temp.db, {})).toEqual({
      origin: { latitude: 48.8566, longitude: 2.3522, source: "default", label: null },
      cityId: null,
    });
    await expect(resolveOrigin(temp.db, { location: "Atlantide" })).rejects.toMatchObject({
      status: 400,
      code: "LOCATION_NOT_FOUND",
    });
  });

  it("suggests the most populous communes first, by name or postal code, at most 8", async () => {
    const mar = await suggestCities(temp.db, "mar");
    expect(mar[0]).toMatchObject({ name: "Marseille", postal_code: "13001", department: "13" });
    expect(mar).toHaveLength(8);
    const populations = await Promise.all(
      mar.map(async (s) =>
        Number(
          (
            await temp.client.execute({
              sql: "SELECT population FROM cities WHERE name = ? AND department = ?",
              args: [s.name, s.department],
            })
          ).rows[0].population,
        ),
      ),
    );
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect((await suggestCities(temp.db, "33 0"))[0]).toMatchObject({ name: "Bordeaux", postal_code: "33000" });
    expect(await suggestCities(temp.db, "qqqq")).toEqual([]);
  });
});
