// The test stack's database file, read and written by the tests themselves (to find seeded rows and
// check what the app stored): one client per file and test process, its connections kept open for
// the whole run.
//
// Why one: a new SQLite connection parses the whole schema (about 470 tables, indexes and triggers,
// 176 KB of SQL) before its first statement, 12.6 ms of CPU on this machine, against 0.3 ms for a
// query on a connection already open (measured 29 Nov 2026). The suites opened one per query, which
// made the test processes' own CPU about as large as the Worker's.
//
// The client is shared by every test of the process: nobody closes it, and a transaction asked of it
// gets a connection of its own from the client's pool. Statements run in autocommit mode, so each
// one reads the latest writes of the Worker.
import { createClient, type Client } from "@libsql/client";

const clients = new Map<string, Client>();

/**
 * The Worker writes the same file at the same time (other test files, background notices): a
 * statement waits up to 10 s for SQLite's lock instead of failing with SQLITE_BUSY. The client's
 * `timeout` applies to each connection of its pool, the transactions' own included.
 */
const BUSY_TIMEOUT_MS = 10_000;

/** This process's client of the database at `file`, opened on first use. */
export function testDbClient(file: string): Client {
  let client = clients.get(file);
  if (!client) {
    client = createClient({ url: `file:${file}`, timeout: BUSY_TIMEOUT_MS });
    clients.set(file, client);
  }
  return client;
}
