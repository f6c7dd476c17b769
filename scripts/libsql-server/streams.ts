// Hrana streams over HTTP: each stream owns one connection (so BEGIN ... COMMIT can span
// several HTTP requests), is addressed by a single-use baton, and dies after a short idle time.
import { randomBytes } from "node:crypto";
import { Connection, type StmtResult } from "./connection";
import { WriterQueue } from "./writer-queue";
import {
  ProtocolError,
  StatementError,
  toWireError,
  type BatchCond,
  type BatchStep,
  type Stmt,
  type StreamRequest,
  type WireError,
} from "./protocol";

const MAX_STORED_SQL = 500;
const POOL_SIZE = 8;

export type BatchResult = { step_results: (StmtResult | null)[]; step_errors: (WireError | null)[] };
type StreamResult = { type: "ok"; response: Record<string, unknown> } | { type: "error"; error: WireError };

export class Stream {
  closed = false;
  lastUsed = Date.now();
  private sqls = new Map<number, string>();

  constructor(
    readonly conn: Connection,
    private onClose: (stream: Stream) => void,
  ) {}

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose(this);
  }

  private sqlText(ref: { sql?: string; sqlId?: number }): string {
    if (ref.sql !== undefined) return ref.sql;
    const sql = this.sqls.get(ref.sqlId!);
    if (sql === undefined) throw new StatementError(`SQL text ${ref.sqlId} is not stored`, "SQL_NOT_FOUND");
    return sql;
  }

  execute(stmt: Stmt): Promise<StmtResult> {
    return this.conn.execute(this.sqlText(stmt), stmt);
  }

  /** Steps run in order; a step whose condition is false gets neither a result nor an error. */
  async batch(steps: BatchStep[]): Promise<BatchResult> {
    const out: BatchResult = { step_results: [], step_errors: [] };
    const holds = (c: BatchCond): boolean => {
      switch (c.type) {
        case "ok":
          return out.step_results[c.step] != null;
        case "error":
          return out.step_errors[c.step] != null;
        case "not":
          return !holds(c.cond);
        case "and":
          return c.conds.every(holds);
        case "or":
          return c.conds.some(holds);
        case "is_autocommit":
          return !this.conn.inTransaction;
      }
    };
    for (const step of steps) {
      let result: StmtResult | null = null;
      let error: WireError | null = null;
      if (!step.condition || holds(step.condition)) {
        try {
          result = await this.execute(step.stmt);
        } catch (e) {
          error = toWireError(e);
        }
      }
      out.step_results.push(result);
      out.step_errors.push(error);
    }
    return out;
  }

  async handle(req: StreamRequest): Promise<StreamResult> {
    if (this.closed) return { type: "error", error: { message: "The stream is closed", code: "STREAM_CLOSED" } };
    try {
      return { type: "ok", response: { type: req.type, ...(await this.respond(req)) } };
    } catch (e) {
      return { type: "error", error: toWireError(e) };
    }
  }

  private async respond(req: StreamRequest): Promise<Record<string, unknown>> {
    switch (req.type) {
      case "close":
        this.close();
        return {};
      case "execute":
        return { result: await this.execute(req.stmt) };
      case "batch":
        return { result: await this.batch(req.steps) };
      case "sequence":
        await this.conn.sequence(this.sqlText(req));
        return {};
      case "describe":
        return { result: this.conn.describe(this.sqlText(req)) };
      case "store_sql":
        if (this.sqls.has(req.sqlId))
          throw new StatementError(`SQL id ${req.sqlId} is already in use`, "SQL_ID_IN_USE");
        if (this.sqls.size >= MAX_STORED_SQL) throw new StatementError("Too many stored SQL texts", "SQL_STORE_FULL");
        this.sqls.set(req.sqlId, req.sql);
        return {};
      case "close_sql":
        this.sqls.delete(req.sqlId);
        return {};
      case "get_autocommit":
        return { is_autocommit: !this.conn.inTransaction };
    }
  }
}

export class StreamRegistry {
  private parked = new Map<string, Stream>();
  private open = new Set<Stream>();
  private pool: Connection[] = [];
  /** Every stream's connection writes in its turn (writer-queue.ts). */
  private writers = new WriterQueue();
  private sweeper: NodeJS.Timeout;
  private shutDown = false;

  constructor(
    private file: string,
    private idleMs: number,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.max(50, Math.min(1000, idleMs / 4)));
    this.sweeper.unref();
  }

  async create(): Promise<Stream> {
    const conn = this.pool.pop() ?? (await Connection.open(this.file, this.writers));
    const stream = new Stream(conn, (s) => this.release(s));
    this.open.add(stream);
    return stream;
  }

  /** A baton is single-use: taking it out of the map makes a replayed baton fail. */
  take(baton: string): Stream {
    const stream = this.parked.get(baton);
    if (!stream) {
      throw new ProtocolError("The stream has expired or the baton is invalid", "STREAM_EXPIRED");
    }
    this.parked.delete(baton);
    return stream;
  }

  /** Returns the next baton, or null when the stream was closed by this request. */
  park(stream: Stream): string | null {
    if (stream.closed) return null;
    const baton = randomBytes(24).toString("base64url");
    stream.lastUsed = Date.now();
    this.parked.set(baton, stream);
    return baton;
  }

  private release(stream: Stream): void {
    this.open.delete(stream);
    try {
      stream.conn.reset(); // rolls back a transaction left open
      if (!this.shutDown && this.pool.length < POOL_SIZE) return void this.pool.push(stream.conn);
    } catch {
      // A connection that cannot be reset is not reused.
    }
    stream.conn.close();
  }

  private sweep(): void {
    const limit = Date.now() - this.idleMs;
    for (const [baton, stream] of this.parked) {
      if (stream.lastUsed >= limit) continue;
      this.parked.delete(baton);
      stream.close();
    }
  }

  closeAll(): void {
    this.shutDown = true;
    clearInterval(this.sweeper);
    this.parked.clear();
    for (const stream of [...this.open]) stream.close();
    for (const conn of this.pool.splice(0)) conn.close();
  }
}
