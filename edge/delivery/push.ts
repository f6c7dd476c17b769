// Web push: a notice encrypted for one browser and POSTed to that browser's push service with a
// VAPID signature (the cryptography is push-crypto.ts). This file is the channel's policy: which
// endpoints we may reach, when a push is simulated, what the outbox keeps.
//
// The Worker POSTs to a URL a browser gave us: only https endpoints of the known push services are
// accepted (plus the origins of PUSH_SERVICE_ORIGINS, for local doubles), when a subscription is
// stored and again when sending. Logs and the outbox name the endpoint's origin, never the whole
// endpoint (its path is the capability to reach that browser).
//
// Without VAPID keys a push is simulated: reported as sent (spec §8) and kept in the outbox.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { communicationPreferences } from "@db/schema";
import type { Env } from "../env";
import { deliverOnce } from "./outbox";
import { encryptPayload, vapidAuthorization, type PushKeys } from "./push-crypto";

/** Hosts of the browsers' push services (Chrome/Edge/Opera on FCM, Firefox, Safari, Edge on WNS). */
const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "updates.push.services.mozilla.com"];
const PUSH_SERVICE_HOST_SUFFIXES = [".push.apple.com", ".notify.windows.com"];

/** How long a push service keeps a notice for an offline browser (its own maximum is often 4 weeks). */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** Where none is configured: RFC 8292's contact for the push service's operators. */
const DEFAULT_VAPID_SUBJECT = "mailto:contact@veilleuse.fr";

export const PUSH_URGENCIES = ["normal", "high"] as const;
export type PushUrgency = (typeof PUSH_URGENCIES)[number];

/** What the browser's PushSubscription.toJSON() gives, as stored in push_token. */
export type StoredSubscription = { endpoint: string; keys: PushKeys };

export const pushConfigured = (env: Env) => Boolean(env.VAPID_PUBLIC_KEY?.trim() && env.VAPID_PRIVATE_KEY?.trim());

/** The applicationServerKey the browser subscribes with, or null when push is not configured. */
export const vapidPublicKey = (env: Env): string | null => (pushConfigured(env) ? env.VAPID_PUBLIC_KEY!.trim() : null);

/** The extra push service origins of PUSH_SERVICE_ORIGINS (comma-separated), normalised. */
export function extraPushOrigins(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean)
    .flatMap((origin) => {
      try {
        return [new URL(origin).origin];
      } catch {
        return [];
      }
    });
}

/**
 * Is this a push endpoint we may POST to? https on a known push service's host (default port, no
 * credentials), or an origin listed in PUSH_SERVICE_ORIGINS (tests' local double, which may be http).
 */
export function pushEndpointAllowed(endpoint: string, extraOrigins: string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== "https:" || url.port !== "") return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

export const endpointAllowedFor = (env: Env, endpoint: string) =>
  pushEndpointAllowed(endpoint, extraPushOrigins(env.PUSH_SERVICE_ORIGINS));

/** The stored JSON, or null when it is not a subscription (never trusted blindly: it is sent to). */
export function parseSubscription(stored: string | null | undefined): StoredSubscription | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<StoredSubscription>;
    if (typeof value?.endpoint !== "string") return null;
    if (typeof value.keys?.p256dh !== "string" || typeof value.keys.auth !== "string") return null;
    return { endpoint: value.endpoint, keys: { p256dh: value.keys.p256dh, auth: value.keys.auth } };
  } catch {
    return null;
  }
}

/** The origin a log or the outbox may name (the endpoint's path is a secret). */
export function endpointOrigin(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return "invalid";
  }
}

// --- Sending -------------------------------------------------------------------------------------

export type PushResult = { status: "sent" | "simulated" | "failed"; providerId?: string; httpStatus?: number };

