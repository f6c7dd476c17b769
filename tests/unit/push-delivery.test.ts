// sendPushNotice on a real (temporary) libSQL file, against the local push double in this process:
// simulated without VAPID keys (reported as sent, kept in the outbox), sent once per idempotency key
// with the right payload and a valid VAPID JWT, refused endpoints never contacted, and a 404/410
// answer removing the stored subscription (only if it is still that endpoint's).
import type { Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { sendPushNotice } from "../../edge/delivery/push";
import type { Env } from "../../edge/env";
import { generateVapidKeys, PushDouble, pushDoubleVars } from "../push-double";
import { createTempDb, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
let client: Client;
let db: Db;
let double: PushDouble;
let env: Env;
const USER = "user-push-1";

beforeAll(async () => {
  temp = await createTempDb("push");
  ({ client, db } = temp);
  await client.execute({
    sql: "INSERT INTO user (id, name, email, created_at, updated_at) VALUES (?, 'Léa', 'lea.push@exemple.fr', 0, 0)",
    args: [USER],
  });
  const vapid = generateVapidKeys();
  double = new PushDouble(vapid.publicKey);
  env = pushDoubleVars(await double.start(), vapid) as Env;
});
afterAll(async () => {
  await double.stop();
  await temp.cleanup();
});

async function storeToken(subscription: object | null) {
  const token = subscription ? JSON.stringify(subscription) : null;
  await client.execute({
    sql: `INSERT INTO communication_preferences (user_id, push_token, push_token_updated_at) VALUES (?, ?, '2026-01-01')
          ON CONFLICT (user_id) DO UPDATE SET push_token = excluded.push_token`,
    args: [USER, token],
  });
}
const storedToken = async () =>
  (await client.execute({ sql: "SELECT push_token FROM communication_preferences WHERE user_id = ?", args: [USER] }))
    .rows[0]?.push_token ?? null;
const outboxRow = async (key: string) =>
  (await client.execute({ sql: "SELECT * FROM outbox WHERE idempotency_key = ?", args: [key] })).rows[0];

const notice = (subscription: object, key: string, extra: Partial<Parameters<typeof sendPushNotice>[2]> = {}) => ({
  userId: USER,
  subscription: JSON.stringify(subscription),
  title: "Réservation confirmée",
  body: "Garde du 3 mars de 18:00 à 21:00",
  url: "/bookings/abc",
  template: "bookingConfirmation",
  idempotencyKey: key,
  ...extra,
});

describe("sendPushNotice", () => {
  it("without VAPID keys: simulated, reported as sent, kept in the outbox with the service's origin only", async () => {
    const subscription = double.subscribe();
    const before = double.requests.length;
    expect(await sendPushNotice({} as Env, db, notice(subscription, "sim:1:push"))).toEqual({ ok: true });
    expect(double.requests.length).toBe(before);
    expect(await outboxRow("sim:1:push")).toMatchObject({
      channel: "push",
      status: "simulated",
      recipient: new URL(subscription.endpoint).origin,
      subject: "Réservation confirmée",
    });
  });

  it("pushes once per event: encrypted for the browser, signed for its push service", async () => {
    const subscription = double.subscribe();
    const id = subscription.endpoint.split("/").at(-1);
    const input = notice(subscription, "booking:1:push", { urgency: "high" });
    expect(await sendPushNotice(env, db, input)).toEqual({ ok: true });
    expect(await sendPushNotice(env, db, input)).toEqual({ ok: true }); // the same event again
    const received = double.requests.filter((r) => r.id === id);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      status: 201,
      error: null,
      payload: { title: "Réservation confirmée", body: "Garde du 3 mars de 18:00 à 21:00", url: "/bookings/abc" },
      claims: { aud: double.url, sub: "mailto:tests@veilleuse.test" },
      headers: { "content-encoding": "aes128gcm", ttl: "86400", urgency: "high" },
    });
    const row = await outboxRow("booking:1:push");
    expect(row).toMatchObject({ status: "sent", recipient: double.url });
    expect(String(row!.provider_id)).toMatch(/^\d+$/);
    expect(JSON.stringify(row)).not.toContain(id);
  });

  it("sends only app paths as the url to open", async () => {
    const subscription = double.subscribe();
    const id = subscription.endpoint.split("/").at(-1);
    await sendPushNotice(env, db, notice(subscription, "url:1:push", { url: "https://evil.example/x" }));
    await sendPushNotice(env, db, notice(subscription, "url:2:push", { url: "//evil.example/x" }));
    const urls = double.requests.filter((r) => r.id === id).map((r) => (r.payload as { url: string }).url);
    expect(urls).toEqual(["/", "/"]);
  });

  it("never posts to an endpoint outside the push services", async () => {
    const subscription = { ...double.subscribe(), endpoint: "http://127.0.0.1:1/push/x" };
    expect(await sendPushNotice(env, db, notice(subscription, "ssrf:1:push"))).toEqual({ ok: false });
    expect(await outboxRow("ssrf:1:push")).toMatchObject({ status: "failed", recipient: "http://127.0.0.1:1" });
  });

  it("a 410 Gone removes the stored subscription and reports failure", async () => {
    const subscription = double.subscribe();
    await storeToken(subscription);
    const id = subscription.endpoint.split("/").at(-1)!;
    await fetch(`${double.url}/__control/gone/${id}`, { method: "POST" });
    expect(await sendPushNotice(env, db, notice(subscription, "gone:1:push"))).toEqual({ ok: false });
    expect(await storedToken()).toBeNull();
    expect(await outboxRow("gone:1:push")).toMatchObject({ status: "failed" });
  });

  it("a 410 for an older endpoint leaves the newer stored subscription alone", async () => {
    const old = double.subscribe();
    const current = double.subscribe();
    await storeToken(current);
    await fetch(`${double.url}/__control/gone/${old.endpoint.split("/").at(-1)}`, { method: "POST" });
    expect(await sendPushNotice(env, db, notice(old, "gone:2:push"))).toEqual({ ok: false });
    expect(JSON.parse(String(await storedToken())).endpoint).toBe(current.endpoint);
  });

  it("an unreadable stored subscription sends nothing", async () => {
    expect(await sendPushNotice(env, db, { ...notice({}, "bad:1:push"), subscription: "{" })).toEqual({ ok: false });
    expect(await outboxRow("bad:1:push")).toBeUndefined();
  });
});
