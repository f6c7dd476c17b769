// A migrated libSQL file for one test file: a temporary folder, a copy of the run's template
// database (every migration applied and the communes imported once, by tests/unit/global-setup.ts),
// a Node client with foreign keys on, the Drizzle handle the services take, and one cleanup.
// serve() puts the same file behind the local Hrana-over-HTTP server, the way the Worker reaches it.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Db } from "../../../db/client";
import * as schema from "../../../db/schema/index";
import { startLibsqlServer, type LibsqlServer } from "../../../scripts/libsql-server";
import { inject } from "vitest";
import { openClient } from "../../../scripts/migrate";

export type TempDb = {
  /** `file:` URL of the database. */
  url: string;
  client: Client;
  db: Db;
  /** Serves the file over HTTP until cleanup(); returns the server (its `url` is the LIBSQL_URL). */
  serve(): Promise<LibsqlServer>;
  cleanup(): Promise<void>;
};

/** `name` only labels the temporary folder, to tell leftovers apart. */
export async function createTempDb(name: string): Promise<TempDb> {
  const dir = mkdtempSync(join(tmpdir(), `veilleuse-${name}-`));
  const file = join(dir, "test.db");
  const url = `file:${file}`;
  copyFileSync(inject("templateDb"), file);
  const client = await openClient({ url });
  const servers: LibsqlServer[] = [];
  return {
    url,
    client,
    db: drizzle(client, { schema }),
    async serve() {
      const server = await startLibsqlServer({ file });
      servers.push(server);
      return server;
    },
    async cleanup() {
      await Promise.all(servers.map((server) => server.close()));
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A user and their profile, the least the tables that reference profiles need (id = user id). */
export async function insertProfile(client: Client, id: string, userType: string): Promise<void> {
  const t = Date.now();
  await client.execute({
    sql: "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)",
    args: [id, id, `${id}@test.fr`, t, t],
  });
  await client.execute({
    sql: "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email) VALUES (?, ?, ?, 'Test', 'User', ?)",
    args: [id, id, userType, `${id}@test.fr`],
  });
}
