// French communes with their coordinates: geocoding of a typed city or postal code for search, the
// suggestions as you type (GET /api/cities), and the admin geography view. The rows are reference
// data imported from maintained packages (scripts/import-communes.ts, run after the migrations),
// never written by hand nor by the seed.
import { sqliteTable, text, integer, real, check, unique, index, primaryKey } from "drizzle-orm/sqlite-core";
import { uuidPk } from "./columns";
import { atLeast, between } from "./checks";
import { LATITUDE_MAX, LATITUDE_MIN, LONGITUDE_MAX, LONGITUDE_MIN } from "../constants/limits";

export const cities = sqliteTable(
  "cities",
  {
    id: uuidPk(),
    /** The commune's official code (Code officiel géographique), e.g. "75056" for Paris, "2A004". */
    inseeCode: text("insee_code").notNull().unique(),
    name: text("name").notNull(),
    /** The name lowercased, accents and punctuation folded to spaces ("saint etienne"): prefix search. */
    nameFolded: text("name_folded").notNull(),
    /** Department code, e.g. "75", "2A", "974". */
    department: text("department").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    /**
     * True when no gazetteer point matched the commune and its coordinates are the centre of the
     * communes sharing its postal codes (a few km off, enough to search around it).
     */
    approximate: integer("approximate", { mode: "boolean" }).notNull().default(false),
    population: integer("population").notNull().default(0),
  },
  (t) => [
    unique("cities_name_department_unique").on(t.name, t.department),
    index("cities_name_folded_idx").on(t.nameFolded, t.population),
    check("cities_latitude_check", between(t.latitude, LATITUDE_MIN, LATITUDE_MAX)),
    check("cities_longitude_check", between(t.longitude, LONGITUDE_MIN, LONGITUDE_MAX)),
    check("cities_population_check", atLeast(t.population, 0)),
  ],
);

/** The postal codes of each commune (a code may serve several communes, a commune several codes). */
export const cityPostalCodes = sqliteTable(
  "city_postal_codes",
  {
    postalCode: text("postal_code").notNull(),
    cityId: text("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postalCode, t.cityId] }), index("city_postal_codes_city_idx").on(t.cityId)],
);

/** Which version of a reference data set is in the database, so the import runs only when it changed. */
export const dataImports = sqliteTable("data_imports", {
  name: text("name").primaryKey(),
  version: text("version").notNull(),
  rowCount: integer("row_count").notNull(),
  importedAt: text("imported_at").notNull(),
});
