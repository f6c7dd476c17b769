// Babysitter search at 1,000 to 1,000,000 sitters: GET /api/search through the running Worker
// (wrangler dev + the local libSQL server, as `npm start` runs them) beside the same search SQL run
// straight on the file with the `libsql` package. Three queries: (a) a city, a radius and two
// filters, (b) a city and the default radius alone (what /search sends first), (c) free text.
// Goal: p95 under 50 ms at 1,000,000 sitters, cost growing far slower than their number.
// Run: npx tsx tests/bench/search.ts [--sizes 1000,10000,100000,1000000] [--n 200] [--keep DIR]   (prints figures,
// asserts nothing). --keep DIR keeps each generated database as DIR/<size>.db and reuses it on the next run
// (1,000,000 sitters take minutes to generate).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import Database from "libsql";
import { AI_CONFIG_DEFAULTS } from "../../db/constants/ai-config";
import { createRng, type Rng } from "../../db/seed/random";
import { AGE_GROUPS, LANGUAGES, SPECIALTIES, WEEKDAYS } from "../../db/schema/enums";
import { SEARCH_RADIUS_KM } from "../../db/constants/limits";
import { searchQuerySchema } from "../../db/validators/search";
import { type DensityCell, densitySql, scanRadiusKm } from "../../edge/services/search/density";
import { searchPlan } from "../../edge/services/search/search";
import { searchSql } from "../../edge/services/search/search-sql";
import { runMigrations } from "../../scripts/migrate";
import { startStack } from "../../scripts/stack";

const WARMUP = 20;
/** Communes sitters live in: the most populous ones, picked in proportion to their population. */
const COMMUNES = 1500;
const FIRST_NAMES = [
  "Léa",
  "Chloé",
  "Manon",
  "Camille",
  "Inès",
  "Emma",
  "Sarah",
  "Hélène",
  "Lucas",
  "Hugo",
  "Zoé",
  "Jade",
];
const LAST_NAMES = ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau"];
const BIOS = [
  "Étudiante en psychologie, je garde des enfants depuis trois ans.",
  "Auxiliaire de puériculture, patiente et souriante, à l'aise avec les nourrissons.",
  "Animateur BAFA, sorties au parc, jeux de société et aide aux devoirs.",
  "Maman de deux grands enfants, disponible en soirée et le week-end.",
];

type Query = { label: string; params: (i: number) => Record<string, string> };
const CITIES = ["Paris", "Lyon", "Marseille", "Toulouse", "Lille", "Bordeaux", "Nantes", "Strasbourg"];
const QUERIES: Query[] = [
  {
    label: "(a) city + 10 km + 2 filters",
    params: (i) => ({
      location: CITIES[i % CITIES.length],
      radius: "10",
      languages: "en",
      verifiedOnly: "true",
    }),
  },
  {
    label: "(b) city + 10 km, no filter",
    params: (i) => ({ location: CITIES[i % CITIES.length] }),
  },
  {
    label: "(c) free text (Paris, 10 km)",
    params: (i) => ({ q: ["lea", "helene dub", "puericulture", "moreau", "soiree"][i % 5] }),
  },
];

type Stats = { p50: number; p95: number; mean: number; total: number; radius: number };

function stats(samples: number[], totals: number[], radii: number[] = [0]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return { p50: at(0.5), p95: at(0.95), mean: mean(samples), total: mean(totals), radius: mean(radii) };
}

function randomHours(rng: Rng) {
  return Object.fromEntries(
    WEEKDAYS.filter(() => rng.chance(0.5)).map((d) => [
      d,
      [
        rng.pick([
          ["08:00", "12:00"],
          ["16:00", "20:00"],
          ["18:00", "23:00"],
        ] as const),
      ],
    ]),
  );
}

