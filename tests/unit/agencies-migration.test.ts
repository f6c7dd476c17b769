// Migration 0052 rebuilds profiles (SQLite cannot change the user_type CHECK to admit 'agency').
// The rebuild must leave everything that hangs on profiles as it was: each row's rowid (the
// full-text indexes profiles_text, babysitter_search and sitter_text are keyed by it), every
// trigger on the table, and every other table, view and index.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { applyPendingMigrations, MIGRATIONS_FOLDER } from "../../scripts/migrate";

const REBUILD_TAG = "0052_agencies";

/** The real migrations folder, cut before the rebuild (or just after it, `through`). */
function migrationsUpTo(tag: string, through = false): string {
  const folder = mkdtempSync(join(tmpdir(), "veilleuse-before-0052-"));
  mkdirSync(join(folder, "meta"));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"));
  const cut = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, through ? cut + 1 : cut);
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  for (const file of readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith(".sql")))
    copyFileSync(join(MIGRATIONS_FOLDER, file), join(folder, file));
  return folder;
}

async function addPerson(client: Client, n: number, userType: string) {
  await client.execute({
    sql: "INSERT INTO user (id, name, email, created_at, updated_at) VALUES (?, ?, ?, 0, 0)",
    args: [`u${n}`, `Person ${n}`, `p${n}@example.fr`],
  });
  await client.execute({
    sql: "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, city) VALUES (?, ?, ?, ?, ?, ?, ?)",
    args: [`p${n}`, `u${n}`, userType, `Prénom${n}`, `Nom${n}`, `p${n}@example.fr`, "Lyon"],
  });
}

const schemaOf = async (client: Client) =>
  (
    await client.execute(
      "SELECT type || ' ' || name || ' ' || coalesce(sql, '') AS s FROM sqlite_master " +
        "WHERE name NOT LIKE 'agenc%' AND name NOT LIKE 'sqlite_autoindex_agenc%' AND name <> 'profiles' ORDER BY type, name",
    )
  ).rows.map((row) => String(row.s));

const rowidsOf = async (client: Client) =>
  (await client.execute("SELECT rowid, id FROM profiles ORDER BY rowid")).rows.map((row) => `${row.rowid}:${row.id}`);

describe("migration 0052 (profiles rebuilt for the agency role)", () => {
  it("keeps rowids, triggers and every other object, and admits 'agency'", async () => {
    const client = createClient({ url: `file:${join(mkdtempSync(join(tmpdir(), "veilleuse-0052-")), "db.sqlite")}` });
    await applyPendingMigrations(client, migrationsUpTo(REBUILD_TAG));
    for (const [n, role] of [
      [1, "parent"],
      [2, "babysitter"],
      [3, "babysitter"],
      [4, "admin"],
    ] as const)
      await addPerson(client, n, role);
    await client.execute("DELETE FROM profiles WHERE id = 'p2'"); // a gap: rowids are not 1..n any more
    await expect(addPerson(client, 5, "agency")).rejects.toThrow(/CHECK/);
    const before = { schema: await schemaOf(client), rowids: await rowidsOf(client) };

    expect(await applyPendingMigrations(client, migrationsUpTo(REBUILD_TAG, true))).toBe(1);

    expect(await rowidsOf(client)).toEqual(before.rowids);
    expect(await schemaOf(client)).toEqual(before.schema);
    await client.execute("DELETE FROM user WHERE id = 'u5'");
    await addPerson(client, 5, "agency");
    // The recreated triggers still keep the trigram index on the same rowids.
    await client.execute("UPDATE profiles SET last_name = 'Renommée' WHERE id = 'p3'");
    const found = await client.execute(
      "SELECT p.id FROM profiles_text JOIN profiles p ON p.rowid = profiles_text.rowid WHERE profiles_text MATCH 'Renomm'",
    );
    expect(found.rows.map((row) => row.id)).toEqual(["p3"]);
    expect((await client.execute("PRAGMA foreign_key_check")).rows).toEqual([]);
    client.close();
  });
});
