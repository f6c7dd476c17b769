// Hrana 2/3 over HTTP, JSON encoding: request validation and value conversion.
// Everything that comes off the wire is checked here, so the executor only sees well-formed data.

export type SqlValue = null | bigint | number | string | Buffer;
export type WireValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

export type Stmt = {
  sql?: string;
  sqlId?: number;
  args: SqlValue[];
  namedArgs: { name: string; value: SqlValue }[];
  wantRows: boolean;
};
export type BatchCond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: BatchCond }
  | { type: "and" | "or"; conds: BatchCond[] }
  | { type: "is_autocommit" };
export type BatchStep = { condition?: BatchCond; stmt: Stmt };
export type StreamRequest =
  | { type: "close" | "get_autocommit" }
  | { type: "execute"; stmt: Stmt }
  | { type: "batch"; steps: BatchStep[] }
  | { type: "sequence" | "describe"; sql?: string; sqlId?: number }
  | { type: "store_sql"; sqlId: number; sql: string }
  | { type: "close_sql"; sqlId: number };

export type WireError = { message: string; code: string };

/** A malformed request: answered with HTTP 400 and the stream (if any) is dropped. */
export class ProtocolError extends Error {
  constructor(
    message: string,
    readonly code = "PROTOCOL_ERROR",
    readonly status = 400,
  ) {
    super(message);
  }
}

/** An error that belongs in a result slot (the stream stays usable). */
export class StatementError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

function object(value: unknown, what: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ProtocolError(`${what} must be an object`);
  }
  return value as Json;
}

function array(value: unknown, what: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ProtocolError(`${what} must be an array`);
  return value;
}

function optString(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new ProtocolError(`${what} must be a string`);
  return value;
}

function optInt(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || (value as number) < 0)
    throw new ProtocolError(`${what} must be a non-negative integer`);
  return value as number;
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

export function decodeValue(raw: unknown): SqlValue {
  const v = object(raw, "value");
  switch (v.type) {
    case "null":
      return null;
    case "integer": {
      const text = typeof v.value === "number" && Number.isSafeInteger(v.value) ? String(v.value) : v.value;
      if (typeof text !== "string" || !/^-?\d{1,20}$/.test(text))
        throw new ProtocolError("integer value must be a decimal string");
      const n = BigInt(text);
      if (n < I64_MIN || n > I64_MAX) throw new ProtocolError("integer value out of the 64-bit range");
      return n;
    }
    case "float":
      if (typeof v.value !== "number") throw new ProtocolError("float value must be a number");
      return v.value;
    case "text":
      if (typeof v.value !== "string") throw new ProtocolError("text value must be a string");
      return v.value;
    case "blob":
      if (typeof v.base64 !== "string") throw new ProtocolError("blob value must carry base64");
      return Buffer.from(v.base64, "base64");
    default:
      throw new ProtocolError(`unknown value type ${JSON.stringify(v.type)}`);
  }
}

