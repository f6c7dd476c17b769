// One `libsql` connection: statement cache, argument binding, results in Hrana shape.
import Database from "libsql";
import { StatementError, encodeValue, type SqlValue, type Stmt, type WireValue } from "./protocol";
import { firstKeyword, mayWrite, scanParams, splitStatements, tokenize, type Token } from "./sql-text";
import { WriterQueue } from "./writer-queue";

/**
 * SQLite's own busy handler would sleep inside a synchronous native call and freeze the event
 * loop, so the stream holding the lock could never commit. We keep the 5 s budget but wait
 * asynchronously (busy_timeout = 0 at the SQLite level, retry with backoff here).
 */
export const BUSY_TIMEOUT_MS = 5000;
const STMT_CACHE_SIZE = 200;

type Prepared = {
  stmt: Database.Statement;
  params: (string | null)[];
  keyword: string;
  writes: boolean;
  /** Takes SQLite's write lock: waits for its turn in the WriterQueue first. */
  takesWriteLock: boolean;
};

/** Statements that end or stay inside a transaction without needing the write lock themselves. */
const LOCK_FREE_KEYWORDS = new Set([
  "COMMIT",
  "END",
  "ROLLBACK",
  "SAVEPOINT",
  "RELEASE",
  "SELECT",
  "VALUES",
  "EXPLAIN",
]);

/**
 * Whether a statement takes SQLite's write lock: BEGIN IMMEDIATE / EXCLUSIVE, and every statement
 * that may change the database (a plain or deferred BEGIN and reads do not).
 */
export function takesWriteLock(tokens: Token[]): boolean {
  const keyword = firstKeyword(tokens);
  if (keyword === "BEGIN")
    return tokens.some((t) => t.kind === "word" && ["IMMEDIATE", "EXCLUSIVE"].includes(t.text.toUpperCase()));
  if (keyword === "WITH") return mayWrite(tokens);
  return !LOCK_FREE_KEYWORDS.has(keyword) || mayWrite(tokens);
}

