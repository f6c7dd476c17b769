// Web push subscriptions (the settings' push card): what the browser's
// PushSubscription.toJSON() gives, stored as the caller's push_token, and what the app reads back to
// refresh it (older than 7 days or changed). Which push services may be posted to is the Worker's
// rule (edge/delivery/push.ts, it depends on configuration), checked when storing and when sending.
import { z } from "zod";
import { base64UrlToBytes } from "../text/base64url";

/** Real endpoints run to a few hundred characters (Windows' are the longest); this bounds the row. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** base64url (padding tolerated) decoding to exactly `bytes` bytes, the first being `first` if given. */
function base64UrlOf(bytes: number, first?: number) {
  return (value: string) => {
    if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return false;
    const decoded = base64UrlToBytes(value.replace(/=+$/, ""));
    return decoded !== null && decoded.length === bytes && (first === undefined || decoded[0] === first);
  };
}

function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

const invalid = { error: "validation.formatInvalid" } as const;

const endpointField = z
  .string(invalid)
  .max(PUSH_ENDPOINT_MAX_LENGTH, invalid)
  .refine((value) => /^https?:\/\//.test(value) && parses(value), invalid);

export const pushSubscriptionBodySchema = z
  .object({
    endpoint: endpointField,
    /** Browsers send null; kept out of the stored token. */
    expirationTime: z.number(invalid).nullable().optional(),
    keys: z
      .object({
        /** The browser's P-256 public key, uncompressed (65 bytes, base64url). */
        p256dh: z.string(invalid).max(100, invalid).refine(base64UrlOf(65, 4), invalid),
        /** The 16-byte authentication secret (base64url). */
        auth: z.string(invalid).max(30, invalid).refine(base64UrlOf(16), invalid),
      })
      .strict(),
  })
  .strict()
  .meta({ id: "PushSubscriptionBody" });
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** DELETE /api/push/subscription?endpoint=…: this browser's endpoint, the only one it may forget. */
export const pushSubscriptionEndpointQuerySchema = z.object({ endpoint: endpointField }).strict();

/** The caller's stored subscription, for the app's refresh: nulls when none is stored. */
export const pushSubscriptionStateSchema = z
  .object({
    endpoint: z.string().nullable(),
    /** When it was last stored (UTC ISO-8601). */
    updated_at: z.string().nullable(),
  })
  .meta({ id: "PushSubscriptionState" });
export type PushSubscriptionState = z.infer<typeof pushSubscriptionStateSchema>;

export const vapidPublicKeySchema = z
  .object({
    /** The applicationServerKey for pushManager.subscribe (base64url, uncompressed P-256 point). */
    public_key: z.string(),
  })
  .meta({ id: "VapidPublicKey" });
