// Per-address limits on public reads (search, city suggestions). A read writes nothing to the
// database, so neither does its guard: Cloudflare's Rate Limiting binding counts it in memory at the
// edge (a Durable Object under `wrangler dev`, exact there). In production the count is per edge
// location and eventually consistent: a brake on scraping, not an exact quota. Limits that protect
// accounts and money (sign-in, sign-up, resets, messages, bookings) stay exact, in the database
// (services/limits/rate-limit.ts).
import { READ_LIMITS } from "@db/constants/limits";
import type { Env } from "../../env";
import { rateLimited } from "./rate-limit";

export type ReadLimitName = keyof typeof READ_LIMITS;

/** Milliseconds until the binding's clock-aligned window of `periodSeconds` rolls over. */
export function untilWindowEnds(periodSeconds: number, now = Date.now()): number {
  const periodMs = periodSeconds * 1000;
  return periodMs - (now % periodMs);
}

/** Counts one read from `address` and throws the 429 (with the wait) once the window's maximum is spent. */
export async function guardRead(env: Env, name: ReadLimitName, address: string): Promise<void> {
  const { binding, periodSeconds } = READ_LIMITS[name];
  const { success } = await env[binding].limit({ key: address });
  if (!success) throw rateLimited(untilWindowEnds(periodSeconds));
}