/** The push service's answer to one POST; never throws. */
export async function postPush(
  env: Env,
  subscription: StoredSubscription,
  payload: string,
  urgency: PushUrgency = "normal",
): Promise<PushResult> {
  if (!pushConfigured(env)) return { status: "simulated" };
  if (!endpointAllowedFor(env, subscription.endpoint)) return { status: "failed" };
  try {
    const body = await encryptPayload(payload, subscription.keys);
    const authorization = await vapidAuthorization(
      {
        publicKey: env.VAPID_PUBLIC_KEY!.trim(),
        privateKey: env.VAPID_PRIVATE_KEY!.trim(),
        subject: env.VAPID_SUBJECT?.trim() || DEFAULT_VAPID_SUBJECT,
      },
      subscription.endpoint,
    );
    const response = await fetch(subscription.endpoint, {
      method: "POST",
      // Never follow a redirect: the push service answers itself, and a redirect could point anywhere.
      redirect: "manual",
      headers: {
        authorization,
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
        ttl: String(PUSH_TTL_SECONDS),
        urgency,
      },
      body,
    });
    await response.body?.cancel();
    // 201 Created, with the message's URL in Location (its id at the push service).
    if (response.status === 201 || response.status === 200 || response.status === 202) {
      const location = response.headers.get("location");
      return { status: "sent", providerId: location ? location.slice(location.lastIndexOf("/") + 1) : undefined };
    }
    return { status: "failed", httpStatus: response.status };
  } catch (error) {
    console.warn("Push failed", endpointOrigin(subscription.endpoint), error instanceof Error ? error.message : "");
    return { status: "failed" };
  }
}

const PUSH_TITLE_MAX_LENGTH = 120;
const PUSH_BODY_MAX_LENGTH = 500;
const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** A push service's "this subscription is gone": the browser unsubscribed or the user revoked it. */
export const SUBSCRIPTION_GONE = [404, 410];

export type PushNotice = {
  userId: string;
  /** communication_preferences.push_token as stored (the subscription's JSON). */
  subscription: string;
  title: string;
  body: string;
  /** A path of the app (/bookings/…), opened when the notification is clicked. */
  url: string;
  template: string;
  /** "<event>:push", so a notice is pushed once per event. */
  idempotencyKey: string | null;
  /** "high" for emergencies (the push service wakes the device at once). */
  urgency?: PushUrgency;
};

/**
 * Pushes one notice through the outbox (claimed once per idempotency key, recorded with the push
 * service's origin as recipient); never throws. A 404/410 answer removes the stored subscription
 * (push_token = null) and reports failure. Without VAPID keys: simulated, reported as sent.
 */
export async function sendPushNotice(env: Env, db: Db, input: PushNotice): Promise<{ ok: boolean }> {
  const subscription = parseSubscription(input.subscription);
  if (!subscription) return { ok: false };
  // App paths only: the service worker opens nothing else.
  const url = input.url.startsWith("/") && !input.url.startsWith("//") ? input.url : "/";
  // A notification shows a few lines: long texts (a message preview) are cut, so one record holds them.
  const title = clip(input.title, PUSH_TITLE_MAX_LENGTH);
  const body = clip(input.body, PUSH_BODY_MAX_LENGTH);
  const payload = JSON.stringify({ title, body, url });
  let gone = false;
  const { ok } = await deliverOnce(
    db,
    {
      channel: "push",
      recipient: endpointOrigin(subscription.endpoint),
      subject: title,
      body,
      template: input.template,
      idempotencyKey: input.idempotencyKey,
      payload: { userId: input.userId, url },
    },
    async () => {
      const result = await postPush(env, subscription, payload, input.urgency);
      gone = result.httpStatus !== undefined && SUBSCRIPTION_GONE.includes(result.httpStatus);
      return result;
    },
  );
  if (gone) await forgetSubscription(db, input.userId, subscription.endpoint);
  return { ok };
}

/** Clears the user's stored subscription if it is still this endpoint's (a newer one stays). */
async function forgetSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  try {
    await db
      .update(communicationPreferences)
      .set({ pushToken: null, pushTokenUpdatedAt: null, updatedAt: new Date().toISOString() })
      .where(
        and(
          eq(communicationPreferences.userId, userId),
          sql`json_extract(${communicationPreferences.pushToken}, '$.endpoint') = ${endpoint}`,
        ),
      );
  } catch (error) {
    console.error("Forgetting a gone push subscription failed", error);
  }
}
