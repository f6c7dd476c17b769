// Conformance of the local Hrana-over-HTTP server, driven by the official clients
// (@libsql/client over http:, and @libsql/client/web as the Worker uses it) on a real file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient as createNodeClient, type Client, type Config } from "@libsql/client";
import { createClient as createWebClient } from "@libsql/client/web";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLibsqlServer, type LibsqlServer } from "../../scripts/libsql-server";

const dir = mkdtempSync(join(tmpdir(), "libsql-server-test-"));
let server: LibsqlServer;
const opened: Client[] = [];

beforeAll(async () => {
  server = await startLibsqlServer({ file: join(dir, "main.db"), port: 0 });
});

afterAll(async () => {
  for (const c of opened) c.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function rawPost(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type"), text, json: safeJson(text) };
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const NAME_PREFIXES = [":", "@", "$"] as const;

const clients = [
  ["@libsql/client", createNodeClient],
  ["@libsql/client/web", createWebClient],
] as const;

describe.each(clients)("through %s", (name, create) => {
  const table = `t_${name.replace(/\W/g, "_")}`;
  const connect = (extra: Partial<Config> = {}) => {
    const c = create({ url: server.url, ...extra });
    opened.push(c);
    return c;
  };
  let db: Client;

  beforeEach(async () => {
    db = connect({ intMode: "bigint" });
    await db.executeMultiple(`
      PRAGMA foreign_keys = ON;
      DROP TABLE IF EXISTS ${table}_child;
      DROP TABLE IF EXISTS ${table};
      CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name TEXT UNIQUE, n INTEGER, f REAL, b BLOB);
      CREATE TABLE ${table}_child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES ${table}(id));
    `);
  });

  it("serves a WAL file whose commits do not wait for the disk (synchronous = NORMAL)", async () => {
    const pragma = async (name: string) => (await db.execute(`PRAGMA ${name}`)).rows[0][0];
    expect(await pragma("journal_mode")).toBe("wal");
    // 0 OFF, 1 NORMAL, 2 FULL (SQLite's default, which synced the log at every commit).
    expect(Number(await pragma("synchronous"))).toBe(1);
  });

  it("executes with positional and named args (: @ $)", async () => {
    await db.execute({ sql: `INSERT INTO ${table} (name, n) VALUES (?, ?)`, args: ["pos", 1n] });
    await db.execute({ sql: `INSERT INTO ${table} (name, n) VALUES (:name, :n)`, args: { name: "colon", n: 2n } });
    await db.execute({ sql: `INSERT INTO ${table} (name, n) VALUES (@name, @n)`, args: { name: "at", n: 3n } });
    await db.execute({ sql: `INSERT INTO ${table} (name, n) VALUES ($name, $n)`, args: { $name: "dollar", $n: 4n } });
    const rs = await db.execute({ sql: `SELECT name, n FROM ${table} WHERE n >= ? ORDER BY n`, args: [2n] });
    expect(rs.columns).toEqual(["name", "n"]);
    expect(rs.columnTypes).toEqual(["TEXT", "INTEGER"]);
    expect(rs.rows.map((r) => [r.name, r.n])).toEqual([
      ["colon", 2n],
      ["at", 3n],
      ["dollar", 4n],
    ]);
  });

  // SQLite keeps the first name a slot gets: `?1` after `:b` reuses slot 1, still named `:b`.
  it.each(NAME_PREFIXES)("binds a numbered parameter that reuses a named slot (%s)", async (prefix) => {
    const rs = await db.execute({
      sql: `SELECT ${prefix}b AS b, ${prefix}a AS a, ?1 AS again`,
      args: { a: "A", [`${prefix}b`]: "B" },
    });
    expect([rs.rows[0].b, rs.rows[0].a, rs.rows[0].again]).toEqual(["B", "A", "B"]);
  });

  it("reports rows affected and last insert rowid", async () => {
    const first = await db.execute({ sql: `INSERT INTO ${table} (id, name) VALUES (41, 'a')`, args: [] });
    expect(first.lastInsertRowid).toBe(41n);
    expect(first.rowsAffected).toBe(1);
    const second = await db.execute(`INSERT INTO ${table} (name) VALUES ('b'), ('c')`);
    expect(second.lastInsertRowid).toBe(43n);
    expect(second.rowsAffected).toBe(2);
    const updated = await db.execute(`UPDATE ${table} SET n = 7 WHERE id >= 42`);
    expect(updated.rowsAffected).toBe(2);
    const returning = await db.execute(`INSERT INTO ${table} (name) VALUES ('r') RETURNING id, name`);
    expect(returning.rows[0]).toMatchObject({ id: 44n, name: "r" });
    expect(returning.rowsAffected).toBe(1);
    expect(returning.lastInsertRowid).toBe(44n);
    const deleted = await db.execute(`DELETE FROM ${table}`);
    expect(deleted.rowsAffected).toBe(4);
  });

  it("round-trips every value type", async () => {
    const big = 2n ** 62n + 12345n; // far beyond 2^53
    const blob = new Uint8Array([0, 1, 2, 250, 255]);
    const text = "Crèche « Les Lucioles » 🌙 — 夜";
    await db.execute({
      sql: `INSERT INTO ${table} (id, name, n, f, b) VALUES (?, ?, ?, ?, ?)`,
      args: [1n, text, big, 3.25, blob],
    });
    await db.execute({
      sql: `INSERT INTO ${table} (id, name, n, f, b) VALUES (?, ?, ?, ?, ?)`,
      args: [2n, null, -big, -0.5, null],
    });
    const rs = await db.execute(`SELECT id, name, n, f, b, typeof(n) AS tn, typeof(f) AS tf FROM ${table} ORDER BY id`);
    expect(rs.rows[0].name).toBe(text);
    expect(rs.rows[0].n).toBe(big);
    expect(rs.rows[0].f).toBe(3.25);
    expect(new Uint8Array(rs.rows[0].b as ArrayBuffer)).toEqual(blob);
    expect([rs.rows[0].tn, rs.rows[0].tf]).toEqual(["integer", "real"]);
    expect([rs.rows[1].name, rs.rows[1].n, rs.rows[1].f, rs.rows[1].b]).toEqual([null, -big, -0.5, null]);
    const extremes = await db.execute({ sql: "SELECT ? AS max, ? AS min", args: [2n ** 63n - 1n, -(2n ** 63n)] });
    expect([extremes.rows[0].max, extremes.rows[0].min]).toEqual([2n ** 63n - 1n, -(2n ** 63n)]);
    const asNumbers = connect(); // default intMode "number" for values that fit
    expect((await asNumbers.execute("SELECT 42 AS v")).rows[0].v).toBe(42);
  });

  it("runs a batch all-or-nothing", async () => {
    const ok = await db.batch(
      [
        { sql: `INSERT INTO ${table} (id, name) VALUES (1, 'one')`, args: [] },
        { sql: `INSERT INTO ${table}_child (parent_id) VALUES (1)`, args: [] },
        `SELECT count(*) AS c FROM ${table}`,
      ],
      "write",
    );
    expect(ok[2].rows[0].c).toBe(1n);
    const failing = db.batch(
      [
        `INSERT INTO ${table} (id, name) VALUES (2, 'two')`,
        `INSERT INTO ${table} (id, name) VALUES (3, 'one')`, // UNIQUE violation
        `INSERT INTO ${table} (id, name) VALUES (4, 'four')`,
      ],
      "write",
    );
    await expect(failing).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT" });
    const rows = await db.execute(`SELECT id FROM ${table} ORDER BY id`);
    expect(rows.rows.map((r) => r.id)).toEqual([1n]);
  });

  it("runs interactive transactions: commit, rollback, isolation", async () => {
    const other = connect({ intMode: "bigint" });
    const tx = await db.transaction("write");
    await tx.execute(`INSERT INTO ${table} (id, name) VALUES (10, 'ten')`);
    await tx.execute({ sql: `INSERT INTO ${table} (id, name) VALUES (?, ?)`, args: [11n, "eleven"] });
    expect((await tx.execute(`SELECT count(*) AS c FROM ${table}`)).rows[0].c).toBe(2n); // own writes
    expect((await other.execute(`SELECT count(*) AS c FROM ${table}`)).rows[0].c).toBe(0n); // not yet visible
    await tx.commit();
    expect((await other.execute(`SELECT count(*) AS c FROM ${table}`)).rows[0].c).toBe(2n);

    const rolledBack = await db.transaction("write");
    await rolledBack.execute(`DELETE FROM ${table}`);
    expect((await rolledBack.execute(`SELECT count(*) AS c FROM ${table}`)).rows[0].c).toBe(0n);
    await rolledBack.rollback();
    expect((await other.execute(`SELECT count(*) AS c FROM ${table}`)).rows[0].c).toBe(2n);

    const failed = await db.transaction("write");
    await failed.execute(`INSERT INTO ${table} (id, name) VALUES (12, 'twelve')`);
    await expect(failed.execute(`INSERT INTO ${table} (id, name) VALUES (13, 'ten')`)).rejects.toMatchObject({
      code: "SQLITE_CONSTRAINT",
    });
    await failed.rollback();
    expect((await other.execute(`SELECT count(*) AS c FROM ${table}`)).rows[0].c).toBe(2n);
  });

  it("makes a writer wait for an open write transaction without freezing the server", async () => {
    const holder = await db.transaction("write");
    await holder.execute(`INSERT INTO ${table} (id, name) VALUES (20, 'held')`);
    const writer = connect({ intMode: "bigint" });
    let settled = false;
    const waiting = writer.execute(`INSERT INTO ${table} (id, name) VALUES (21, 'waited')`);
    void waiting.finally(() => (settled = true)).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 150));
    expect(settled).toBe(false); // still waiting for the lock, not failed with SQLITE_BUSY
    // Reads are still served while the writer waits for the lock.
    const reader = connect({ intMode: "bigint" });
    expect((await reader.execute(`SELECT count(*) AS c FROM ${table}`)).rows[0].c).toBe(0n);
    await holder.commit();
    await expect(waiting).resolves.toMatchObject({ rowsAffected: 1 });
    expect((await reader.execute(`SELECT count(*) AS c FROM ${table}`)).rows[0].c).toBe(2n);
  });

  it("queues write transactions that together hold the lock longer than SQLite's busy budget, refusing none", async () => {
    // 20 writers each keep BEGIN IMMEDIATE ... COMMIT open across a slow client's pause: about 7 s
    // of lock in all, past the 5 s a poller for SQLite's lock would wait before answering SQLITE_BUSY.
    const pauseMs = 350;
    const writers = Array.from({ length: 20 }, () => connect());
    await Promise.all(
      writers.map(async (c, i) => {
        const tx = await c.transaction("write");
        await tx.execute({ sql: `INSERT INTO ${table} (name, n) VALUES (?, ?)`, args: [`slow${i}`, i] });
        await new Promise((r) => setTimeout(r, pauseMs));
        await tx.commit();
      }),
    );
    const rs = await db.execute(`SELECT count(*) AS c FROM ${table} WHERE name LIKE 'slow%'`);
    expect(rs.rows[0].c).toBe(20n);
  }, 30_000);

  it("returns SQL errors as errors and keeps serving", async () => {
    await expect(db.execute("SELEC 1")).rejects.toMatchObject({
      code: "SQLITE_ERROR",
      message: expect.stringContaining("syntax error"),
    });
    await expect(db.execute("SELECT * FROM no_such_table")).rejects.toMatchObject({ code: "SQLITE_ERROR" });
    await db.execute(`INSERT INTO ${table} (id, name) VALUES (1, 'dup')`);
    await expect(db.execute(`INSERT INTO ${table} (id, name) VALUES (2, 'dup')`)).rejects.toMatchObject({
      code: "SQLITE_CONSTRAINT",
      message: expect.stringContaining("UNIQUE constraint failed"),
    });
    // foreign_keys is ON on every server connection, without the client asking.
    await expect(db.execute(`INSERT INTO ${table}_child (parent_id) VALUES (999)`)).rejects.toMatchObject({
      code: "SQLITE_CONSTRAINT",
      message: expect.stringContaining("FOREIGN KEY constraint failed"),
    });
    // A named arg on a nameless `?` would abort the native module if passed through blindly.
    await expect(db.execute({ sql: "SELECT ?", args: { a: 1 } })).rejects.toMatchObject({ code: "ARGS_INVALID" });
    await expect(db.execute({ sql: "SELECT ?", args: [1n, 2n] })).rejects.toMatchObject({ code: "ARGS_INVALID" });
    await expect(db.execute("SELECT 1; SELECT 2")).rejects.toMatchObject({ code: "SQL_MANY_STATEMENTS" });
    expect((await db.execute("SELECT 1 AS one")).rows[0].one).toBe(1n);
  });

  it("serves 20 concurrent clients inserting in parallel", async () => {
    const writers = Array.from({ length: 20 }, () => connect());
    await Promise.all(
      writers.map((c, i) =>
        Promise.all(
          Array.from({ length: 10 }, (_, j) =>
            c.execute({ sql: `INSERT INTO ${table} (name, n) VALUES (?, ?)`, args: [`w${i}-${j}`, i] }),
          ),
        ),
      ),
    );
    const txs = await Promise.all(
      writers.slice(0, 5).map(async (c, i) => {
        const tx = await c.transaction("write");
        await tx.execute({ sql: `INSERT INTO ${table} (name) VALUES (?)`, args: [`tx${i}`] });
        await tx.commit();
      }),
    );
    expect(txs).toHaveLength(5);
    const rs = await db.execute(`SELECT count(*) AS c, count(DISTINCT name) AS d FROM ${table}`);
    expect([rs.rows[0].c, rs.rows[0].d]).toEqual([205n, 205n]);
  });
});

describe("raw Hrana protocol", () => {
  it("answers the version probes and picks JSON, not protobuf", async () => {
    expect((await fetch(`${server.url}/v2`)).status).toBe(200);
    expect((await fetch(`${server.url}/v3`)).status).toBe(200);
    expect((await fetch(`${server.url}/v3-protobuf`)).status).toBe(404);
  });

  it("handles store_sql, describe, sequence, get_autocommit, conditions and close", async () => {
    const first = await rawPost(server.url, "/v3/pipeline", {
      baton: null,
      requests: [
        {
          type: "sequence",
          sql: "CREATE TABLE IF NOT EXISTS raw_t (id INTEGER PRIMARY KEY, v TEXT); DELETE FROM raw_t;",
        },
        { type: "store_sql", sql_id: 1, sql: "INSERT INTO raw_t (v) VALUES (:v)" },
        { type: "execute", stmt: { sql_id: 1, named_args: [{ name: "v", value: { type: "text", value: "x" } }] } },
        { type: "describe", sql: "SELECT id, v FROM raw_t WHERE id = ?1 OR v = :v" },
        { type: "get_autocommit" },
        {
          type: "batch",
          batch: {
            steps: [
              { stmt: { sql: "BEGIN" } },
              { condition: { type: "ok", step: 0 }, stmt: { sql: "INSERT INTO raw_t (id) VALUES (1)" } }, // duplicate id
              { condition: { type: "error", step: 1 }, stmt: { sql: "ROLLBACK" } },
              { condition: { type: "not", cond: { type: "is_autocommit" } }, stmt: { sql: "SELECT 'skipped'" } },
              {
                condition: { type: "and", conds: [{ type: "ok", step: 2 }, { type: "is_autocommit" }] },
                stmt: { sql: "SELECT 'ran'" },
              },
            ],
          },
        },
        { type: "close_sql", sql_id: 1 },
        { type: "execute", stmt: { sql_id: 1 } },
      ],
    });
    expect(first.status).toBe(200);
    const [seq, store, exec, desc, auto, batch, closeSql, gone] = first.json.results;
    expect(seq).toEqual({ type: "ok", response: { type: "sequence" } });
    expect(store.response.type).toBe("store_sql");
    expect(exec.response.result).toMatchObject({ affected_row_count: 1, last_insert_rowid: "1", rows: [] });
    expect(desc.response.result).toMatchObject({
      params: [{ name: "?1" }, { name: ":v" }],
      cols: [
        { name: "id", decltype: "INTEGER" },
        { name: "v", decltype: "TEXT" },
      ],
      is_explain: false,
      is_readonly: true,
    });
    expect(auto.response.is_autocommit).toBe(true);
    const { step_results, step_errors } = batch.response.result;
    expect(step_errors[1]).toMatchObject({ code: "SQLITE_CONSTRAINT" });
    expect(step_results[2]).not.toBeNull();
    expect([step_results[3], step_errors[3]]).toEqual([null, null]);
    expect(step_results[4].rows).toEqual([[{ type: "text", value: "ran" }]]);
    expect(closeSql.response.type).toBe("close_sql");
    expect(gone).toMatchObject({ type: "error", error: { code: "SQL_NOT_FOUND" } });

    const baton = first.json.baton;
    expect(typeof baton).toBe("string");
    const second = await rawPost(server.url, "/v2/pipeline", { baton, requests: [{ type: "close" }] });
    expect(second.json).toEqual({
      baton: null,
      base_url: null,
      results: [{ type: "ok", response: { type: "close" } }],
    });
    const replay = await rawPost(server.url, "/v2/pipeline", { baton, requests: [{ type: "close" }] });
    expect(replay.status).toBe(400);
    expect(replay.json.code).toBe("STREAM_EXPIRED");
  });

  it.each(NAME_PREFIXES)(
    "describes a numbered parameter that reuses a named slot by the slot's first name (%s)",
    async (prefix) => {
      const res = await rawPost(server.url, "/v3/pipeline", {
        baton: null,
        requests: [{ type: "describe", sql: `SELECT ${prefix}b, ${prefix}a, ?1` }, { type: "close" }],
      });
      expect(res.json.results[0].response.result.params).toEqual([{ name: `${prefix}b` }, { name: `${prefix}a` }]);
    },
  );

  it("streams a v3 cursor as newline-delimited entries", async () => {
    const res = await rawPost(server.url, "/v3/cursor", {
      baton: null,
      batch: { steps: [{ stmt: { sql: "SELECT 1 AS a UNION ALL SELECT 2" } }, { stmt: { sql: "SELEC" } }] },
    });
    const lines = res.text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0].baton).toEqual(expect.any(String));
    expect(lines.slice(1).map((l) => l.type)).toEqual(["step_begin", "row", "row", "step_end", "step_error"]);
    expect(lines[2].row).toEqual([{ type: "integer", value: "1" }]);
    await rawPost(server.url, "/v3/pipeline", { baton: lines[0].baton, requests: [{ type: "close" }] });
  });

  it("rejects malformed input with 400 JSON and keeps serving", async () => {
    const bad = [
      "{not json",
      { requests: "nope" },
      { baton: null, requests: [{ type: "explode" }] },
      {
        baton: null,
        requests: [{ type: "execute", stmt: { sql: "SELECT ?", args: [{ type: "integer", value: "1.5" }] } }],
      },
      {
        baton: null,
        requests: [
          { type: "execute", stmt: { sql: "SELECT ?", args: [{ type: "integer", value: "9223372036854775808" }] } },
        ],
      },
      { baton: null, requests: [{ type: "execute", stmt: {} }] },
      {
        baton: null,
        requests: [
          { type: "batch", batch: { steps: [{ condition: { type: "ok", step: 3 }, stmt: { sql: "SELECT 1" } }] } },
        ],
      },
      { baton: "forged", requests: [] },
    ];
    for (const body of bad) {
      const res = await rawPost(server.url, "/v2/pipeline", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.type).toBe("application/json");
      expect(res.json.message).toEqual(expect.any(String));
    }
    expect((await rawPost(server.url, "/v9/nothing", {})).status).toBe(404);
    const ok = await rawPost(server.url, "/v2/pipeline", {
      requests: [{ type: "execute", stmt: { sql: "SELECT 1" } }, { type: "close" }],
    });
    expect(ok.json.results[0].response.result.rows).toEqual([[{ type: "integer", value: "1" }]]);
  });
});