/** With safeIntegers on, SQLite INTEGERs arrive as bigint, so a JS number is always a REAL. */
export function encodeValue(v: unknown): WireValue {
  if (v === null || v === undefined) return { type: "null" };
  if (typeof v === "bigint") return { type: "integer", value: v.toString() };
  if (typeof v === "number") return { type: "float", value: v };
  if (typeof v === "string") return { type: "text", value: v };
  if (v instanceof Uint8Array) {
    return { type: "blob", base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") };
  }
  throw new StatementError(`cannot encode a value of type ${typeof v}`, "INTERNAL");
}

function parseSqlRef(r: Json, what: string): { sql?: string; sqlId?: number } {
  const sql = optString(r.sql, `${what}.sql`);
  const sqlId = optInt(r.sql_id, `${what}.sql_id`);
  if ((sql === undefined) === (sqlId === undefined))
    throw new ProtocolError(`${what} needs exactly one of sql and sql_id`);
  return { sql, sqlId };
}

export function parseStmt(raw: unknown): Stmt {
  const s = object(raw, "stmt");
  const namedArgs = array(s.named_args, "stmt.named_args").map((a) => {
    const arg = object(a, "named arg");
    const name = optString(arg.name, "named arg name");
    if (!name) throw new ProtocolError("named arg needs a name");
    return { name, value: decodeValue(arg.value) };
  });
  if (s.want_rows !== undefined && s.want_rows !== null && typeof s.want_rows !== "boolean") {
    throw new ProtocolError("stmt.want_rows must be a boolean");
  }
  return {
    ...parseSqlRef(s, "stmt"),
    args: array(s.args, "stmt.args").map(decodeValue),
    namedArgs,
    wantRows: s.want_rows !== false,
  };
}

function parseCond(raw: unknown, stepIndex: number): BatchCond {
  const c = object(raw, "condition");
  if (c.type === "ok" || c.type === "error") {
    const step = optInt(c.step, "condition.step");
    if (step === undefined || step >= stepIndex) throw new ProtocolError("condition must refer to an earlier step");
    return { type: c.type, step };
  }
  if (c.type === "not") return { type: "not", cond: parseCond(c.cond, stepIndex) };
  if (c.type === "and" || c.type === "or") {
    return { type: c.type, conds: array(c.conds, "condition.conds").map((x) => parseCond(x, stepIndex)) };
  }
  if (c.type === "is_autocommit") return { type: "is_autocommit" };
  throw new ProtocolError(`unknown condition type ${JSON.stringify(c.type)}`);
}

export function parseBatch(raw: unknown): BatchStep[] {
  const b = object(raw, "batch");
  return array(b.steps, "batch.steps").map((s, i) => {
    const step = object(s, "batch step");
    const condition = step.condition == null ? undefined : parseCond(step.condition, i);
    return { condition, stmt: parseStmt(step.stmt) };
  });
}

export function parseRequest(raw: unknown): StreamRequest {
  const r = object(raw, "request");
  switch (r.type) {
    case "close":
    case "get_autocommit":
      return { type: r.type };
    case "execute":
      return { type: "execute", stmt: parseStmt(r.stmt) };
    case "batch":
      return { type: "batch", steps: parseBatch(r.batch) };
    case "sequence":
    case "describe":
      return { type: r.type, ...parseSqlRef(r, r.type) };
    case "store_sql": {
      const sqlId = optInt(r.sql_id, "store_sql.sql_id");
      const sql = optString(r.sql, "store_sql.sql");
      if (sqlId === undefined || sql === undefined) throw new ProtocolError("store_sql needs sql_id and sql");
      return { type: "store_sql", sqlId, sql };
    }
    case "close_sql": {
      const sqlId = optInt(r.sql_id, "close_sql.sql_id");
      if (sqlId === undefined) throw new ProtocolError("close_sql needs sql_id");
      return { type: "close_sql", sqlId };
    }
    default:
      throw new ProtocolError(`unknown request type ${JSON.stringify(r.type)}`);
  }
}

export function parsePipelineBody(raw: unknown): { baton: string | null; requests: StreamRequest[] } {
  const body = object(raw, "pipeline body");
  const baton = optString(body.baton, "baton") ?? null;
  if (!Array.isArray(body.requests)) throw new ProtocolError("requests must be an array");
  return { baton, requests: body.requests.map(parseRequest) };
}

export function parseCursorBody(raw: unknown): { baton: string | null; steps: BatchStep[] } {
  const body = object(raw, "cursor body");
  return { baton: optString(body.baton, "baton") ?? null, steps: parseBatch(body.batch) };
}

/** SQLite errors keep their message; the code is the primary result code, as sqld reports it. */
export function toWireError(e: unknown): WireError {
  if (e instanceof StatementError) return { message: e.message, code: e.code };
  const err = e as { message?: unknown; code?: unknown };
  const message = typeof err?.message === "string" ? err.message : String(e);
  const code = typeof err?.code === "string" ? err.code : "";
  const primary = /^SQLITE_[A-Z]+/.exec(code)?.[0];
  if (primary) return { message: `SQLite error: ${message}`, code: primary };
  return { message, code: "SQLITE_ERROR" };
}
