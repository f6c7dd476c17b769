// The seed entry point (imported by scripts/seed.ts and scripts/stack.ts): seeds the demo world into an
// empty database in one transaction (db.batch) of chunked inserts, then puts the avatars its
// profiles name into the photo bucket, when the caller gives one.
import { count } from "drizzle-orm";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import type { BatchItem } from "drizzle-orm/batch";
import { hashPassword } from "better-auth/crypto";
import * as schema from "../schema/index";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-accounts";
import { buildDemoWorld } from "./build-world";
import { INSERT_ORDER, type WorldRows } from "./world-rows";
import type { SeedPhoto } from "./avatars";

/** Where uploaded photos live (the Worker's PHOTOS bucket, or its local twin under wrangler dev). */
export type PhotoStore = { putAll(photos: readonly SeedPhoto[]): Promise<void> };

export type SeedDb = LibSQLDatabase<typeof schema>;

export type SeedOptions = {
  seed?: number;
  /** The world's "today" (bookings are placed around it). Default: the current time. */
  now?: Date;
  /** A precomputed hash of DEMO_PASSWORD, to skip the (slow) scrypt in repeated runs. */
  passwordHash?: string;
  /** The bucket the avatars go to; without one, profiles name avatars nobody stored. */
  photos?: PhotoStore;
};

export type SeedSummary = {
  seed: number;
  durationMs: number;
  counts: Record<keyof WorldRows, number>;
  babysitters: number;
  parents: number;
  cities: number;
  /** Avatars written to the photo store (0 without one), and how long that took (not in durationMs). */
  photos: number;
  photosMs: number;
  demoAccounts: { email: string; password: string; userType: string }[];
};

export const DEFAULT_SEED = 20260401;
/** Rows per INSERT: well under SQLite's bound-parameter limit for our widest table (~20 columns). */
const ROWS_PER_INSERT = 200;

export async function isDatabaseEmpty(db: SeedDb): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(schema.profiles);
  return (row?.n ?? 0) === 0;
}

function insertStatements(db: SeedDb, rows: WorldRows): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  for (const [key, table] of INSERT_ORDER) {
    const list = rows[key] as Record<string, unknown>[];
    for (let i = 0; i < list.length; i += ROWS_PER_INSERT) {
      // The row types are checked where they are built (WorldRows); this loop is table-generic.
      statements.push(db.insert(table).values(list.slice(i, i + ROWS_PER_INSERT) as never));
    }
  }
  return statements;
}

export async function seedDemoWorld(db: SeedDb, opts: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const seed = opts.seed ?? DEFAULT_SEED;
  const passwordHash = opts.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const { rows, photos } = buildDemoWorld({ seed, nowMs: (opts.now ?? new Date()).getTime(), passwordHash });
  const [first, ...rest] = insertStatements(db, rows);
  await db.batch([first, ...rest]);
  const durationMs = Math.round(performance.now() - started);
  const store = opts.photos;
  await store?.putAll(photos);
  const counts = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, v.length])) as SeedSummary["counts"];
  return {
    seed,
    durationMs,
    photosMs: Math.round(performance.now() - started) - durationMs,
    counts,
    babysitters: rows.profiles.filter((p) => p.userType === "babysitter").length,
    parents: rows.profiles.filter((p) => p.userType === "parent").length,
    cities: new Set(rows.profiles.map((p) => p.city)).size,
    photos: store ? photos.length : 0,
    demoAccounts: Object.values(DEMO_ACCOUNTS).map((a) => ({
      email: a.email,
      password: a.password,
      userType: a.userType,
    })),
  };
}

/** Deletes every row (for `seed --force`), children tables first. Deleting users cascades to profiles. */
export async function clearDatabase(db: SeedDb): Promise<void> {
  const tables = [...INSERT_ORDER.map(([, t]) => t)].reverse();
  const extra = [
    schema.session,
    schema.verification,
    schema.rateLimit,
    schema.loginThrottle,
    schema.outbox,
    schema.stripeEvents,
  ];
  const [first, ...rest] = [...extra, ...tables].map((t) => db.delete(t));
  await db.batch([first, ...rest]);
}
