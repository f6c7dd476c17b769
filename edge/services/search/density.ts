// How far a search looks. A search filters and scores every sitter of its circle in one statement;
// its cost follows how many sitters the circle holds, whatever the filters. In most of France a 50 km
// circle holds a few thousand, but at 1,000,000 sitters a 10 km circle of central Paris holds over
// 100,000, and scoring them all took 70-100 ms (tests/bench/search.ts). So a search first reads
// search_density (migration 0021: sitters per cell of a 1/50-degree grid, kept by triggers): when
// the chosen circle holds more than SEARCH_SCAN_MAX_SITTERS, it searches the smaller circle around
// the same origin that holds about that many (never under SEARCH_RADIUS_KM.min), so the nearest
// sitters are the ones searched, and the answer says which radius it searched (`narrowed`). Within
// that radius the count, the filters and every order are exact.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { SEARCH_DENSITY_CELLS_PER_DEGREE, SEARCH_RADIUS_KM, SEARCH_SCAN_MAX_SITTERS } from "@db/constants/limits";
import { boundingBox, haversineKm, type LatLng } from "./search-sql";

export type DensityCell = { cell_lat: number; cell_lng: number; sitters: number };

/** A point's cell on one axis, as migration 0021's triggers write it. */
export const densityCell = (degrees: number) => Math.floor(degrees * SEARCH_DENSITY_CELLS_PER_DEGREE);

/** A cell's centre, where scanRadiusKm counts all its sitters. */
export const cellCentre = ({ cell_lat, cell_lng }: Pick<DensityCell, "cell_lat" | "cell_lng">): LatLng => ({
  latitude: (cell_lat + 0.5) / SEARCH_DENSITY_CELLS_PER_DEGREE,
  longitude: (cell_lng + 0.5) / SEARCH_DENSITY_CELLS_PER_DEGREE,
});

/** The cells of the box around a circle, each with its count of sitters (empty cells have no row). */
export function densitySql(origin: LatLng, radiusKm: number): SQL {
  const box = boundingBox(origin, radiusKm);
  return sql`
    SELECT cell_lat, cell_lng, sitters FROM search_density
    WHERE cell_lat BETWEEN ${densityCell(box.minLat)} AND ${densityCell(box.maxLat)}
      AND cell_lng BETWEEN ${densityCell(box.minLng)} AND ${densityCell(box.maxLng)}`;
}

/**
 * The radius to search, in km with one decimal: `radiusKm` when the circle holds at most `max`
 * sitters, else the distance at which the cells, nearest centre first, add up to more than `max`
 * (rounded down to 0.1 km, at least SEARCH_RADIUS_KM.min). A cell counts as a whole at its centre's
 * distance: the searched circle holds about `max` sitters, within a cell's worth.
 */
export function scanRadiusKm(
  cells: readonly DensityCell[],
  origin: LatLng,
  radiusKm: number,
  max = SEARCH_SCAN_MAX_SITTERS,
): number {
  const byDistance = cells
    .map((cell) => ({
      km: haversineKm(origin, cellCentre(cell)),
      sitters: cell.sitters,
    }))
    .filter((cell) => cell.km <= radiusKm)
    .sort((a, b) => a.km - b.km);
  let sitters = 0;
  for (const cell of byDistance) {
    sitters += cell.sitters;
    if (sitters > max) return Math.min(radiusKm, Math.max(SEARCH_RADIUS_KM.min, Math.floor(cell.km * 10) / 10));
  }
  return radiusKm;
}

/** The radius a search of `radiusKm` around `origin` looks within (scanRadiusKm). */
export async function searchedRadiusKm(db: Db, origin: LatLng, radiusKm: number): Promise<number> {
  return scanRadiusKm(await db.all<DensityCell>(densitySql(origin, radiusKm)), origin, radiusKm);
}
