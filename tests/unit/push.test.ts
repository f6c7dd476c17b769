// The push transport's pure parts: the endpoint allow-list (the Worker only POSTs to push services),
// the RFC 8291 encryption and RFC 8292 VAPID signature (checked by the push double's decryption and
// verification, which use Node's crypto, independently of the WebCrypto code under test), and the
// web app's refresh decision (spec §9: refreshed after 7 days or when its endpoint changed).
import { createECDH, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PUSH_TOKEN_MAX_AGE_DAYS } from "@db/constants/limits";
import { pushSubscriptionBodySchema } from "@db/validators/push";
import { extraPushOrigins, parseSubscription, pushEndpointAllowed } from "@edge/delivery/push";
import { encryptPayload, vapidAuthorization } from "@edge/delivery/push-crypto";
import { needsPushRefresh } from "@web/lib/push-refresh";
import { decryptAes128gcm, generateVapidKeys, verifyVapid } from "../push-double";

describe("push endpoint allow-list", () => {
  it.each([
    "https://fcm.googleapis.com/fcm/send/abc:def",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
    "https://web.push.apple.com/QGx1",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
  ])("accepts the browsers' push services: %s", (endpoint) => {
    expect(pushEndpointAllowed(endpoint)).toBe(true);
  });

  it.each([
    ["plain http", "http://fcm.googleapis.com/fcm/send/abc"],
    ["another port", "https://fcm.googleapis.com:8443/fcm/send/abc"],
    ["credentials", "https://user:pass@fcm.googleapis.com/fcm/send/abc"],
    ["a look-alike host", "https://fcm.googleapis.com.evil.example/x"],
    ["a suffix without its dot", "https://evilpush.apple.com/x"],
    ["an internal address", "https://127.0.0.1/push"],
    ["the metadata service", "http://169.254.169.254/latest"],
    ["not a URL", "fcm.googleapis.com/x"],
  ])("refuses %s", (_label, endpoint) => {
    expect(pushEndpointAllowed(endpoint)).toBe(false);
  });

  it("accepts the configured origins exactly, http included (the tests' double)", () => {
    const extra = extraPushOrigins(" http://127.0.0.1:4567 , not a url,");
    expect(extra).toEqual(["http://127.0.0.1:4567"]);
    expect(pushEndpointAllowed("http://127.0.0.1:4567/push/abc", extra)).toBe(true);
    expect(pushEndpointAllowed("http://127.0.0.1:4568/push/abc", extra)).toBe(false);
    expect(pushEndpointAllowed("http://localhost:4567/push/abc", extra)).toBe(false);
  });
});

describe("push subscription contract", () => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const valid = {
    endpoint: "https://fcm.googleapis.com/fcm/send/abc",
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };

  it("accepts what PushSubscription.toJSON() gives", () => {
    expect(pushSubscriptionBodySchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ["a short p256dh", { ...valid, keys: { ...valid.keys, p256dh: valid.keys.p256dh.slice(0, 40) } }],
    ["a compressed point", { ...valid, keys: { ...valid.keys, p256dh: `A${valid.keys.p256dh.slice(1)}` } }],
    ["a long auth", { ...valid, keys: { ...valid.keys, auth: randomBytes(32).toString("base64url") } }],
    ["no keys", { endpoint: valid.endpoint }],
    ["a huge endpoint", { ...valid, endpoint: `https://fcm.googleapis.com/${"a".repeat(3000)}` }],
    ["an unknown field", { ...valid, extra: 1 }],
  ])("refuses %s", (_label, body) => {
    expect(pushSubscriptionBodySchema.safeParse(body).success).toBe(false);
  });

  it("reads back only well-formed stored subscriptions", () => {
    expect(parseSubscription(JSON.stringify(valid))).toEqual({ endpoint: valid.endpoint, keys: valid.keys });
    expect(parseSubscription("not json")).toBeNull();
    expect(parseSubscription(JSON.stringify({ endpoint: 1 }))).toBeNull();
    expect(parseSubscription(null)).toBeNull();
  });
});

describe("RFC 8291 encryption and RFC 8292 VAPID", () => {
  it("encrypts a payload that the subscriber (and only it) decrypts", async () => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const keys = { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") };
    const payload = JSON.stringify({ title: "Réservation confirmée", body: "Garde du 3 mars", url: "/bookings/1" });
    const body = Buffer.from(await encryptPayload(payload, keys));
    expect(decryptAes128gcm(body, { ecdh, auth })).toBe(payload);

    const stranger = createECDH("prime256v1");
    stranger.generateKeys();
    expect(() => decryptAes128gcm(body, { ecdh: stranger, auth })).toThrow();
    expect(() => decryptAes128gcm(body, { ecdh, auth: randomBytes(16) })).toThrow();
  });

  it("signs an ES256 JWT for the push service's origin, valid under 24 h", async () => {
    const vapid = generateVapidKeys();
    const header = await vapidAuthorization(
      { ...vapid, subject: "mailto:ops@veilleuse.fr" },
      "https://fcm.googleapis.com/fcm/send/abc",
    );
    const claims = verifyVapid(header, "https://fcm.googleapis.com", vapid.publicKey);
    expect(claims.sub).toBe("mailto:ops@veilleuse.fr");
    expect(() => verifyVapid(header, "https://updates.push.services.mozilla.com", vapid.publicKey)).toThrow(/aud/);
    expect(() => verifyVapid(header, "https://fcm.googleapis.com", generateVapidKeys().publicKey)).toThrow();
  });
});

describe("push subscription refresh (web)", () => {
  const now = new Date("2026-11-23T10:00:00Z").getTime();
  const day = 24 * 3600 * 1000;
  const stored = (ageDays: number, endpoint = "https://fcm.googleapis.com/a") => ({
    endpoint,
    updated_at: new Date(now - ageDays * day).toISOString(),
  });

  it(`refreshes this browser's subscription after ${PUSH_TOKEN_MAX_AGE_DAYS} days, never another device's, never unasked`, () => {
    expect(needsPushRefresh(stored(1), "https://fcm.googleapis.com/a", now)).toBe(false);
    expect(needsPushRefresh(stored(PUSH_TOKEN_MAX_AGE_DAYS - 0.1), "https://fcm.googleapis.com/a", now)).toBe(false);
    expect(needsPushRefresh(stored(PUSH_TOKEN_MAX_AGE_DAYS + 0.1), "https://fcm.googleapis.com/a", now)).toBe(true);
    // Another device holds the account's subscription: not taken back (nor when it is old).
    expect(needsPushRefresh(stored(1, "https://fcm.googleapis.com/b"), "https://fcm.googleapis.com/a", now)).toBe(
      false,
    );
    expect(needsPushRefresh(stored(30, "https://fcm.googleapis.com/b"), "https://fcm.googleapis.com/a", now)).toBe(
      false,
    );
    // Nothing stored for this account (it never pressed 'Activer', or turned push off): left alone.
    expect(needsPushRefresh({ endpoint: null, updated_at: null }, "https://fcm.googleapis.com/a", now)).toBe(false);
  });
});
