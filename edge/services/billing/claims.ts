// Once-only money effects (a refund, a plan change, a second plan's refund) are claimed before the
// provider is asked: a conditional UPDATE that only one request wins stamps a `*_claimed_at` /
// `*_started_at` column, and the stamp is cleared when the effect is recorded or has failed. A
// request that crashed between the two leaves its stamp behind: after CLAIM_STALE_MS another request
// may take the claim over (the provider's idempotency keys make the retried call harmless).
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** Longer than any provider call (the SDK's timeout and retries), short enough to retry soon after a crash. */
export const CLAIM_STALE_MS = 2 * 60_000;

/** The claim's stamp: the instant it was taken. */
export const claimStamp = (nowMs: number) => new Date(nowMs).toISOString();

/** `column` is free to claim at `nowMs`: never claimed, released, or claimed by a request that crashed. */
export const claimable = (column: SQLiteColumn, nowMs: number): SQL =>
  sql`(${column} IS NULL OR ${column} < ${claimStamp(nowMs - CLAIM_STALE_MS)})`;
