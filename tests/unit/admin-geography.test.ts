// How the Geography section places people in a commune (edge/services/admin/geography.ts), on a real
// migrated libSQL file with the communes imported: the postal code first (the typed name picks among
// the communes a code serves, else the most populous), then the folded name (abbreviations spelled
// out; among homonyms, the one in the postal code's department, else the most populous); deleted
// accounts are not counted; nobody is placed from a place that names no commune. The placing is the
// profiles' trigger (migration 0027): it follows a change of address, and its SQL folding gives every
// commune's own name the folded name the import stored. Plus the ranking's folded search and its
// order with cities that have no growth.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { adminGeography, cityStats, geographyWindow } from "../../edge/services/admin/geography";
import { createTempDb, insertProfile, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
let db: Db;

async function placed(id: string, type: "parent" | "babysitter", postalCode: string | null, city: string | null) {
  await insertProfile(temp.client, id, type);
  await temp.client.execute({
    sql: "UPDATE profiles SET postal_code = ?, city = ? WHERE id = ?",
    args: [postalCode, city, id],
  });
}

const communeId = async (name: string, department: string) =>
  String(
    (
      await temp.client.execute({
        sql: "SELECT id FROM cities WHERE name = ? AND department = ?",
        args: [name, department],
      })
    ).rows[0].id,
  );

beforeAll(async () => {
  temp = await createTempDb("admin-geography");
  db = temp.db;
  // 59160 serves Lille and Capinghem: the typed name picks Capinghem; a district's name ("Lomme"), Lille.
  await placed("capinghem", "babysitter", "59160", "Capinghem");
  await placed("lomme", "babysitter", "59160", "Lomme");
  // No postal code: the folded name, abbreviation spelled out.
  await placed("st-etienne", "parent", null, "St-Étienne");
  // Saint-Denis: a code no commune has still names its department (93); without one, the most populous (974).
  await placed("saint-denis-93", "parent", "93999", "Saint Denis");
  await placed("saint-denis-974", "parent", null, "SAINT-DENIS");
  // A code nobody knows and a made-up name: not placed.
  await placed("nowhere", "parent", "00000", "Nullepart-sur-Rien");
  // A deleted account is placed but not counted.
  await placed("gone", "babysitter", "59160", "Capinghem");
  await temp.client.execute({ sql: "UPDATE user SET deleted_at = ? WHERE id = 'gone'", args: [Date.now()] });
});

afterAll(() => temp.cleanup());

describe("geographyWindow", () => {
  it("starts a period at the UTC midnight N days before now, so its first day is read whole", () => {
    const now = Date.parse("2026-11-28T14:05:00.000Z");
    expect(geographyWindow("1m", now)).toEqual({ from: "2026-10-29T00:00:00.000Z", to: "2026-11-28T14:05:00.000Z" });
    expect(geographyWindow("1y", now).from).toBe("2025-11-28T00:00:00.000Z");
    // Just after midnight: the day N days ago, not the one after.
    expect(geographyWindow("3m", Date.parse("2026-11-28T00:00:01.000Z")).from).toBe("2026-08-30T00:00:00.000Z");
  });
});

describe("placing people in a commune", () => {
  it("is kept by the database: a moved or cleared address moves the person", async () => {
    const cityIdOf = async (id: string) =>
      (await temp.client.execute({ sql: "SELECT city_id FROM profiles WHERE id = ?", args: [id] })).rows[0].city_id;
    await placed("mover", "parent", "29000", "Quimper");
    expect(await cityIdOf("mover")).toBe(await communeId("Quimper", "29"));
    await temp.client.execute("UPDATE profiles SET postal_code = NULL, city = 'Vannes' WHERE id = 'mover'");
    expect(await cityIdOf("mover")).toBe(await communeId("Vannes", "56"));
    await temp.client.execute("UPDATE profiles SET postal_code = NULL, city = NULL WHERE id = 'mover'");
    expect(await cityIdOf("mover")).toBeNull();
    await temp.client.execute("DELETE FROM profiles WHERE id = 'mover'");
  });

  it("folds a typed city in SQL as the communes import folds names: every commune's name finds itself", async () => {
    // One profile per commune, typed with its official name and no postal code, in a transaction
    // rolled back so the other tests' world is unchanged.
    const tx = await temp.client.transaction("write");
    try {
      await tx.execute(`INSERT INTO user (id, name, email, email_verified, created_at, updated_at)
        SELECT 'fold-' || insee_code, 'x', 'fold-' || insee_code || '@test.fr', 1, 0, 0 FROM cities`);
      await tx.execute(`INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, city)
        SELECT 'fold-' || insee_code, 'fold-' || insee_code, 'parent', 'A', 'B', 'x', name FROM cities`);
      const misplaced = await tx.execute(`SELECT c.name, r.name_folded FROM cities c
        JOIN profiles p ON p.id = 'fold-' || c.insee_code LEFT JOIN cities r ON r.id = p.city_id
        WHERE r.name_folded IS NOT c.name_folded LIMIT 5`);
      expect(misplaced.rows).toEqual([]);
    } finally {
      await tx.rollback();
    }
  }, 60_000);

  it("takes the postal code first, then the folded name, and counts no deleted account", async () => {
    const { cities } = await cityStats(db, "3m");
    const count = (id: string) => {
      const city = cities.find((c) => c.id === id);
      return city && { sitters: city.sitters, parents: city.parents };
    };
    expect(count(await communeId("Capinghem", "59"))).toEqual({ sitters: 1, parents: 0 });
    expect(count(await communeId("Lille", "59"))).toEqual({ sitters: 1, parents: 0 });
    expect(count(await communeId("Saint-Étienne", "42"))).toEqual({ sitters: 0, parents: 1 });
    expect(count(await communeId("Saint-Denis", "93"))).toEqual({ sitters: 0, parents: 1 });
    expect(count(await communeId("Saint-Denis", "974"))).toEqual({ sitters: 0, parents: 1 });
    expect(cities.reduce((sum, city) => sum + city.sitters + city.parents, 0)).toBe(5);
  });

  it("computes adoption from the population, and searches names folded", async () => {
    const page = await adminGeography(db, {
      period: "3m",
      metric: "adoption",
      q: "st etienne",
      sort: "subscribers",
      dir: "desc",
      page: 1,
      page_size: 25,
    });
    expect(page.rows.map((row) => row.name)).toEqual(["Saint-Étienne"]);
    const [row] = page.rows;
    expect(row.adoption).toBe(Math.round((1 / row.population) * 100_000) / 10);
    expect(row.subscriber_share_pct).toBeNull();
    expect(row.growth_pct).toBeNull();
    // Sorted by growth, cities without any come last whichever the direction, by name.
    for (const dir of ["asc", "desc"] as const) {
      const all = await adminGeography(db, {
        period: "3m",
        metric: "growth",
        sort: "growth",
        dir,
        page: 1,
        page_size: 25,
      });
      expect(all.total).toBe(5);
      expect(all.top.growth).toEqual([]);
      expect(all.rows.map((city) => city.name)).toEqual(
        [...all.rows.map((city) => city.name)].sort((a, b) => a.localeCompare(b, "fr")),
      );
    }
  });
});
