// The API's response times as the Worker measures them (middleware/api-timings.ts): each answer's
// time goes into an in-memory histogram of its isolate, flushed to api_timings (db/schema/api-timings.ts)
// at most every FLUSH_EVERY_MS and by the cron, so a request costs no write of its own. A p95 over a
// period is read from the summed buckets (an upper bound, within 19 % of the true value). The cron
// compares the last complete hour's p95 with the performance settings' responseTimeTarget and
// writes one audit warning per hour past it.
import { sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { apiTimings } from "@db/schema/api-timings";
import { auditInsertWhenChanged, NO_ORIGIN, SYSTEM_ACTOR } from "../audit/audit";
import { loadAiSettings } from "../settings/ai-settings";

/** Buckets per doubling of the time: bucket b ends at 2^(b/4) ms. */
const BUCKETS_PER_DOUBLING = 4;
const FLUSH_EVERY_MS = 10_000;
/** Fewer answers than this in an hour make no percentile worth a warning. */
export const ALERT_MIN_SAMPLES = 20;
const HOUR_MS = 3_600_000;

/** "2026-11-27T14": the UTC hour of a time. */
export const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

export function timingBucket(ms: number): number {
  return ms <= 1 ? 0 : Math.ceil(Math.log2(ms) * BUCKETS_PER_DOUBLING);
}

/** The longest time a bucket holds, in whole milliseconds. */
export const bucketUpperMs = (bucket: number) => Math.round(2 ** (bucket / BUCKETS_PER_DOUBLING));

/** This isolate's measures not yet written: "hour|bucket" -> count. */
const pending = new Map<string, number>();
let lastFlushMs = Date.now();

export function noteTiming(durationMs: number, nowMs = Date.now()): void {
  const key = `${hourOf(nowMs)}|${timingBucket(durationMs)}`;
  pending.set(key, (pending.get(key) ?? 0) + 1);
}

/** Whether this isolate's measures are due to be written. */
export const flushDue = (nowMs = Date.now()) => pending.size > 0 && nowMs - lastFlushMs >= FLUSH_EVERY_MS;

/**
 * Writes this isolate's measures, adding them to the hour's counts. The pending map is taken at
 * once, so two flushes never write the same measure; a failed write loses its measures (logged).
 */
export async function flushTimings(db: Db, nowMs = Date.now()): Promise<void> {
  lastFlushMs = nowMs;
  if (pending.size === 0) return;
  const rows = [...pending].map(([key, count]) => {
    const [hour, bucket] = key.split("|");
    return { hour, bucket: Number(bucket), count };
  });
  pending.clear();
  await db
    .insert(apiTimings)
    .values(rows)
    .onConflictDoUpdate({
      target: [apiTimings.hour, apiTimings.bucket],
      set: { count: sql`${apiTimings.count} + excluded.count` },
    });
}

/** The 95th percentile of the answers of hours [fromHour, toHour), in ms; null when none. */
export async function apiP95Ms(db: Pick<Db, "all">, fromHour: string, toHour: string) {
  const rows = await db.all<{ bucket: number; count: number }>(sql`
    SELECT bucket, sum(count) AS count FROM ${apiTimings}
    WHERE hour >= ${fromHour} AND hour < ${toHour} GROUP BY bucket ORDER BY bucket`);
  return percentileOf(rows, 0.95);
}

export type P95 = { ms: number; samples: number } | null;

/** The upper bound of the bucket holding the given share of the answers. */
export function percentileOf(rows: { bucket: number; count: number }[], share: number): P95 {
  const samples = rows.reduce((sum, row) => sum + Number(row.count), 0);
  if (samples === 0) return null;
  let seen = 0;
  for (const row of rows) {
    seen += Number(row.count);
    if (seen >= share * samples) return { ms: bucketUpperMs(row.bucket), samples };
  }
  return { ms: bucketUpperMs(rows[rows.length - 1].bucket), samples };
}

/**
 * The cron's check of the last complete hour: past the target with enough answers, an audit
 * warning, claimed once per hour (api_timing_alerts' key), so two crons at once write one.
 * Returns whether this run wrote it.
 */
export async function checkResponseTimeTarget(db: Db, nowMs = Date.now()): Promise<boolean> {
  const hour = hourOf(nowMs - HOUR_MS);
  const [p95, { responseTimeTarget }] = await Promise.all([
    apiP95Ms(db, hour, hourOf(nowMs)),
    loadAiSettings(db, "performance"),
  ]);
  if (!p95 || p95.samples < ALERT_MIN_SAMPLES || p95.ms <= responseTimeTarget) return false;
  const [claim] = await db.batch([
    db.run(sql`INSERT INTO api_timing_alerts (hour, p95_ms, target_ms)
      VALUES (${hour}, ${p95.ms}, ${responseTimeTarget}) ON CONFLICT (hour) DO NOTHING`),
    auditInsertWhenChanged(db, SYSTEM_ACTOR, NO_ORIGIN, {
      action: "monitoring.response_time",
      resource: `api:${hour}`,
      status: "warning",
      metadata: { hour, p95_ms: p95.ms, target_ms: responseTimeTarget, samples: p95.samples },
    }),
  ]);
  return claim.rowsAffected === 1;
}
