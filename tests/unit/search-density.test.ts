// How far a search looks (edge/services/search/density.ts) and the sitters-per-cell table it reads
// (migration 0021_search_density), on a real libSQL file: the triggers keep the counts through
// sign-ups, moves and deletions; the radius narrows only past the limit, to the nearest sitters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InValue } from "@libsql/client";
import { SEARCH_DENSITY_CELLS_PER_DEGREE, SEARCH_RADIUS_KM, SEARCH_SCAN_MAX_SITTERS } from "../../db/constants/limits";
import { createRng } from "../../db/seed/random";
import {
  cellCentre,
  type DensityCell,
  densityCell,
  scanRadiusKm,
  searchedRadiusKm,
} from "../../edge/services/search/density";
import { haversineKm } from "../../edge/services/search/search-sql";
import { createTempDb, insertProfile, type TempDb } from "./helpers/temp-db";

const LYON = { latitude: 45.764, longitude: 4.8357 };
const cellAt = (point: { latitude: number; longitude: number }, sitters: number): DensityCell => ({
  cell_lat: densityCell(point.latitude),
  cell_lng: densityCell(point.longitude),
  sitters,
});
/** The point `km` north of `from`. */
const north = (from: typeof LYON, km: number) => ({ ...from, latitude: from.latitude + km / 111.195 });

describe("the radius a search looks within", () => {
  it("is the chosen one while its circle holds at most the limit", () => {
    const cells = [cellAt(LYON, 100), cellAt(north(LYON, 5), SEARCH_SCAN_MAX_SITTERS - 100)];
    expect(scanRadiusKm(cells, LYON, 10)).toBe(10);
    expect(scanRadiusKm([], LYON, 50)).toBe(50);
  });

  it("ignores cells beyond the circle, however full", () => {
    expect(scanRadiusKm([cellAt(LYON, 10), cellAt(north(LYON, 30), 10 * SEARCH_SCAN_MAX_SITTERS)], LYON, 20)).toBe(20);
  });

  it("narrows to the nearest cells that pass the limit, in tenths of a km rounded down", () => {
    const far = north(LYON, 6);
    const cells = [cellAt(LYON, 30), cellAt(north(LYON, 3), 50), cellAt(far, 40)];
    const centre = cellCentre(cellAt(far, 40));
    expect(scanRadiusKm(cells, LYON, 10, 100)).toBe(Math.floor(haversineKm(LYON, centre) * 10) / 10);
    expect(scanRadiusKm(cells, LYON, 10, 120)).toBe(10);
  });

  it("never goes under the smallest radius a search may ask for", () => {
    expect(scanRadiusKm([cellAt(LYON, SEARCH_SCAN_MAX_SITTERS + 1)], LYON, 10)).toBe(SEARCH_RADIUS_KM.min);
  });
});

describe("search_density on a real database", () => {
  let temp: TempDb;
  const exec = (sql: string, args: InValue[] = []) => temp.client.execute({ sql, args });
  const rng = createRng(21);

  async function addSitter(id: string, point: { latitude: number; longitude: number }) {
    await insertProfile(temp.client, id, "babysitter");
    await exec("UPDATE profiles SET latitude = ?, longitude = ? WHERE id = ?", [point.latitude, point.longitude, id]);
    await exec("INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents) VALUES (?, 1500)", [id]);
  }

  /** The table as the triggers left it, against a count of sitter_search itself. */
  async function densityAgainstRows() {
    const table = await exec("SELECT cell_lat, cell_lng, sitters FROM search_density ORDER BY 1, 2");
    const counted = await exec(
      `SELECT CAST(floor(latitude * ${SEARCH_DENSITY_CELLS_PER_DEGREE}) AS integer) AS cell_lat,
              CAST(floor(longitude * ${SEARCH_DENSITY_CELLS_PER_DEGREE}) AS integer) AS cell_lng, count(*) AS sitters
       FROM sitter_search GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    return { table: table.rows.map((r) => ({ ...r })), counted: counted.rows.map((r) => ({ ...r })) };
  }

  beforeAll(async () => {
    temp = await createTempDb("search-density");
    for (let i = 0; i < 80; i++) {
      const angle = rng.next() * 2 * Math.PI;
      const km = rng.next() * 15;
      await addSitter(`s${i}`, {
        latitude: LYON.latitude + (km * Math.cos(angle)) / 111.195,
        longitude: LYON.longitude + (km * Math.sin(angle)) / (111.195 * Math.cos((LYON.latitude * Math.PI) / 180)),
      });
    }
  }, 60_000);

  afterAll(() => temp.cleanup());

  it("counts each placed sitter in her cell, as floor(degrees * 50) in JS and in SQL", async () => {
    const { table, counted } = await densityAgainstRows();
    expect(table.reduce((sum, row) => sum + Number(row.sitters), 0)).toBe(80);
    expect(table).toEqual(counted);
    const [first] = (await exec("SELECT latitude, longitude FROM profiles WHERE id = 's0'")).rows;
    const cell = (
      await exec("SELECT sitters FROM search_density WHERE cell_lat = ? AND cell_lng = ?", [
        densityCell(Number(first.latitude)),
        densityCell(Number(first.longitude)),
      ])
    ).rows;
    expect(Number(cell[0]?.sitters)).toBeGreaterThanOrEqual(1);
  });

  it("follows a sitter who moves, loses her address, or deletes her account", async () => {
    await exec("UPDATE profiles SET latitude = 43.6, longitude = 1.44 WHERE id = 's1'"); // to Toulouse
    await exec("UPDATE profiles SET latitude = NULL, longitude = NULL WHERE id = 's2'");
    await exec("DELETE FROM profiles WHERE id = 's3'");
    const { table, counted } = await densityAgainstRows();
    expect(table).toEqual(counted);
    expect(table.reduce((sum, row) => sum + Number(row.sitters), 0)).toBe(78);
    expect(table.every((row) => Number(row.sitters) > 0)).toBe(true); // an emptied cell has no row
    const toulouse = await exec("SELECT sitters FROM search_density WHERE cell_lat = ? AND cell_lng = ?", [
      densityCell(43.6),
      densityCell(1.44),
    ]);
    expect(toulouse.rows.map((r) => Number(r.sitters))).toEqual([1]);
  });

  it("keeps a search's chosen radius here, and narrows it where the cells say sitters are too many", async () => {
    expect(await searchedRadiusKm(temp.db, LYON, 15)).toBe(15);
    // A crowd of sitters 4 km north, as a city centre at a million sitters would hold.
    const crowd = north(LYON, 4);
    await exec(
      `INSERT INTO search_density (cell_lat, cell_lng, sitters) VALUES (?, ?, ?)
       ON CONFLICT (cell_lat, cell_lng) DO UPDATE SET sitters = sitters + excluded.sitters`,
      [densityCell(crowd.latitude), densityCell(crowd.longitude), SEARCH_SCAN_MAX_SITTERS],
    );
    const narrowed = await searchedRadiusKm(temp.db, LYON, 15);
    expect(narrowed).toBeGreaterThan(2);
    expect(narrowed).toBeLessThan(6);
  });
});
