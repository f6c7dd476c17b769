// Applies db/migrations (drizzle-kit output) to a libSQL database: a `file:` path locally and in
// tests, or an `http(s):`/`libsql:` server (the local dev server, sqld, Turso).
// CLI: tsx scripts/migrate.ts [--url file:.data/veilleuse.db] [--auth-token ...]
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createClient, type Client } from "@libsql/client";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { importCommunes, type CommunesImport } from "./import-communes";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../db/migrations", import.meta.url));
export const DEFAULT_DB_URL = "file:.data/veilleuse.db";

export type DbTarget = { url: string; authToken?: string };

/** Creates the parent folder of a `file:` database so a fresh checkout just works. */
export function ensureDbFolder(url: string): void {
  if (!url.startsWith("file:")) return;
  const path = url.slice("file:".length).split("?")[0];
  if (path && path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
}

/** A Node libSQL client with foreign keys enforced (SQLite leaves them off per connection). */
export async function openClient({ url, authToken }: DbTarget): Promise<Client> {
  ensureDbFolder(url);
  const client = createClient({ url, authToken: authToken || undefined });
  await client.execute("PRAGMA foreign_keys = ON");
  return client;
}

/**
 * Applies, in the journal's order and in one transaction, every migration the database has not
 * recorded, and records it in drizzle's own table (__drizzle_migrations: hash, created_at = the
 * journal's "when"). A migration is known by its "when" stamp. drizzle's migrator instead applies
 * only the migrations stamped after the latest recorded stamp, which silently skips a new migration
 * whenever an older one carries a later stamp (0022's is hours ahead of 0023-0028's: it was generated
 * on a clock ahead), so a database migrated before would never get them.
 */
export async function applyPendingMigrations(client: Client, folder = MIGRATIONS_FOLDER): Promise<number> {
  await client.execute(
    "CREATE TABLE IF NOT EXISTS __drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)",
  );
  const recorded = await client.execute("SELECT created_at FROM __drizzle_migrations");
  const applied = new Set(recorded.rows.map((row) => Number(row.created_at)));
  const pending = readMigrationFiles({ migrationsFolder: folder }).filter((m) => !applied.has(m.folderMillis));
  if (pending.length === 0) return 0;
  await client.migrate(
    pending.flatMap((migration) => [
      ...migration.sql,
      {
        sql: "INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)",
        args: [migration.hash, migration.folderMillis],
      },
    ]),
  );
  return pending.length;
}

/** The migrations, then the reference data they leave empty (the communes, when their version changed). */
export async function runMigrations(opts: DbTarget): Promise<CommunesImport> {
  const client = await openClient(opts);
  try {
    await applyPendingMigrations(client);
    return await importCommunes(client);
  } finally {
    client.close();
  }
}

export function describeCommunesImport(result: CommunesImport): string {
  if (!result.imported) return `Communes already imported (${result.version}).`;
  return (
    `Communes imported in ${result.ms} ms: ${result.cities} cities (${result.approximate} placed by postal code), ` +
    `${result.postalCodes} postal codes, ${result.skipped} left out without coordinates (${result.version}).`
  );
}

/** --name value pairs and bare --flags. */
export function parseArgs(argv: string[]): Record<string, string | true> {
  const args: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--")) continue;
    const [name, inline] = arg.slice(2).split("=", 2);
    const next = argv[i + 1];
    if (inline !== undefined) args[name] = inline;
    else if (next !== undefined && !next.startsWith("--")) args[name] = argv[++i];
    else args[name] = true;
  }
  return args;
}

export function targetFromArgs(args: Record<string, string | true>): DbTarget {
  const url = typeof args.url === "string" ? args.url : process.env.LIBSQL_URL || DEFAULT_DB_URL;
  const token = typeof args["auth-token"] === "string" ? args["auth-token"] : process.env.LIBSQL_AUTH_TOKEN;
  return { url, authToken: token || undefined };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const target = targetFromArgs(parseArgs(process.argv.slice(2)));
  runMigrations(target)
    .then((communes) => {
      console.log(`Migrations applied to ${target.url}`);
      console.log(describeCommunesImport(communes));
    })
    .catch((error: unknown) => {
      console.error("Migration failed:", error);
      process.exit(1);
    });
}
