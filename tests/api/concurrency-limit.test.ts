// The performance settings' maxConcurrentRequests (services/monitoring/concurrency.ts): past that many
// API requests in flight in the Worker, a request is refused at once with 503, Retry-After and a
// message in the caller's language; every request counted in is counted out (the next one passes),
// and with the default limit the same burst passes whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_CONFIG_BOUNDS, AI_CONFIG_DEFAULTS } from "../../db/constants/ai-config";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { burst, call, fromAddress, freshAddress, type Member, memberOf } from "./helpers";

let admin: Member;
const performance = AI_CONFIG_DEFAULTS.performance;
const lowest = AI_CONFIG_BOUNDS.performance.maxConcurrentRequests!.min;
const setLimit = (maxConcurrentRequests: number) =>
  call("PUT", "/api/admin/ai-config/performance", {
    cookie: admin.cookie,
    json: { ...performance, maxConcurrentRequests },
  });
/** The communes' suggestions, read from the database, from its own address (its per-address limit stays out of the way). */
const suggest = () =>
  call("GET", "/api/cities?q=Lyon", { headers: { ...fromAddress(freshAddress()), "accept-language": "fr" } });

beforeAll(async () => {
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
});
afterAll(async () => {
  await setLimit(performance.maxConcurrentRequests);
});

describe("maxConcurrentRequests", () => {
  it("refuses what passes the limit with 503 and Retry-After, counts every request out, and lets the burst pass at the default", async () => {
    expect((await setLimit(lowest)).status).toBe(200);
    const { answers, tally } = await burst(4 * lowest, suggest);
    expect(Object.keys(tally).sort()).toEqual(["200", "503"]);
    expect(tally[200]).toBeGreaterThanOrEqual(lowest);
    const refused = answers.find((answer) => answer.status === 503)!;
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.body.error).toEqual({
      code: "SERVER_BUSY",
      message: "Le service est très sollicité. Réessayez dans quelques secondes.",
    });
    // Nothing left counted in: a request alone passes.
    expect((await suggest()).status).toBe(200);

    expect((await setLimit(performance.maxConcurrentRequests)).status).toBe(200);
    const { tally: atDefault } = await burst(4 * lowest, suggest);
    expect(atDefault).toEqual({ 200: 4 * lowest });
  }, 90_000);
});
