// French cities with their centre coordinates: search geocoding by city name, and the admin
// geography view.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, real, check, unique } from "drizzle-orm/sqlite-core";
import { uuidPk } from "./columns";

export const cities = sqliteTable(
  "cities",
  {
    id: uuidPk(),
    name: text("name").notNull(),
    /** Department code, e.g. "75", "2A". */
    department: text("department").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    population: integer("population").notNull().default(0),
  },
  (t) => [
    unique("cities_name_department_unique").on(t.name, t.department),
    check("cities_latitude_check", sql`${t.latitude} BETWEEN -90 AND 90`),
    check("cities_longitude_check", sql`${t.longitude} BETWEEN -180 AND 180`),
    check("cities_population_check", sql`${t.population} >= 0`),
  ],
);
