// The admin console's AI settings (/api/admin/ai-config): admins only; every value is checked
// against its bounds (a 400 in the admin's language, nothing saved); a save has its effect on the
// very next search and is audited with the values before and after; the test ranks a sample search
// with unsaved weights and saves nothing; restoring puts every default back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_CONFIG_DEFAULTS } from "../../db/constants/ai-config";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { DEMO_AI_SETTINGS } from "../../db/seed/build-operations";
import {
  burst,
  call,
  countRows,
  fromAddress,
  freshAddress,
  type Member,
  memberOf,
  newMember,
  queryRows,
} from "./helpers";

let admin: Member;
const configCall = (method: string, path: string, json?: unknown, cookie = admin.cookie) =>
  call(method, `/api/admin/ai-config${path}`, { cookie, json, headers: { "accept-language": "fr" } });
const matching = AI_CONFIG_DEFAULTS.matching;
/** Only the distance counts: the nearest sitters first. */
const nearestFirst = {
  ...matching,
  weightProfile: 0,
  weightLocation: 1,
  weightAvailability: 0,
  weightRating: 0,
  weightPrice: 0,
};
/** Only the price counts: the cheapest first. */
const cheapestFirst = {
  ...matching,
  weightProfile: 0,
  weightLocation: 0,
  weightAvailability: 0,
  weightRating: 0,
  weightPrice: 1,
};
const lyonTop = async () =>
  (
    await call("GET", "/api/search?location=Lyon&radius=20&sort=relevance", { headers: fromAddress(freshAddress()) })
  ).body.results
    .slice(0, 10)
    .map((card: { id: string }) => card.id);

beforeAll(async () => {
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
});
// The demo world's settings come back for the files after this one (defaults, but the background check).
afterAll(async () => {
  await configCall("POST", "/restore-defaults");
  await configCall("PUT", "/security", DEMO_AI_SETTINGS.security);
});

describe("the AI settings", () => {
  it("refuse anonymous callers (401), parents and babysitters (403), and change nothing", async () => {
    const parent = await newMember("parent");
    const sitter = await newMember("babysitter");
    const before = await queryRows('SELECT "group", value FROM ai_config ORDER BY "group"', []);
    for (const [method, path, body] of [
      ["GET", "", undefined],
      ["PUT", "/matching", nearestFirst],
      ["POST", "/restore-defaults", undefined],
      ["POST", "/test", { matching: nearestFirst, search: { location: "Lyon" } }],
    ] as const) {
      expect((await call(method, `/api/admin/ai-config${path}`, { json: body })).status).toBe(401);
      for (const member of [parent, sitter])
        expect((await call(method, `/api/admin/ai-config${path}`, { json: body, cookie: member.cookie })).status).toBe(
          403,
        );
    }
    expect(await queryRows('SELECT "group", value FROM ai_config ORDER BY "group"', [])).toEqual(before);
  });

  it("refuse a value out of its bounds, a missing or unknown one, with a 400 in French, saving nothing", async () => {
    const before = (await configCall("GET", "")).body.matching.values;
    const far = await configCall("PUT", "/matching", { ...matching, maxDistance: 80 });
    expect(far.status).toBe(400);
    expect(far.body.error).toMatchObject({
      field: "maxDistance",
      message: "La valeur doit être comprise entre 1 et 50",
    });
    expect((await configCall("PUT", "/matching", { ...matching, weightPrice: "0.5" })).status).toBe(400);
    const { weightPrice: _dropped, ...missing } = matching;
    expect((await configCall("PUT", "/matching", missing)).status).toBe(400);
    expect((await configCall("PUT", "/matching", { ...matching, weightMagic: 1 })).body.error.code).toBe(
      "UNKNOWN_FIELD",
    );
    expect((await configCall("PUT", "/pirates", matching)).status).toBe(400);
    expect(
      (await configCall("PUT", "/performance", { ...AI_CONFIG_DEFAULTS.performance, cacheTimeout: 5 })).status,
    ).toBe(400);
    expect((await configCall("GET", "")).body.matching.values).toEqual(before);
  });

  it("a saved weight changes the very next search's order, audited with before and after", async () => {
    await configCall("PUT", "/matching", cheapestFirst);
    const byPrice = await lyonTop();
    const saved = await configCall("PUT", "/matching", nearestFirst);
    expect(saved.status).toBe(200);
    expect(saved.body.matching).toMatchObject({ values: nearestFirst, updated_by: "Claire Administratrice" });
    const byDistance = await lyonTop();
    expect(byDistance).not.toEqual(byPrice);

    const [entry] = await queryRows(
      "SELECT metadata, user_name FROM audit_events WHERE action = 'admin.settings.change' ORDER BY created_at DESC, rowid DESC LIMIT 1",
      [],
    );
    expect(entry.user_name).toBe("Claire Administratrice");
    expect(JSON.parse(String(entry.metadata))).toEqual({
      group: "matching",
      before: cheapestFirst,
      after: nearestFirst,
    });
  });

  it("the test ranks a sample search both ways and saves nothing", async () => {
    await configCall("PUT", "/matching", nearestFirst);
    const audits = await countRows("SELECT count(*) FROM audit_events WHERE action LIKE 'admin.settings.%'", []);
    const tested = await configCall("POST", "/test", {
      matching: cheapestFirst,
      search: { location: "Lyon", radius: 20 },
    });
    expect(tested.status).toBe(200);
    expect(tested.body.proposed.length).toBeGreaterThan(1);
    expect(tested.body.proposed.length).toBeLessThanOrEqual(10);
    // Price alone ranks the cheaper sitters first (a paid plan's lift still moves a few): on average
    // the tested top 10 costs less than the top 10 in force, which ranks by distance.
    const averageRate = (cards: { hourly_rate_cents: number }[]) =>
      cards.reduce((sum, card) => sum + card.hourly_rate_cents, 0) / cards.length;
    expect(averageRate(tested.body.proposed)).toBeLessThan(averageRate(tested.body.current));
    expect(tested.body.proposed[0].match_parts).toHaveProperty("price");
    expect(tested.body.current.map((card: { id: string }) => card.id)).not.toEqual(
      tested.body.proposed.map((card: { id: string }) => card.id),
    );
    expect((await configCall("GET", "")).body.matching.values).toEqual(nearestFirst);
    expect(await countRows("SELECT count(*) FROM audit_events WHERE action LIKE 'admin.settings.%'", [])).toBe(audits);
    expect(
      (
        await configCall("POST", "/test", {
          matching: { ...cheapestFirst, minRating: 9 },
          search: { location: "Lyon" },
        })
      ).status,
    ).toBe(400);
  });

  it("20 saves at the same instant all land as whole groups, one after another", async () => {
    const { tally } = await burst(20, (index) =>
      configCall("PUT", "/matching", { ...nearestFirst, maxDistance: 10 + index }),
    );
    expect(tally).toEqual({ 200: 20 });
    const values = (await configCall("GET", "")).body.matching.values;
    expect(values).toEqual({ ...nearestFirst, maxDistance: values.maxDistance });
    expect(values.maxDistance).toBeGreaterThanOrEqual(10);
    expect(values.maxDistance).toBeLessThan(30);
  });

  it("restoring the defaults puts every group back, audited", async () => {
    const restored = await configCall("POST", "/restore-defaults");
    expect(restored.status).toBe(200);
    for (const group of ["matching", "security", "recommendations", "performance"] as const)
      expect(restored.body[group].values).toEqual(AI_CONFIG_DEFAULTS[group]);
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'admin.settings.restore'", []),
    ).toBeGreaterThan(0);
  });
});
