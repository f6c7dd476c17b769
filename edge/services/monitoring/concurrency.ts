// The performance settings' maxConcurrentRequests: how many API requests one Worker isolate answers
// at once. Past it, a request is refused at once with 503 and Retry-After (the client tries again a
// moment later) rather than queued behind the others, so a burst cannot slow every answer down.
// The count is the isolate's own (Workers share no memory): the platform spreads load over isolates,
// and each keeps its own share under the limit.
// The setting is read only when the count reaches the lowest limit an admin may set (below it no
// request can be refused), and then kept for SETTING_TTL_MS: a busy isolate does not add a database
// read to every request. A save in the console clears it in the isolate that saved it; the others
// follow within SETTING_TTL_MS.
import type { Db } from "@db/client";
import { AI_CONFIG_BOUNDS } from "@db/constants/ai-config";
import { loadAiSettings } from "../settings/ai-settings";

const SETTING_TTL_MS = 5_000;
const LOWEST_LIMIT = AI_CONFIG_BOUNDS.performance.maxConcurrentRequests?.min ?? 1;

let inFlight = 0;
let limit: { value: number; readAt: number } | null = null;

async function currentLimit(db: Db, nowMs: number): Promise<number> {
  if (!limit || nowMs - limit.readAt > SETTING_TTL_MS) {
    const { maxConcurrentRequests } = await loadAiSettings(db, "performance");
    limit = { value: maxConcurrentRequests, readAt: nowMs };
  }
  return limit.value;
}

/** Forgets the setting read, after a save: the next busy moment reads it again. */
export function forgetConcurrencyLimit(): void {
  limit = null;
}

/**
 * Counts the request in when the isolate is under its limit, and returns the function that counts
 * it out (to call once it is answered); null when the request must be refused.
 */
export async function admitRequest(db: Db, nowMs = Date.now()): Promise<(() => void) | null> {
  inFlight++; // counted before any await: requests arriving together all see each other
  if (inFlight > LOWEST_LIMIT && inFlight > (await currentLimit(db, nowMs))) {
    inFlight--;
    return null;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inFlight--;
  };
}

/** The requests this isolate is answering (for tests). */
export const requestsInFlight = () => inFlight;