describe("auth token and stream expiry", () => {
  let guarded: LibsqlServer;
  beforeAll(async () => {
    guarded = await startLibsqlServer({ file: join(dir, "guarded.db"), authToken: "s3cret", streamIdleMs: 300 });
  });
  afterAll(() => guarded.close());

  it("requires the bearer token", async () => {
    const good = createWebClient({ url: guarded.url, authToken: "s3cret" });
    const wrong = createWebClient({ url: guarded.url, authToken: "nope" });
    const none = createWebClient({ url: guarded.url });
    opened.push(good, wrong, none);
    expect((await good.execute("SELECT 1 AS one")).rows[0].one).toBe(1);
    await expect(wrong.execute("SELECT 1")).rejects.toThrow(/Unauthorized/);
    await expect(none.execute("SELECT 1")).rejects.toThrow(/Unauthorized/);
    const raw = await rawPost(guarded.url, "/v2/pipeline", { requests: [] });
    expect([raw.status, raw.json.code]).toEqual([401, "UNAUTHORIZED"]);
  });

  it("expires idle streams, rolls back their transaction and rejects their baton", async () => {
    const client = createWebClient({ url: guarded.url, authToken: "s3cret" });
    opened.push(client);
    await client.execute("CREATE TABLE IF NOT EXISTS exp_t (id INTEGER PRIMARY KEY)");
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO exp_t (id) VALUES (1)");
    await new Promise((r) => setTimeout(r, 800));
    await expect(tx.execute("SELECT 1")).rejects.toMatchObject({ code: "STREAM_EXPIRED" });
    tx.close();
    expect((await client.execute("SELECT count(*) AS c FROM exp_t")).rows[0].c).toBe(0);
    // The rolled-back transaction released the write lock.
    await client.execute("INSERT INTO exp_t (id) VALUES (2)");
  });
});
