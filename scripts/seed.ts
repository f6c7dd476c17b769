// Seeds the demo world. Migrations are applied first (idempotent), then the world is written only
// if the database has no profile yet; --force wipes every row and seeds again.
// CLI: tsx scripts/seed.ts [--url file:.data/veilleuse.db] [--force] [--seed 20260401]
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../db/schema/index";
import { clearDatabase, isDatabaseEmpty, seedDemoWorld, type SeedOptions, type SeedSummary } from "../db/seed/index";
import { openClient, parseArgs, runMigrations, targetFromArgs, type DbTarget } from "./migrate";

export type RunSeedResult = { seeded: false } | { seeded: true; summary: SeedSummary };

export async function runSeed(target: DbTarget & { force?: boolean } & SeedOptions): Promise<RunSeedResult> {
  await runMigrations(target);
  const client = await openClient(target);
  try {
    const db = drizzle(client, { schema });
    if (!(await isDatabaseEmpty(db))) {
      if (!target.force) return { seeded: false };
      await clearDatabase(db);
    }
    return { seeded: true, summary: await seedDemoWorld(db, target) };
  } finally {
    client.close();
  }
}

export function formatSummary(summary: SeedSummary): string {
  const counts = Object.entries(summary.counts)
    .map(([table, n]) => `  ${table.padEnd(26)} ${n}`)
    .join("\n");
  const accounts = summary.demoAccounts
    .map((a) => `  ${a.userType.padEnd(11)} ${a.email}  /  ${a.password}`)
    .join("\n");
  return [
    `Demo world seeded in ${summary.durationMs} ms (seed ${summary.seed}): ${summary.babysitters} babysitters, ${summary.parents} parents, ${summary.cities} cities.`,
    counts,
    "Demo accounts:",
    accounts,
  ].join("\n");
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const args = parseArgs(process.argv.slice(2));
  const target = targetFromArgs(args);
  const seed = typeof args.seed === "string" ? Number(args.seed) : undefined;
  runSeed({ ...target, force: args.force === true, seed })
    .then((result) => {
      console.log(
        result.seeded
          ? formatSummary(result.summary)
          : `${target.url} already has data: nothing seeded (use --force to reseed).`,
      );
    })
    .catch((error: unknown) => {
      console.error("Seed failed:", error);
      process.exit(1);
    });
}