export type StmtResult = {
  cols: { name: string | null; decltype: string | null }[];
  rows: WireValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isRetryableBusy(e: unknown): boolean {
  const { code, rawCode } = e as { code?: string; rawCode?: number };
  // SQLITE_BUSY and SQLITE_BUSY_RECOVERY; never BUSY_SNAPSHOT, which no wait can fix.
  return code === "SQLITE_BUSY" || code === "SQLITE_BUSY_RECOVERY" || rawCode === 5 || rawCode === 261;
}

/** A statement that failed with SQLITE_BUSY changed nothing, so running it again is safe. */
export async function retryWhileBusy<T>(run: () => T): Promise<T> {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (let delay = 1; ; delay = Math.min(delay * 2, 50)) {
    try {
      return run();
    } catch (e) {
      if (!isRetryableBusy(e) || Date.now() >= deadline) throw e;
      await sleep(delay);
    }
  }
}

export class Connection {
  readonly db: Database.Database;
  private cache = new Map<string, Prepared>();
  private changesStmt: Database.Statement;

  private constructor(
    file: string,
    private readonly writers: WriterQueue,
  ) {
    this.db = new Database(file);
    this.changesStmt = this.db.prepare("SELECT changes(), last_insert_rowid()").raw(true).safeIntegers(true);
  }

  /** `writers` is shared by every connection to the file: they write one at a time, in order. */
  static async open(file: string, writers = new WriterQueue()): Promise<Connection> {
    const conn = new Connection(file, writers);
    try {
      conn.db.exec("PRAGMA busy_timeout = 0");
      conn.db.exec("PRAGMA foreign_keys = ON");
      // A search reads a few thousand rows of sitter_search: with SQLite's default 2 MiB page cache,
      // a large database rereads them from the OS on every query (at 1,000,000 sitters, a 10 km
      // search of Paris took 74 ms with it, 54 ms with 64 MiB; tests/bench/search.ts). Pooled
      // connections fill it only as they read.
      conn.db.exec("PRAGMA cache_size = -65536");
      await retryWhileBusy(() => conn.db.exec("PRAGMA journal_mode = WAL"));
      // In WAL mode NORMAL syncs the log at checkpoints instead of at every commit: a commit survives
      // a crash of this process, not of the machine, which is enough for a local stand-in. FULL
      // made every commit wait for the disk inside a synchronous native call, so the one event loop
      // serving every stream of the file (and in the test runs, every stack) stood still meanwhile.
      conn.db.exec("PRAGMA synchronous = NORMAL");
      return conn;
    } catch (e) {
      conn.close();
      throw e;
    }
  }

  get inTransaction(): boolean {
    return this.db.inTransaction;
  }

  /** Back to a clean state before the connection is handed to another stream. */
  reset(): void {
    try {
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
      this.db.exec("PRAGMA foreign_keys = ON");
    } finally {
      this.writers.release(this);
    }
  }

  close(): void {
    try {
      if (this.db.open && this.db.inTransaction) this.db.exec("ROLLBACK");
    } finally {
      this.writers.release(this);
      if (this.db.open) this.db.close();
    }
  }

  /**
   * Runs one statement in this connection's turn to write when it needs the lock, and gives the
   * turn back as soon as the connection is out of a transaction (after the statement, or its error).
   */
  private async inTurn<T>(takesLock: boolean, run: () => T): Promise<T> {
    if (takesLock) await this.writers.acquire(this);
    try {
      return await retryWhileBusy(run);
    } finally {
      if (!this.db.inTransaction) this.writers.release(this);
    }
  }

  private prepare(sql: string): Prepared {
    const hit = this.cache.get(sql);
    if (hit) {
      this.cache.delete(sql); // re-insert: the Map order doubles as LRU order
      this.cache.set(sql, hit);
      return hit;
    }
    const count = splitStatements(sql).length;
    if (count !== 1) {
      const what = count === 0 ? "does not contain any statement" : "contains more than one statement";
      throw new StatementError(`SQL string ${what}`, count === 0 ? "SQL_NO_STATEMENT" : "SQL_MANY_STATEMENTS");
    }
    const tokens = tokenize(sql);
    const stmt = this.db.prepare(sql).safeIntegers(true);
    if (stmt.reader) stmt.raw(true);
    const prepared = {
      stmt,
      params: scanParams(tokens),
      keyword: firstKeyword(tokens),
      writes: mayWrite(tokens),
      takesWriteLock: takesWriteLock(tokens),
    };
    this.cache.set(sql, prepared);
    if (this.cache.size > STMT_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    return prepared;
  }

  async execute(sql: string, stmt: Stmt): Promise<StmtResult> {
    const p = this.prepare(sql);
    const args = bindArgs(p.params, stmt);
    if (!p.stmt.reader) {
      const info = await this.inTurn(p.takesWriteLock, () => p.stmt.run(args));
      return {
        cols: [],
        rows: [],
        affected_row_count: info.changes,
        last_insert_rowid: this.rowid(info.lastInsertRowid),
      };
    }
    const rows = (await this.inTurn(p.takesWriteLock, () => p.stmt.all(args))) as unknown[][];
    const cols = p.stmt.columns().map((c) => ({ name: c.name, decltype: c.type }));
    const wire = stmt.wantRows ? rows.map((row) => row.map(encodeValue)) : [];
    if (!p.writes) return { cols, rows: wire, affected_row_count: 0, last_insert_rowid: null };
    const [changes, rowid] = this.changesStmt.all()[0] as [bigint, bigint];
    return { cols, rows: wire, affected_row_count: Number(changes), last_insert_rowid: rowid.toString() };
  }

  /** run() reports the rowid as a JS number; past 2^53 ask SQLite for the exact value. */
  private rowid(value: number | bigint): string {
    if (typeof value === "bigint" || Number.isSafeInteger(value)) return value.toString();
    return (this.changesStmt.all()[0] as bigint[])[1].toString();
  }

  /** A script, one statement at a time, so a busy statement can be retried on its own. */
  async sequence(sql: string): Promise<void> {
    for (const one of splitStatements(sql)) {
      const stmt = this.db.prepare(one);
      await this.inTurn(takesWriteLock(tokenize(one)), () => (stmt.reader ? stmt.raw(true).all() : stmt.run()));
    }
  }

  describe(sql: string) {
    const p = this.prepare(sql);
    return {
      params: p.params.map((name) => ({ name })),
      cols: p.stmt.reader ? p.stmt.columns().map((c) => ({ name: c.name, decltype: c.type })) : [],
      is_explain: p.keyword === "EXPLAIN",
      // libsql does not expose sqlite3_stmt_readonly; judged from the leading keyword.
      is_readonly: ["SELECT", "VALUES", "EXPLAIN"].includes(p.keyword) || (p.keyword === "WITH" && !p.writes),
    };
  }
}

/** Hrana args -> one positional array (named args resolved through the scanned names). */
function bindArgs(params: (string | null)[], stmt: Stmt): SqlValue[] {
  if (stmt.args.length > params.length) {
    throw new StatementError(`statement takes ${params.length} argument(s), ${stmt.args.length} given`, "ARGS_INVALID");
  }
  const values: SqlValue[] = params.map((_, i) => (i < stmt.args.length ? stmt.args[i] : null));
  for (const { name, value } of stmt.namedArgs) {
    const candidates = /^[:@$?]/.test(name) ? [name] : [`:${name}`, `@${name}`, `$${name}`];
    const index = params.findIndex((p) => p !== null && candidates.includes(p));
    if (index < 0) throw new StatementError(`statement has no parameter named ${name}`, "ARGS_INVALID");
    values[index] = value;
  }
  return values;
}
