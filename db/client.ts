// The database handle. The Worker makes one per request from its env (never from a
// module-level process.env); Node scripts pass a URL too. Production: Turso or sqld.
// Locally: the file-backed Hrana-over-HTTP server in scripts/libsql-server.ts.
import { createClient } from "@libsql/client/web";
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type ExtractTablesWithRelations,
} from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { LibSQLDatabase } from "drizzle-orm/libsql/driver-core";
import { LibSQLSession } from "drizzle-orm/libsql/session";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema/index";

export type DbEnv = { LIBSQL_URL: string; LIBSQL_AUTH_TOKEN?: string };

type Schema = typeof schema;

/**
 * drizzle's map of the tables and their relations, built once per isolate: `drizzle(client, {
 * schema })` builds it again for each handle, and the Worker makes a handle per request. Measured
 * with tests/bench/request-cpu.ts (29 Nov 2026), means of four or five runs of each, single runs
 * varying by 2 ms: the Worker's CPU per request went from 9.0 to 7.5 ms for /api/health and from
 * 16.2 to 13.7 ms for /api/me. The handle itself (client, session) stays one per request: a
 * Worker request must never wait on a promise another request started. This is what drizzle's own
 * `drizzle()` assembles, with the map built once.
 */
let relational:
  { fullSchema: Schema; schema: ExtractTablesWithRelations<Schema>; tableNamesMap: Record<string, string> } | undefined;

function relationalSchema() {
  if (!relational) {
    const tables = extractTablesRelationalConfig<ExtractTablesWithRelations<Schema>>(
      schema,
      createTableRelationsHelpers,
    );
    relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  }
  return relational;
}

export function createDb(env: DbEnv): LibSQLDatabase<Schema> & { $client: ReturnType<typeof createClient> } {
  const client = createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN || undefined });
  const dialect = new SQLiteAsyncDialect();
  const relations = relationalSchema();
  const session = new LibSQLSession(client, dialect, relations, {}, undefined);
  const db = new LibSQLDatabase("async", dialect, session, relations) as LibSQLDatabase<Schema> & {
    $client: typeof client;
  };
  db.$client = client;
  return db;
}

export type Db = ReturnType<typeof createDb>;

type Statement = BatchItem<"sqlite">;

/** A batch (one transaction, one round trip) of statements assembled at run time. */
export async function runStatements(db: Db, statements: Statement[]): Promise<void> {
  if (statements.length === 0) return;
  await db.batch(statements as [Statement, ...Statement[]]);
}
