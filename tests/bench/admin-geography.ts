// The console's Geography (edge/services/admin/geography.ts) at scale: the shared world of
// tests/bench/world.ts (100,000 sitters, 200,000 parents, 1,000,000 bookings), plus what Geography
// reads: everyone's address (postal code and city, a twentieth without any, a tenth with the city
// alone) spread over the 2,000 most populous communes with more people in the bigger ones, a paid
// monthly invoice per paid plan over the past year, a review for a fifth of the completed bookings,
// and a third of the search events naming a commune. Then each period's answer timed straight on the
// file (the SQL's cost, without the Worker's few milliseconds), and the CSV export of every row (read
// to its end). Goal: p95 under 150 ms per answer.
// The world's dates are drawn at random, not in row order as real rows come (a booking is written when
// it is requested): a period read through a date index costs a random page per row here, a pessimistic
// case for the long periods.
// Generating the world takes a few minutes on a loaded machine, so `npm run bench` does not run it:
// Run: npx tsx tests/bench/admin-geography.ts [--runs 7] [--keep FILE]   (prints figures, asserts nothing;
// --keep reuses FILE when it exists, after applying any new migration to it).
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/libsql";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema/index";
import { GEOGRAPHY_PERIODS } from "../../db/validators/admin-geography";
import { NO_ORIGIN } from "../../edge/services/audit/audit";
import { adminGeography, exportGeographyCsv } from "../../edge/services/admin/geography";
import type { AdminContext } from "../../edge/services/admin/users";
import { openClient, parseArgs, runMigrations } from "../../scripts/migrate";
import { printTimed } from "./timed";
import { ago, rand, runSteps, WORLD_STEPS } from "./world";

const args = parseArgs(process.argv.slice(2));
const RUNS = Number(args.runs ?? 7);
const file =
  typeof args.keep === "string" ? args.keep : join(mkdtempSync(join(tmpdir(), "veilleuse-geography-")), "bench.db");
const fresh = !existsSync(file);
const url = `file:${file}`;
await runMigrations({ url });
const client = await openClient({ url });
const db = drizzle(client, { schema }) as unknown as Db;

/** A rank among the 2,000 biggest communes, skewed towards the first (the product of two uniform draws). */
const rank = (key: string) => `1 + ((${key} * 7919) % 2000) * ((${key} * 104729) % 2000) / 2000`;

const GEOGRAPHY_STEPS: [string, string][] = [
  [
    "communes ranked",
    `CREATE TABLE bench_places AS SELECT row_number() OVER (ORDER BY c.population DESC, c.id) AS rank, c.id, c.name,
      (SELECT min(postal_code) FROM city_postal_codes cp WHERE cp.city_id = c.id) AS postal_code
    FROM cities c ORDER BY c.population DESC LIMIT 2000`,
  ],
  ["communes index", "CREATE UNIQUE INDEX bench_places_rank ON bench_places (rank)"],
  [
    "addresses (the trigger places everyone)",
    `UPDATE profiles SET
      postal_code = CASE WHEN rowid % 10 = 1 THEN NULL
        ELSE (SELECT postal_code FROM bench_places WHERE rank = ${rank("profiles.rowid")}) END,
      city = (SELECT name FROM bench_places WHERE rank = ${rank("profiles.rowid")})
    WHERE rowid % 20 <> 0`,
  ],
  [
    "invoices",
    `WITH RECURSIVE m(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM m WHERE k < 11)
    INSERT INTO invoices (id, profile_id, subscription_id, number, amount_paid_cents, status, paid_at, created_at)
    SELECT s.id || '-' || m.k, s.profile_id, s.id, 'BENCH-' || s.id || '-' || m.k, 1900, 'paid',
      ${ago(`m.k * 30 + ${rand(30_000)} / 1000.0`)}, ${ago(`m.k * 30 + 30`)}
    FROM subscriptions s, m`,
  ],
  [
    "reviews",
    `INSERT INTO reviews (id, booking_id, reviewer_id, reviewed_id, rating, comment, created_at)
    SELECT 'r' || b.rowid, b.id, b.parent_id, b.babysitter_id, 1 + ${rand(5)}, 'Très bien, ponctuelle et attentionnée.',
      strftime('%Y-%m-%dT%H:%M:%fZ', b.created_at, '+2 days')
    FROM bookings b WHERE b.status = 'completed' AND b.rowid % 5 = 0`,
  ],
  [
    "searches naming a commune",
    `UPDATE search_events SET city_id = (SELECT id FROM bench_places WHERE rank = ${rank("search_events.rowid")})
    WHERE rowid % 3 = 0`,
  ],
  ["analyze", "ANALYZE"],
];

if (fresh) {
  await runSteps(client, [...WORLD_STEPS, ...GEOGRAPHY_STEPS]);
  console.log(`world: ${file}`);
}

const time = (label: string, run: () => Promise<unknown>) => printTimed(label, 22, RUNS, run);

/** The export is audited under an admin: the world's first user stands in. */
const admin: AdminContext = { actor: { userId: "u1", name: "Bench" }, origin: NO_ORIGIN };
let csvRows = 0;
async function exportAll() {
  const { stream } = await exportGeographyCsv(
    db,
    admin,
    { period: "1y", metric: "subscribers", sort: "subscribers", dir: "desc", separator: "semicolon" },
    "fr",
  );
  const text = await new Response(stream).text();
  csvRows = text.split("\r\n").length - 2;
}

for (const period of GEOGRAPHY_PERIODS) {
  await time(`geography ${period}`, () =>
    adminGeography(db, { period, metric: "subscribers", sort: "subscribers", dir: "desc", page: 1, page_size: 25 }),
  );
}
await time("CSV export, 1y", exportAll);
console.log(`CSV rows: ${csvRows}`);
client.close();