/** N sitters spread over the most populous communes, a few km around each centre, batched in one transaction. */
function generate(file: string, count: number): number {
  const started = performance.now();
  const db = new Database(file);
  const communes = db
    .prepare("SELECT name, latitude, longitude, population FROM cities ORDER BY population DESC LIMIT ?")
    .all([COMMUNES]) as { name: string; latitude: number; longitude: number; population: number }[];
  const cumulative: number[] = [];
  communes.reduce((sum, c, i) => (cumulative[i] = sum + c.population), 0);
  const totalPopulation = cumulative[cumulative.length - 1];
  const rng = createRng(20260401);
  const commune = () => {
    const target = rng.next() * totalPopulation;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return communes[lo];
  };
  const user = db.prepare(
    "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)",
  );
  const profile = db.prepare(
    `INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, city, bio, photo_url, is_verified,
       rating, total_reviews, profile_visibility, latitude, longitude)
     VALUES (?, ?, 'babysitter', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const sitter = db.prepare(
    `INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents, rate_chosen_at, experience_years, languages,
       specialties, age_groups, available_hours, emergency_available, has_references, subscription_plan)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  db.exec("BEGIN");
  for (let i = 0; i < count; i++) {
    const id = rng.uuid();
    const userId = rng.uuid();
    const c = commune();
    const km = Math.sqrt(rng.next()) * (c.population > 100_000 ? 8 : 3);
    const angle = rng.next() * 2 * Math.PI;
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const email = `bench.${i}@exemple.fr`;
    user.run([userId, `${first} ${last}`, email, now, now]);
    profile.run([
      id,
      userId,
      first,
      last,
      email,
      c.name,
      rng.pick(BIOS),
      rng.chance(0.6) ? `https://example.org/${i}.jpg` : null,
      rng.chance(0.6) ? 1 : 0,
      rng.chance(0.2) ? 0 : Math.round((3 + rng.next() * 2) * 10) / 10,
      rng.int(0, 40),
      rng.weighted([
        ["public", 90],
        ["members", 8],
        ["hidden", 2],
      ] as const),
      c.latitude + (km * Math.cos(angle)) / 111.2,
      c.longitude + (km * Math.sin(angle)) / (111.2 * Math.cos((c.latitude * Math.PI) / 180)),
    ]);
    sitter.run([
      id,
      rng.int(24, 50) * 50,
      // Listed sitters chose their rate (a sign-up default keeps a profile out of search).
      rng.chance(0.95) ? new Date(now).toISOString() : null,
      rng.int(0, 10),
      JSON.stringify(["fr", ...rng.pickSome(LANGUAGES.slice(1), 0, 2)]),
      JSON.stringify(rng.pickSome(SPECIALTIES, 1, 4)),
      JSON.stringify(rng.pickSome(AGE_GROUPS, 1, 3)),
      JSON.stringify(randomHours(rng)),
      rng.chance(0.3) ? 1 : 0,
      rng.chance(0.5) ? 1 : 0,
      rng.weighted([
        ["discovery", 70],
        ["standard", 20],
        ["premium", 10],
      ] as const),
    ]);
  }
  db.exec("COMMIT");
  db.exec("ANALYZE");
  db.close();
  return performance.now() - started;
}

/** Through the Worker: each request from its own address (the per-address limit is part of the cost, its refusal not). */
async function measureWorker(url: string, query: Query, n: number): Promise<Stats> {
  const samples: number[] = [];
  const totals: number[] = [];
  const radii: number[] = [];
  for (let i = -WARMUP; i < n; i++) {
    const address = `2001:db8:be:${(i + WARMUP).toString(16)}::1`;
    const t0 = performance.now();
    const response = await fetch(`${url}/api/search?${new URLSearchParams(query.params(i + WARMUP))}`, {
      headers: { "cf-connecting-ip": address },
    });
    const body = (await response.json()) as { total: number; narrowed: { radius: number } | null };
    const ms = performance.now() - t0;
    if (response.status !== 200) throw new Error(`${query.label}: ${response.status} ${JSON.stringify(body)}`);
    if (i >= 0) {
      samples.push(ms);
      totals.push(body.total);
      radii.push(body.narrowed?.radius ?? Number(query.params(i + WARMUP).radius ?? SEARCH_RADIUS_KM.default));
    }
  }
  return stats(samples, totals, radii);
}

/** The floor under any API figure on this machine: GET /api/health, one trivial database round trip. */
async function measureHealth(url: string, n: number): Promise<Stats> {
  const samples: number[] = [];
  for (let i = -WARMUP; i < n; i++) {
    const t0 = performance.now();
    await (await fetch(`${url}/api/health`)).text();
    if (i >= 0) samples.push(performance.now() - t0);
  }
  return stats(samples, [0]);
}

