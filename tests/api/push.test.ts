// Web push through the real Worker: the VAPID key, storing / replacing / clearing the caller's
// subscription (validation, the push services allow-list, each account on its own row, a limit),
// and the preferences screen's test push reaching the local push service (tests/push-double.ts)
// encrypted and signed as a browser's push service expects; a 410 there removes the subscription.
import { describe, expect, it } from "vitest";
import { REQUEST_LIMITS } from "../../db/constants/limits";
import type { PushRequest } from "../push-double";
import { call, execute, newMember, queryRows, type Member, ownStack } from "./helpers";

const pushDouble = () => ownStack().pushDouble;

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** A subscription the push double holds the keys of, as a browser's PushSubscription.toJSON(). */
async function browserSubscription(): Promise<Subscription> {
  const response = await fetch(`${pushDouble()}/__control/subscriptions`, { method: "POST" });
  return (await response.json()) as Subscription;
}
const pushesTo = async (endpoint: string): Promise<PushRequest[]> => {
  const all = (await (await fetch(`${pushDouble()}/__control/requests`)).json()) as PushRequest[];
  return all.filter((request) => request.id === endpoint.split("/").at(-1));
};

const put = (member: Member, json: unknown) => call("PUT", "/api/push/subscription", { cookie: member.cookie, json });
const stored = async (member: Member) => {
  const [row] = await queryRows(
    "SELECT c.push_token, c.push_token_updated_at, c.push_enabled FROM communication_preferences c JOIN profiles p ON p.user_id = c.user_id WHERE p.id = ?",
    [member.profileId],
  );
  return row
    ? { token: row.push_token as string | null, updatedAt: row.push_token_updated_at, enabled: row.push_enabled }
    : null;
};
const forget = (member: Member, endpoint: string) =>
  call("DELETE", `/api/push/subscription?endpoint=${encodeURIComponent(endpoint)}`, { cookie: member.cookie });
const testPush = (member: Member) => call("POST", "/api/preferences/test/push", { cookie: member.cookie });

