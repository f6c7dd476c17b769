// French cities with their centre coordinates: search geocoding by city name, and the admin
// geography view.
import { sqliteTable, text, integer, real, check, unique } from "drizzle-orm/sqlite-core";
import { uuidPk } from "./columns";
import { atLeast, between } from "./checks";
import { LATITUDE_MAX, LATITUDE_MIN, LONGITUDE_MAX, LONGITUDE_MIN } from "../constants/limits";

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
    check("cities_latitude_check", between(t.latitude, LATITUDE_MIN, LATITUDE_MAX)),
    check("cities_longitude_check", between(t.longitude, LONGITUDE_MIN, LONGITUDE_MAX)),
    check("cities_population_check", atLeast(t.population, 0)),
  ],
);