/** The search SQL alone, on the file (origin geocoded beforehand, as the Worker does in its own query). */
function measureDirect(file: string, query: Query, n: number): Stats {
  const db = new Database(file, { readonly: true });
  const dialect = new SQLiteSyncDialect();
  const origins = new Map<string, { latitude: number; longitude: number }>();
  const originOf = (location: string | undefined) => {
    if (!location) return { latitude: 48.8566, longitude: 2.3522 };
    if (!origins.has(location))
      origins.set(
        location,
        db
          .prepare("SELECT latitude, longitude FROM cities WHERE name = ? ORDER BY population DESC LIMIT 1")
          .get([location]) as { latitude: number; longitude: number },
      );
    return origins.get(location)!;
  };
  const samples: number[] = [];
  const totals: number[] = [];
  try {
    for (let i = -WARMUP; i < n; i++) {
      const params = query.params(i + WARMUP);
      const t0 = performance.now();
      const parsed = searchQuerySchema.parse(params);
      const origin = originOf(params.location);
      const density = dialect.sqlToQuery(densitySql(origin, parsed.radius));
      const cells = db.prepare(density.sql).all(density.params as unknown[]) as DensityCell[];
      const plan = searchPlan(
        parsed,
        { ...origin, source: "location", label: null },
        {
          signedIn: false,
          now: new Date(),
          config: { ...AI_CONFIG_DEFAULTS.matching },
          radiusKm: scanRadiusKm(cells, origin, parsed.radius),
        },
      );
      const { sql, params: args } = dialect.sqlToQuery(searchSql(plan));
      const rows = db.prepare(sql).all(args as unknown[]) as { total: number }[];
      const ms = performance.now() - t0;
      if (i >= 0) {
        samples.push(ms);
        totals.push(rows[0]?.total ?? 0);
      }
    }
  } finally {
    db.close();
  }
  return stats(samples, totals);
}

function parseArgs(argv: string[]) {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    sizes: (value("sizes") ?? "1000,10000,100000").split(",").map(Number),
    n: Number(value("n") ?? 200),
    keep: value("keep"),
  };
}

type Line = { size: number; query: string; worker: Stats; direct: Stats };
const floors: { size: number; health: Stats }[] = [];

export async function main(argv = process.argv.slice(2)): Promise<Line[]> {
  const { sizes, n, keep } = parseArgs(argv);
  const lines: Line[] = [];
  if (keep) mkdirSync(keep, { recursive: true });
  for (const size of sizes) {
    const dir = keep ?? mkdtempSync(join(tmpdir(), "veilleuse-search-bench-"));
    const file = join(dir, `${size}.db`);
    try {
      if (existsSync(file)) {
        console.log(`${size.toLocaleString("en")} sitters: reusing ${file}`);
        await runMigrations({ url: `file:${file}` }); // the migrations added since it was generated
      } else {
        await runMigrations({ url: `file:${file}` });
        const generatedMs = generate(file, size);
        console.log(`${size.toLocaleString("en")} sitters generated in ${(generatedMs / 1000).toFixed(1)} s`);
      }
      const direct = QUERIES.map((query) => measureDirect(file, query, n));
      const stack = await startStack({ dbFile: file, seed: false, build: "if-missing", quiet: true });
      try {
        floors.push({ size, health: await measureHealth(stack.url, n) });
        for (const [i, query] of QUERIES.entries())
          lines.push({ size, query: query.label, worker: await measureWorker(stack.url, query, n), direct: direct[i] });
      } finally {
        await stack.stop();
      }
    } finally {
      if (!keep) rmSync(dir, { recursive: true, force: true });
    }
  }
  print(lines, n);
  return lines;
}

function print(lines: Line[], n: number) {
  const ms = (x: number) => x.toFixed(1).padStart(7);
  console.log(`\nGET /api/search, ${n} requests per line after ${WARMUP} warm-up, one at a time (ms)`);
  console.log(
    `${"sitters".padStart(8)}  ${"query".padEnd(30)} ${"Worker p50".padStart(10)} ${"p95".padStart(7)}  ${"SQL p50".padStart(8)} ${"p95".padStart(7)}  ${"results".padStart(7)} ${"km".padStart(5)}`,
  );
  for (const l of lines)
    console.log(
      `${l.size.toLocaleString("en").padStart(8)}  ${l.query.padEnd(30)} ${ms(l.worker.p50).padStart(10)} ${ms(l.worker.p95)}  ${ms(l.direct.p50).padStart(8)} ${ms(l.direct.p95)}  ${l.worker.total.toFixed(0).padStart(7)} ${l.worker.radius.toFixed(1).padStart(5)}`,
    );
  for (const { size, health } of floors)
    console.log(
      `${size.toLocaleString("en").padStart(8)}  ${"GET /api/health (the floor)".padEnd(30)} ${ms(health.p50).padStart(10)} ${ms(health.p95)}`,
    );
  console.log(
    "Worker: the whole request (the per-address Rate Limiting binding, session-less, ai_config and geocoding reads, the search) through wrangler dev and the local libSQL server. " +
      "SQL: the search statement alone on the file with the libsql package. results: mean total found. km: mean radius searched (the chosen one, or less where sitters are dense).",
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
