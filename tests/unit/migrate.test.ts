// The migration runner (scripts/migrate.ts) applies every migration a database has not recorded,
// whatever its stamp: drizzle's own runner skipped a new migration stamped before the latest one
// recorded, which left databases migrated earlier without the tables of 0023 and after.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { applyPendingMigrations } from "../../scripts/migrate";

/** A migrations folder as drizzle-kit writes it: the journal and one .sql file per entry. */
function migrationsFolder(entries: { tag: string; when: number; sql: string }[]) {
  const folder = mkdtempSync(join(tmpdir(), "veilleuse-migrations-"));
  mkdirSync(join(folder, "meta"));
  const journal = {
    version: "7",
    dialect: "sqlite",
    entries: entries.map(({ tag, when }, idx) => ({ idx, version: "6", when, tag, breakpoints: true })),
  };
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  for (const { tag, sql } of entries) writeFileSync(join(folder, `${tag}.sql`), sql);
  return folder;
}

describe("applyPendingMigrations", () => {
  it("applies a new migration stamped before one already applied, once", async () => {
    const client = createClient({
      url: `file:${join(mkdtempSync(join(tmpdir(), "veilleuse-migrate-")), "db.sqlite")}`,
    });
    const first = [
      { tag: "0000_a", when: 100, sql: "CREATE TABLE a (id integer);" },
      { tag: "0001_b", when: 900, sql: "CREATE TABLE b (id integer);" },
    ];
    expect(await applyPendingMigrations(client, migrationsFolder(first))).toBe(2);
    const next = [
      ...first,
      {
        tag: "0002_c",
        when: 500,
        sql: "CREATE TABLE c (id integer);\n--> statement-breakpoint\nINSERT INTO c VALUES (1);",
      },
    ];
    expect(await applyPendingMigrations(client, migrationsFolder(next))).toBe(1);
    expect((await client.execute("SELECT count(*) AS n FROM c")).rows[0].n).toBe(1);
    expect(await applyPendingMigrations(client, migrationsFolder(next))).toBe(0);
    const stamps = await client.execute("SELECT created_at FROM __drizzle_migrations ORDER BY rowid");
    expect(stamps.rows.map((row) => Number(row.created_at))).toEqual([100, 900, 500]);
    client.close();
  });
});
