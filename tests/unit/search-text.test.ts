// The fold of free text (db/text/search-fold.ts): the database's (the view sitter_text_source of
// migration 0022_search_text, which fills sitter_text) and the typed words' (foldForSearch) agree on
// every character of the table, on a real libSQL file; and the table is foldName()'s, one character
// at a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldName } from "../../db/text/fold";
import { SEARCH_FOLDS, foldForSearch } from "../../db/text/search-fold";
import { createTempDb, insertProfile, type TempDb } from "./helpers/temp-db";

const EVERY_FOLDED_CHARACTER = SEARCH_FOLDS.map(([from]) => from).join("");
const SAMPLES = [
  "L'Haÿ-les-Roses",
  "ŒUVRE d’Été… « Straße » — Łucja Dvořák",
  "Garde d'enfants\nà domicile,\tle soir.",
  "Zoë (e\u0301tudiante) 2e anne\u0301e", // accents typed as combining marks
  "Анна 李 😀 plain",
];

describe("the search fold's table", () => {
  it("is foldName() for each letter it changes, and a space for the rest", () => {
    for (const [from, to] of SEARCH_FOLDS) {
      if (/\p{M}/u.test(from)) expect(to).toBe("");
      else if (/[\p{L}\p{N}]/u.test(from)) expect(to).toBe(foldName(from));
      else expect(to).toBe(" ");
    }
    expect(foldForSearch(EVERY_FOLDED_CHARACTER)).toMatch(
      /^[a-z0-9 \u00f0\u00f8\u00fe\u0111\u0127\u0133\u0140\u0142\u014b\u0167]*$/,
    );
  });

  it("folds once for good: what it writes, it never changes again (so replace() order does not matter)", () => {
    for (const text of [EVERY_FOLDED_CHARACTER, ...SAMPLES])
      expect(foldForSearch(foldForSearch(text))).toBe(foldForSearch(text));
  });

  it("gives foldName()'s words on French text", () => {
    for (const text of SAMPLES.slice(0, 4))
      expect(foldForSearch(text).split(" ").filter(Boolean).join(" ")).toBe(foldName(text));
  });
});

describe("the database's fold", () => {
  let temp: TempDb;
  beforeAll(async () => {
    temp = await createTempDb("search-text");
    await insertProfile(temp.client, "fold", "babysitter");
  });
  afterAll(() => temp.cleanup());

  /** What the view that fills sitter_text makes of a bio. */
  const sqlFold = async (text: string) => {
    await temp.client.execute({ sql: "UPDATE profiles SET bio = ? WHERE id = 'fold'", args: [text] });
    const { rows } = await temp.client.execute(
      "SELECT v.bio_words FROM sitter_text_source v JOIN profiles p ON p.rowid = v.id WHERE p.id = 'fold'",
    );
    return rows[0].bio_words;
  };

  it("is foldForSearch() on every character of the table and on mixed text", async () => {
    for (const text of [EVERY_FOLDED_CHARACTER, ...SAMPLES])
      expect(await sqlFold(text)).toBe(` ${foldForSearch(text)}`);
  });

  it("is what the view that fills sitter_text writes for a name, a city and a bio", async () => {
    await temp.client.execute({
      sql: "UPDATE profiles SET first_name = ?, last_name = ?, city = ?, bio = ? WHERE id = 'fold'",
      args: [SAMPLES[0], SAMPLES[1], SAMPLES[2], EVERY_FOLDED_CHARACTER],
    });
    const { rows } = await temp.client.execute(
      "SELECT v.name_words, v.city_words, v.bio_words FROM sitter_text_source v JOIN profiles p ON p.rowid = v.id WHERE p.id = 'fold'",
    );
    expect(rows[0]).toMatchObject({
      name_words: ` ${foldForSearch(`${SAMPLES[0]} ${SAMPLES[1]}`)}`,
      city_words: ` ${foldForSearch(SAMPLES[2])}`,
      bio_words: ` ${foldForSearch(EVERY_FOLDED_CHARACTER)}`,
    });
  });
});