describe("/api/push", () => {
  it("gives the VAPID public key to anyone (a 65-byte P-256 point)", async () => {
    const answer = await call("GET", "/api/push/vapid-public-key");
    expect(answer.status).toBe(200);
    expect(Buffer.from(answer.body.public_key, "base64url")).toHaveLength(65);
  });

  it("stores the subscription (creating the preferences row), and GET /api/preferences says so", async () => {
    const parent = await newMember("parent");
    expect(await stored(parent)).toBeNull();
    const subscription = await browserSubscription();
    const answer = await put(parent, { ...subscription, expirationTime: null });
    expect(answer.status).toBe(200);
    expect(answer.body.endpoint).toBe(subscription.endpoint);
    const row = await stored(parent);
    expect(JSON.parse(row!.token!)).toEqual(subscription);
    expect(row!.enabled).toBe(1);
    expect(Date.now() - Date.parse(String(row!.updatedAt))).toBeLessThan(60_000);
    const preferences = await call("GET", "/api/preferences", { cookie: parent.cookie });
    expect(preferences.body).toMatchObject({ push_subscribed: true, push_enabled: true });
    const state = await call("GET", "/api/push/subscription", { cookie: parent.cookie });
    expect(state.body).toEqual({ endpoint: subscription.endpoint, updated_at: row!.updatedAt });
  });

  it("replaces it with a newer one, and clears it (push_subscribed false again)", async () => {
    const sitter = await newMember("babysitter");
    await put(sitter, await browserSubscription());
    const newer = await browserSubscription();
    expect((await put(sitter, newer)).status).toBe(200);
    expect(JSON.parse((await stored(sitter))!.token!).endpoint).toBe(newer.endpoint);
    // Another device's endpoint (the account's slot is newer's): nothing is forgotten.
    const elsewhere = await forget(sitter, (await browserSubscription()).endpoint);
    expect([elsewhere.status, elsewhere.body]).toEqual([200, { ok: true }]);
    expect(JSON.parse((await stored(sitter))!.token!).endpoint).toBe(newer.endpoint);
    expect((await call("DELETE", "/api/push/subscription?endpoint=nope", { cookie: sitter.cookie })).status).toBe(400);
    const cleared = await forget(sitter, newer.endpoint);
    expect([cleared.status, cleared.body]).toEqual([200, { ok: true }]);
    expect((await stored(sitter))!.token).toBeNull();
    expect((await call("GET", "/api/preferences", { cookie: sitter.cookie })).body.push_subscribed).toBe(false);
    expect((await call("GET", "/api/push/subscription", { cookie: sitter.cookie })).body).toEqual({
      endpoint: null,
      updated_at: null,
    });
  });

  it("refuses malformed subscriptions and endpoints outside the push services, storing nothing", async () => {
    const parent = await newMember("parent");
    const valid = await browserSubscription();
    const cases: [unknown, string][] = [
      [{ ...valid, endpoint: "not a url" }, "Format invalide"],
      [{ ...valid, endpoint: "ftp://fcm.googleapis.com/x" }, "Format invalide"],
      [{ ...valid, keys: { ...valid.keys, p256dh: "AAAA" } }, "Format invalide"],
      [{ ...valid, keys: { ...valid.keys, auth: "" } }, "Format invalide"],
      [{ endpoint: valid.endpoint }, "Format invalide"],
      [
        { ...valid, endpoint: "https://evil.example/push/1" },
        "Ce service de notifications push n'est pas pris en charge",
      ],
      [
        { ...valid, endpoint: "http://169.254.169.254/latest/meta-data" },
        "Ce service de notifications push n'est pas pris en charge",
      ],
      [
        { ...valid, endpoint: "http://fcm.googleapis.com/fcm/send/x" },
        "Ce service de notifications push n'est pas pris en charge",
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await put(parent, body);
      expect([answer.status, answer.body.error?.message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect((await put(parent, "{")).status).toBe(400);
    expect(await stored(parent)).toBeNull();
    const english = await call("PUT", "/api/push/subscription", {
      cookie: parent.cookie,
      json: { ...valid, endpoint: "https://evil.example/push/1" },
      headers: { "accept-language": "en" },
    });
    expect(english.body.error.message).toBe("This push service is not supported");
  });

  it("needs a session", async () => {
    const subscription = await browserSubscription();
    for (const [method, path] of [
      ["GET", "/api/push/subscription"],
      ["PUT", "/api/push/subscription"],
      ["DELETE", `/api/push/subscription?endpoint=${encodeURIComponent(subscription.endpoint)}`],
    ] as const) {
      const answer = await call(method, path, { json: method === "PUT" ? subscription : undefined });
      expect([answer.status, answer.body.error.message]).toEqual([401, "Session expirée, veuillez vous reconnecter"]);
    }
  });

  it("keeps each account to its own: another user's calls never change or reach yours", async () => {
    const owner = await newMember("parent");
    const other = await newMember("parent");
    const mine = await browserSubscription();
    await put(owner, mine);
    const before = await stored(owner);
    // The other account clears and stores its own: the owner's row is untouched.
    expect((await forget(other, mine.endpoint)).status).toBe(200);
    await put(other, await browserSubscription());
    expect(await stored(owner)).toEqual(before);
    expect((await call("GET", "/api/push/subscription", { cookie: other.cookie })).body.endpoint).not.toBe(
      mine.endpoint,
    );
    // The other account's test push goes to its own browser, never to the owner's.
    expect((await testPush(other)).body).toEqual({ ok: true });
    expect(await pushesTo(mine.endpoint)).toHaveLength(0);
  });

  it("gives a browser's endpoint to the account that subscribed it last (a shared computer)", async () => {
    const first = await newMember("parent");
    const second = await newMember("babysitter");
    const shared = await browserSubscription();
    await put(first, shared);
    await put(second, shared);
    expect((await stored(first))!.token).toBeNull();
    expect(JSON.parse((await stored(second))!.token!).endpoint).toBe(shared.endpoint);
  });

  it("limits subscriptions stored per account with a 429", async () => {
    const parent = await newMember("parent");
    await execute("INSERT INTO login_throttle (key, failures, window_started_at) VALUES (?, ?, ?)", [
      `limit:pushSubscriptionPerUser:${parent.profileId.toLowerCase()}`,
      REQUEST_LIMITS.pushSubscriptionPerUser.maxAttempts - 1,
      Date.now(),
    ]);
    expect((await put(parent, await browserSubscription())).status).toBe(200);
    const refused = await put(parent, await browserSubscription());
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
  });
});

describe("the test push (POST /api/preferences/test/push)", () => {
  it("reaches the browser's push service encrypted, with a valid VAPID JWT and the right payload", async () => {
    const parent = await newMember("parent", { first_name: "Camille" });
    const subscription = await browserSubscription();
    await put(parent, subscription);
    const answer = await testPush(parent);
    expect([answer.status, answer.body]).toEqual([200, { ok: true }]);
    const [received] = await pushesTo(subscription.endpoint);
    expect(received).toMatchObject({
      status: 201,
      error: null,
      payload: {
        title: "Notification de test Veilleuse",
        body: "Bonjour Camille, vos notifications push fonctionnent sur cet appareil.",
        url: "/settings?tab=notifications",
      },
      claims: { aud: pushDouble(), sub: "mailto:tests@veilleuse.test" },
      headers: { "content-encoding": "aes128gcm", ttl: "86400" },
    });
    expect(received!.claims!.exp! * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    const [row] = await queryRows(
      "SELECT status, recipient, provider_id FROM outbox WHERE channel = 'push' AND recipient = ? ORDER BY rowid DESC LIMIT 1",
      [pushDouble()],
    );
    expect(row).toMatchObject({ status: "sent", recipient: pushDouble() });
  });

  it("a 410 from the push service removes the subscription: 'Échec', then 'Notifications push non configurées'", async () => {
    const parent = await newMember("parent");
    const subscription = await browserSubscription();
    await put(parent, subscription);
    await fetch(`${pushDouble()}/__control/gone/${subscription.endpoint.split("/").at(-1)}`, { method: "POST" });
    expect((await testPush(parent)).body).toEqual({ ok: false });
    expect((await stored(parent))!.token).toBeNull();
    expect((await call("GET", "/api/preferences", { cookie: parent.cookie })).body.push_subscribed).toBe(false);
    const again = await testPush(parent);
    expect([again.status, again.body.error.message]).toEqual([400, "Notifications push non configurées"]);
  });
});
