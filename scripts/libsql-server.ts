// Local stand-in for sqld: serves a file-backed libSQL database over Hrana (v2/v3, JSON) so the
// Worker uses the very same `@libsql/client/web` calls locally as against Turso in production.
// Never the production path.  CLI: tsx scripts/libsql-server.ts --file .data/veilleuse.db --port 8080
import { mkdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, resolve } from "node:path";
import { timingSafeEqual } from "node:crypto";
import { pathToFileURL } from "node:url";
import { Connection } from "./libsql-server/connection";
import { ProtocolError, parseCursorBody, parsePipelineBody, toWireError } from "./libsql-server/protocol";
import { StreamRegistry, type Stream } from "./libsql-server/streams";

export type LibsqlServerOptions = {
  file: string;
  port?: number;
  host?: string;
  authToken?: string;
  /** Idle streams (and their open transactions) are dropped after this long. */
  streamIdleMs?: number;
};
export type LibsqlServer = { url: string; port: number; close(): Promise<void> };

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const DEFAULT_STREAM_IDLE_MS = 15_000;

function send(res: ServerResponse, status: number, body: unknown, type = "application/json"): void {
  // The client compares the content type verbatim ("application/json"), so no charset suffix.
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ProtocolError("Request body too large", "BODY_TOO_LARGE", 413);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new ProtocolError("Request body is not valid JSON", "INVALID_JSON");
  }
}

function authorized(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(req.headers.authorization ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startLibsqlServer(opts: LibsqlServerOptions): Promise<LibsqlServer> {
  const file = resolve(opts.file);
  mkdirSync(dirname(file), { recursive: true });
  (await Connection.open(file)).close(); // fail fast on a bad path, and switch the file to WAL once
  const streams = new StreamRegistry(file, opts.streamIdleMs ?? DEFAULT_STREAM_IDLE_MS);

  /** Runs `work` on the baton's stream (or a new one); any failure drops the stream. */
  async function onStream<T>(baton: string | null, work: (s: Stream) => Promise<T>) {
    const stream = baton === null ? await streams.create() : streams.take(baton);
    try {
      const result = await work(stream);
      return { result, baton: streams.park(stream) };
    } catch (e) {
      stream.close();
      throw e;
    }
  }

  async function pipeline(req: IncomingMessage, res: ServerResponse) {
    const body = parsePipelineBody(await readJson(req));
    const { result, baton } = await onStream(body.baton, async (stream) => {
      const results = [];
      for (const request of body.requests) results.push(await stream.handle(request));
      return results;
    });
    send(res, 200, { baton, base_url: null, results: result });
  }

  /** v3 cursor: the batch result replayed as newline-delimited entries. */
  async function cursor(req: IncomingMessage, res: ServerResponse) {
    const body = parseCursorBody(await readJson(req));
    const { result, baton } = await onStream(body.baton, (stream) => stream.batch(body.steps));
    const lines: unknown[] = [{ baton, base_url: null }];
    result.step_results.forEach((r, step) => {
      const error = result.step_errors[step];
      if (error) lines.push({ type: "step_error", step, error });
      if (!r) return;
      lines.push({ type: "step_begin", step, cols: r.cols });
      for (const row of r.rows) lines.push({ type: "row", row });
      lines.push({
        type: "step_end",
        affected_row_count: r.affected_row_count,
        last_insert_rowid: r.last_insert_rowid,
      });
    });
    send(res, 200, lines.map((l) => JSON.stringify(l)).join("\n") + "\n", "text/plain");
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://x").pathname.replace(/\/+$/, "") || "/";
    if (req.method === "GET") {
      // Version probes carry no token in @libsql/hrana-client, so they stay open. No protobuf:
      // a 404 on v3-protobuf makes the client fall back to JSON.
      if (["/", "/health", "/version", "/v2", "/v3"].includes(path)) return send(res, 200, "ok", "text/plain");
      return send(res, 404, { message: `Not found: ${path}`, code: "NOT_FOUND" });
    }
    if (req.method !== "POST") return send(res, 405, { message: "Method not allowed", code: "METHOD_NOT_ALLOWED" });
    if (!authorized(req, opts.authToken)) return send(res, 401, { message: "Unauthorized", code: "UNAUTHORIZED" });
    if (path === "/v2/pipeline" || path === "/v3/pipeline") return pipeline(req, res);
    if (path === "/v3/cursor") return cursor(req, res);
    return send(res, 404, { message: `Not found: ${path}`, code: "NOT_FOUND" });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((e: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (e instanceof ProtocolError) return send(res, e.status, { message: e.message, code: e.code });
      send(res, 500, { message: toWireError(e).message, code: "INTERNAL_ERROR" });
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => ok());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host && opts.host !== "0.0.0.0" ? opts.host : "127.0.0.1";
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((done) => {
        streams.closeAll();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

function cliArgs(argv: string[]): Record<string, string> {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith("--")) args[argv[i].slice(2)] = argv[i + 1]?.startsWith("--") ? "" : (argv[++i] ?? "");
  }
  return args;
}

async function main() {
  const args = cliArgs(process.argv.slice(2));
  const server = await startLibsqlServer({
    file: args.file || ".data/veilleuse.db",
    port: args.port ? Number(args.port) : 8080,
    host: args.host || undefined,
    authToken: args["auth-token"] || process.env.LIBSQL_AUTH_TOKEN || undefined,
  });
  console.log(server.url);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
