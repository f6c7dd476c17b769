// Seeds the demo world. Migrations are applied first (idempotent), then the world is written only
// if the database has no profile yet; --force wipes every row (and every stored photo) and seeds
// again. For a local `file:` database, the avatars go where `wrangler dev` keeps the photo bucket
// for that database (scripts/stack.ts), so the Worker serves them as it serves uploaded photos.
// CLI: tsx scripts/seed.ts [--url file:.data/veilleuse.db] [--force] [--seed 20260401]
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../db/schema/index";
import { clearDatabase, isDatabaseEmpty, seedDemoWorld, type SeedOptions, type SeedSummary } from "../db/seed/index";
import type { SeedPhoto } from "../db/seed/avatars";
import { openClient, parseArgs, runMigrations, targetFromArgs, type DbTarget } from "./migrate";

export type RunSeedResult = { seeded: false } | { seeded: true; summary: SeedSummary };

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Where `wrangler dev --persist-to` keeps a database's local state (its R2 photo bucket): beside it. */
export const wranglerStateDirOf = (dbFile: string) => `${resolve(dbFile)}.wrangler-state`;

/** The database file of a local `file:` URL; null for a server (no local bucket to fill). */
export function localDbFile(url: string): string | null {
  if (!url.startsWith("file:")) return null;
  const path = url.slice("file:".length).split("?")[0];
  return path && path !== ":memory:" ? path : null;
}

/**
 * The local twin of the PHOTOS bucket, as `wrangler dev --persist-to <state dir>` reads it: the
 * binding's bucket from wrangler.toml, persisted under <state dir>/v3 (wrangler's layout). Written
 * the way `wrangler r2 object put --local` writes: a throwaway Miniflare Worker bound to the bucket,
 * here sent every photo in one request so that the writes happen inside workerd, not one round
 * trip each.
 */
export type LocalPhotoBucket = {
  putAll(photos: readonly SeedPhoto[]): Promise<void>;
  /** Deletes every object: after --force no profile names them any more. */
  clear(): Promise<void>;
  /** The stored object's type and bytes, or null (for tests). */
  get(key: string, bucket?: "PHOTOS" | "DOCUMENTS"): Promise<{ contentType: string | null; body: string } | null>;
  close(): Promise<void>;
};

const BUCKET_WORKER = `
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const { pathname } = url;
    if (pathname === "/put") {
      const photos = await request.json();
      await Promise.all(photos.map((p) => env[p.bucket ?? "PHOTOS"].put(p.key, p.body, { httpMetadata: { contentType: p.contentType } })));
      return new Response(null, { status: 204 });
    }
    if (pathname === "/clear") {
      for (const bucket of [env.PHOTOS, env.DOCUMENTS]) {
        for (;;) {
          const { objects } = await bucket.list({ limit: 1000 });
          if (objects.length === 0) break;
          await bucket.delete(objects.map((o) => o.key));
        }
      }
      return new Response(null, { status: 204 });
    }
    const bucket = url.searchParams.get("bucket") === "DOCUMENTS" ? env.DOCUMENTS : env.PHOTOS;
    const object = await bucket.get(decodeURIComponent(pathname.slice("/get/".length)));
    if (!object) return new Response(null, { status: 404 });
    return new Response(object.body, { headers: { "content-type": object.httpMetadata?.contentType ?? "" } });
  },
};`;

export async function openLocalPhotoBucket(dbFile: string): Promise<LocalPhotoBucket> {
  const [{ unstable_readConfig }, { Miniflare, convertV4MiniflareOptions }] = await Promise.all([
    import("wrangler"),
    import("miniflare"),
  ]);
  const config = unstable_readConfig({ config: join(ROOT, "wrangler.toml") });
  const bucketName = (name: string) => {
    const binding = config.r2_buckets.find((b: { binding: string }) => b.binding === name);
    if (!binding?.bucket_name) throw new Error(`wrangler.toml has no ${name} bucket`);
    return binding.bucket_name;
  };
  // Miniflare 5 (wrangler's engine since 4.16x) takes per-worker configs; the converter keeps the
  // options in the form its README documents; the resources persist under <state dir>/v3, as wrangler dev keeps them.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: BUCKET_WORKER,
      compatibilityDate: config.compatibility_date,
      r2Buckets: { PHOTOS: bucketName("PHOTOS"), DOCUMENTS: bucketName("DOCUMENTS") },
      resourcePersistencePath: join(wranglerStateDirOf(dbFile), "v3"),
    }),
  );
  const call = async (path: string, body?: string) => {
    const response = await mf.dispatchFetch(`http://bucket${path}`, { method: body ? "POST" : "GET", body });
    if (response.status >= 500) throw new Error(`photo bucket ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  return {
    async putAll(photos) {
      await call("/put", JSON.stringify(photos));
    },
    async clear() {
      await call("/clear", "{}");
    },
    async get(key, bucket = "PHOTOS") {
      const response = await call(`/get/${encodeURIComponent(key)}?bucket=${bucket}`);
      if (response.status === 404) return null;
      return { contentType: response.headers.get("content-type"), body: await response.text() };
    },
    close: () => mf.dispose(),
  };
}

export async function runSeed(target: DbTarget & { force?: boolean } & SeedOptions): Promise<RunSeedResult> {
  await runMigrations(target);
  const client = await openClient(target);
  let local: LocalPhotoBucket | null = null;
  try {
    const db = drizzle(client, { schema });
    const empty = await isDatabaseEmpty(db);
    if (!empty && !target.force) return { seeded: false };
    const dbFile = localDbFile(target.url);
    local = target.photos || !dbFile ? null : await openLocalPhotoBucket(dbFile);
    if (!empty) {
      await clearDatabase(db);
      await local?.clear();
    }
    const photos = target.photos ?? local ?? undefined;
    return { seeded: true, summary: await seedDemoWorld(db, { ...target, photos }) };
  } finally {
    await local?.close();
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
    `Demo world seeded in ${summary.durationMs} ms (seed ${summary.seed}): ${summary.babysitters} babysitters, ${summary.parents} parents, ${summary.cities} cities, ${summary.photos} avatars stored in ${summary.photosMs} ms.`,
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
