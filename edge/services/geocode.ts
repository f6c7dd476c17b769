// A profile's position from its city and postal code, read from the `cities` table (city centres).
// Kept simple on purpose: an exact name match (case-insensitive), narrowed to the postal code's
// department when there is one, the most populated commune first.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { cities } from "@db/schema/cities";

type Coordinates = { latitude: number; longitude: number };

/** "75011" -> "75", "20090" -> "2A", "20200" -> "2B", "97400" -> "974"; null without a postal code. */
export function departmentOf(postalCode: string | null | undefined): string | null {
  const code = postalCode?.trim();
  if (!code || !/^\d{5}$/.test(code)) return null;
  if (code.startsWith("97") || code.startsWith("98")) return code.slice(0, 3);
  if (code.startsWith("20")) return Number(code.slice(2, 3)) < 2 ? "2A" : "2B";
  return code.slice(0, 2);
}

export async function geocodeCity(
  db: Pick<Db, "select">,
  city: string,
  postalCode?: string | null,
): Promise<Coordinates | null> {
  const department = departmentOf(postalCode);
  const sameName = sql`${cities.name} = ${city.trim()} COLLATE NOCASE`;
  const [match] = await db
    .select({ latitude: cities.latitude, longitude: cities.longitude })
    .from(cities)
    .where(department ? and(sameName, eq(cities.department, department)) : sameName)
    .orderBy(desc(cities.population))
    .limit(1);
  return match ?? null;
}
