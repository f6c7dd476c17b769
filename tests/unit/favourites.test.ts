// Favourites on a real libSQL file: the text filter (accents, case, ligatures, several words on
// name and city), the order, hidden sitters, idempotency and the limit, whose check and write are
// one statement.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InValue } from "@libsql/client";
import { FAVOURITES_MAX } from "../../db/constants/limits";
import { foldName, matchesAllWords } from "../../db/text/fold";
import { ApiError } from "../../edge/lib/errors";
import { addFavourite, favouriteIds, listFavourites, removeFavourite } from "../../edge/services/profiles/favourites";
import { createTempDb, type TempDb } from "./helpers/temp-db";

describe("folded text", () => {
  it("ignores case, accents and ligatures", () => {
    expect(foldName("Élodie LEFÈVRE, Besançon")).toBe("elodie lefevre besancon");
    expect(foldName("Cœur Lætitia")).toBe("coeur laetitia");
    expect(matchesAllWords("lefevre besancon", "Élodie Lefèvre Besançon")).toBe(true);
    expect(matchesAllWords("ÉLO", "Élodie Lefèvre Lyon")).toBe(true);
    expect(matchesAllWords("elodie paris", "Élodie Lefèvre Lyon")).toBe(false);
    expect(matchesAllWords("  ", "anything")).toBe(true);
  });
});

let temp: TempDb;
const exec = (sql: string, args: InValue[] = []) => temp.client.execute({ sql, args });

async function addPerson(id: string, userType: string, names: [string, string, string] = ["Test", "User", "Paris"]) {
  const t = Date.now();
  await exec("INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)", [
    id,
    id,
    `${id}@test.fr`,
    t,
    t,
  ]);
  await exec(
    "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, city, email) VALUES (?, ?, ?, ?, ?, ?, ?)",
    [id, id, userType, ...names, `${id}@test.fr`],
  );
  if (userType === "babysitter")
    await exec("INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents, languages) VALUES (?, 1800, ?)", [
      id,
      '["fr","en"]',
    ]);
  return id;
}

