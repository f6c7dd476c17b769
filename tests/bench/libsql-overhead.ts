// What the local Hrana-over-HTTP hop costs: the point query the app runs most
// (`SELECT * FROM profiles WHERE id = ?`) through @libsql/client/web -> scripts/libsql-server.ts,
// versus the same query on the file (@libsql/client with file:, and the `libsql` package).
// Run: npx tsx tests/bench/libsql-overhead.ts [--db path] [--n 2000] [--in-process]
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createClient as createFileClient } from "@libsql/client";
import { createClient as createWebClient } from "@libsql/client/web";
import Database from "libsql";
import { startLibsqlServer } from "../../scripts/libsql-server";

const QUERY = "SELECT * FROM profiles WHERE id = ?";
const WARMUP = 200;

type Stats = { label: string; p50: number; p99: number; mean: number };

function stats(label: string, samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { label, p50: at(0.5), p99: at(0.99), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

/** Deterministic picks, so two runs query the same ids in the same order. */
function picker<T>(items: T[]): () => T {
  let s = 0x2545f491;
  return () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return items[s % items.length];
  };
}

async function measure(label: string, n: number, ids: unknown[], run: (id: unknown) => Promise<unknown> | unknown) {
  const next = picker(ids);
  for (let i = 0; i < WARMUP; i++) await run(next());
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const row = await run(next());
    samples.push(performance.now() - t0);
    if (!row) throw new Error(`${label}: an existing id returned no row`);
  }
  return stats(label, samples);
}

/** The real schema and demo world when the other modules are there; else a look-alike table. */
async function seedFresh(file: string): Promise<string> {
  try {
    const { runMigrations } = await import("../../scripts/migrate.ts");
    const seed = await import("../../db/seed/index.ts");
    const schema = await import("../../db/schema/index.ts");
    const { drizzle } = await import("drizzle-orm/libsql");
    await runMigrations({ url: `file:${file}` });
    const client = createFileClient({ url: `file:${file}` });
    try {
      await seed.seedDemoWorld(drizzle(client, { schema }));
    } finally {
      client.close();
    }
    return "fresh database: migrations + seedDemoWorld()";
  } catch (e) {
    rmSync(file, { force: true });
    const db = new Database(file);
    db.exec(`CREATE TABLE profiles (id TEXT PRIMARY KEY, user_type TEXT NOT NULL, first_name TEXT NOT NULL,
      last_name TEXT NOT NULL, email TEXT NOT NULL, city TEXT, bio TEXT, rating REAL NOT NULL DEFAULT 0,
      total_reviews INTEGER NOT NULL DEFAULT 0, latitude REAL, longitude REAL, created_at INTEGER NOT NULL)`);
    const insert = db.prepare("INSERT INTO profiles VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    db.exec("BEGIN");
    for (let i = 0; i < 5000; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
      insert.run([
        id,
        i % 3 ? "parent" : "babysitter",
        `Prénom${i}`,
        `Nom${i}`,
        `u${i}@example.fr`,
        "Paris",
        "Bio ".repeat(20),
        (i % 50) / 10,
        i % 40,
        48.85 + i / 1e5,
        2.35 + i / 1e5,
        Date.now(),
      ]);
    }
    db.exec("COMMIT");
    db.close();
    const why = e instanceof Error ? e.message.split("\n")[0] : String(e);
    return `FALLBACK profiles-like table, 5,000 rows (real migrations/seed unavailable: ${why})`;
  }
}

/**
 * The server runs in its own process, as under `npm start` (the Worker lives in workerd), so
 * client and server do not share one event loop. `--in-process` measures the other setup.
 */
async function serve(file: string, inProcess: boolean): Promise<{ url: string; close(): Promise<unknown> }> {
  if (inProcess) return startLibsqlServer({ file, port: 0 });
  const script = fileURLToPath(new URL("../../scripts/libsql-server.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script, "--file", file, "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((done, fail) => {
    child.once("exit", (code) => fail(new Error(`libsql-server exited with ${code}`)));
    child.stdout.once("data", (chunk: Buffer) => done(chunk.toString().trim()));
  });
  return { url, close: () => new Promise((done) => (child.once("exit", done), child.kill("SIGTERM"))) };
}

function parseArgs(argv: string[]) {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return { db: value("db"), n: Number(value("n") ?? 2000), inProcess: argv.includes("--in-process") };
}

export async function main(argv = process.argv.slice(2)): Promise<Stats[]> {
  const { db: source, n, inProcess } = parseArgs(argv);
  const dir = mkdtempSync(join(tmpdir(), "libsql-bench-"));
  const file = join(dir, "bench.db");
  let origin: string;
  if (source && existsSync(source)) {
    // VACUUM INTO gives a consistent copy even while the source has a live WAL.
    const src = new Database(resolve(source));
    src.prepare("VACUUM INTO ?").run([file]);
    src.close();
    origin = `copy of ${source}`;
  } else {
    origin = await seedFresh(file);
  }
  const direct = new Database(file);
  const ids = (direct.prepare("SELECT id FROM profiles").raw(true).all() as unknown[][]).map((r) => r[0]);
  if (ids.length === 0) throw new Error("profiles is empty: nothing to benchmark");

  const server = await serve(file, inProcess);
  const web = createWebClient({ url: server.url });
  const local = createFileClient({ url: `file:${file}` });
  const stmt = direct.prepare(QUERY);
  try {
    const results = [
      await measure(
        "@libsql/client/web -> HTTP -> libsql-server",
        n,
        ids,
        async (id) => (await web.execute({ sql: QUERY, args: [id as string] })).rows[0],
      ),
      await measure(
        "@libsql/client (file: URL)",
        n,
        ids,
        async (id) => (await local.execute({ sql: QUERY, args: [id as string] })).rows[0],
      ),
      await measure("libsql package, prepared statement", n, ids, (id) => stmt.get([id])),
    ];
    print(`${origin}; server ${inProcess ? "in this process" : "in a child process"}`, ids.length, n, results);
    return results;
  } finally {
    web.close();
    local.close();
    direct.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function print(origin: string, rows: number, n: number, results: Stats[]) {
  const ms = (x: number) => x.toFixed(3).padStart(8);
  console.log(`libSQL overhead bench: ${QUERY}`);
  console.log(`database: ${origin}; ${rows} profiles; ${n} queries after ${WARMUP} warm-up, one at a time`);
  console.log(`${"path".padEnd(46)}  p50 ms   p99 ms  mean ms`);
  for (const r of results) console.log(`${r.label.padEnd(46)}${ms(r.p50)} ${ms(r.p99)} ${ms(r.mean)}`);
  const [http, file, raw] = results;
  console.log(
    `HTTP overhead vs file: client +${(http.p50 - file.p50).toFixed(3)} ms p50, +${(http.mean - file.mean).toFixed(3)} ms mean ` +
      `(x${(http.mean / file.mean).toFixed(1)}); vs raw libsql +${(http.mean - raw.mean).toFixed(3)} ms mean`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
