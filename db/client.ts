// The database handle. The Worker makes one per request from its env (never from a
// module-level process.env); Node scripts pass a URL too. Production: Turso or sqld.
// Locally: the file-backed Hrana-over-HTTP server in scripts/libsql-server.ts.
import { createClient } from "@libsql/client/web";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "./schema/index";

export type DbEnv = { LIBSQL_URL: string; LIBSQL_AUTH_TOKEN?: string };

export function createDb(env: DbEnv) {
  const client = createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN || undefined });
  return drizzle(client, { schema });
}

export type Db = ReturnType<typeof createDb>;

type Statement = BatchItem<"sqlite">;

/** A batch (one transaction, one round trip) of statements assembled at run time. */
export async function runStatements(db: Db, statements: Statement[]): Promise<void> {
  if (statements.length === 0) return;
  await db.batch(statements as [Statement, ...Statement[]]);
}