const apiCode = async (pending: Promise<unknown>) => {
  try {
    await pending;
    return "ok";
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}`;
    throw error;
  }
};

beforeAll(async () => {
  temp = await createTempDb("favourites");
  await addPerson("parent", "parent");
  await addPerson("parent2", "parent");
  await addPerson("elodie", "babysitter", ["Élodie", "Lefèvre", "Besançon"]);
  await addPerson("lea", "babysitter", ["Léa", "Dubois", "Paris"]);
  await addPerson("noemie", "babysitter", ["Noémie", "Cœur", "Lyon"]);
  await addPerson("hidden", "babysitter", ["Inès", "Cachée", "Paris"]);
  await exec("UPDATE profiles SET profile_visibility = 'hidden' WHERE id = 'hidden'");
});

afterAll(() => temp.cleanup());

describe("favourites", () => {
  it("adds idempotently, lists newest first as cards, filters on name or city whatever the accents", async () => {
    for (const id of ["elodie", "lea", "noemie", "lea"]) {
      await addFavourite(temp.db, { parentId: "parent", babysitterId: id });
      await new Promise((done) => setTimeout(done, 5)); // distinct created_at (milliseconds)
    }
    const all = await listFavourites(temp.db, { parentId: "parent" });
    expect(all.total).toBe(3);
    expect(all.favourites.map((card) => card.id)).toEqual(["noemie", "lea", "elodie"]);
    expect(all.favourites[2]).toMatchObject({
      first_name: "Élodie",
      city: "Besançon",
      hourly_rate_cents: 1800,
      languages: ["fr", "en"],
      is_verified: false,
    });
    const filtered = async (q: string) =>
      (await listFavourites(temp.db, { parentId: "parent", q })).favourites.map((card) => card.id);
    expect(await filtered("besancon")).toEqual(["elodie"]);
    expect(await filtered("LEFEVRE")).toEqual(["elodie"]);
    expect(await filtered("coeur")).toEqual(["noemie"]);
    expect(await filtered("lea paris")).toEqual(["lea"]);
    expect(await filtered("lea lyon")).toEqual([]);
    expect((await listFavourites(temp.db, { parentId: "parent", q: "zzz" })).total).toBe(3);
    expect(await favouriteIds(temp.db, "parent")).toEqual(["noemie", "lea", "elodie"]);
    expect(await favouriteIds(temp.db, "parent2")).toEqual([]);
  });

  it("refuses a parent, an unknown id and a hidden sitter with a 404", async () => {
    for (const babysitterId of ["parent2", "nobody", "hidden"])
      expect(await apiCode(addFavourite(temp.db, { parentId: "parent2", babysitterId }))).toBe(
        "404 BABYSITTER_NOT_FOUND",
      );
    expect(await favouriteIds(temp.db, "parent2")).toEqual([]);
  });

  it("leaves a sitter who hides their profile out of the list until they show it again", async () => {
    await addFavourite(temp.db, { parentId: "parent2", babysitterId: "lea" });
    await exec("UPDATE profiles SET profile_visibility = 'hidden' WHERE id = 'lea'");
    expect(await favouriteIds(temp.db, "parent2")).toEqual([]);
    await exec("UPDATE profiles SET profile_visibility = 'members' WHERE id = 'lea'");
    expect(await favouriteIds(temp.db, "parent2")).toEqual(["lea"]);
  });

  it("removes idempotently, and only the caller's own row", async () => {
    await removeFavourite(temp.db, { parentId: "parent2", babysitterId: "lea" });
    await removeFavourite(temp.db, { parentId: "parent2", babysitterId: "lea" });
    expect(await favouriteIds(temp.db, "parent2")).toEqual([]);
    expect(await favouriteIds(temp.db, "parent")).toContain("lea");
  });

  it(`stops at ${FAVOURITES_MAX}, even for requests made at the same time`, async () => {
    const t = Date.now();
    // FAVOURITES_MAX + 1 sitters in one statement each (a recursive CTE), the parent holding all but one.
    const series = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${FAVOURITES_MAX + 1})`;
    await exec(`${series} INSERT INTO user (id, name, email, email_verified, created_at, updated_at)
                SELECT 'bulk' || i, 'bulk', 'bulk' || i || '@test.fr', 1, ${t}, ${t} FROM n`);
    await exec(`${series} INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email)
                SELECT 'bulk' || i, 'bulk' || i, 'babysitter', 'Bulk', 'Sitter', 'bulk' || i || '@test.fr' FROM n`);
    await exec(
      `${series} INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents) SELECT 'bulk' || i, 1500 FROM n`,
    );
    await exec(`${series} INSERT INTO favourites (parent_profile_id, babysitter_profile_id)
                SELECT 'parent2', 'bulk' || i FROM n WHERE i < ${FAVOURITES_MAX}`);

    const outcomes = await Promise.all(
      ["elodie", "noemie"].map((babysitterId) => apiCode(addFavourite(temp.db, { parentId: "parent2", babysitterId }))),
    );
    expect(outcomes.sort()).toEqual(["409 FAVOURITES_LIMIT", "ok"]);
    expect((await favouriteIds(temp.db, "parent2")).length).toBe(FAVOURITES_MAX);
    // At the limit, adding one already there is still fine (idempotent), and removing frees a place.
    expect(await apiCode(addFavourite(temp.db, { parentId: "parent2", babysitterId: "bulk1" }))).toBe("ok");
    await removeFavourite(temp.db, { parentId: "parent2", babysitterId: "bulk1" });
    expect(await apiCode(addFavourite(temp.db, { parentId: "parent2", babysitterId: `bulk${FAVOURITES_MAX}` }))).toBe(
      "ok",
    );
  });
});
