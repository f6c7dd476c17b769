// The caller's web push subscription (money-and-operations §4 "Push"): stored when the push card's
// 'Activer' succeeds (push_enabled becomes true), stored again when the app refreshes it (older than
// 7 days or changed), cleared when the user turns push off on the device that holds it. One per
// account: the latest device to press 'Activer' gets the pushes (the others do not take it back). An endpoint belongs to one account at a time: the
// browser signed in last (a shared computer) takes it from whoever held it before, so nobody else's
// notices reach that screen.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { communicationPreferences } from "@db/schema";
import type { PushSubscriptionBody, PushSubscriptionState } from "@db/validators/push";
import { endpointAllowedFor, parseSubscription } from "../../delivery/push";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";

const endpointOf = sql`json_extract(${communicationPreferences.pushToken}, '$.endpoint')`;

export async function pushSubscriptionOf(db: Db, userId: string): Promise<PushSubscriptionState> {
  const [row] = await db
    .select({ pushToken: communicationPreferences.pushToken, updatedAt: communicationPreferences.pushTokenUpdatedAt })
    .from(communicationPreferences)
    .where(eq(communicationPreferences.userId, userId));
  const stored = parseSubscription(row?.pushToken);
  return { endpoint: stored?.endpoint ?? null, updated_at: stored ? (row?.updatedAt ?? null) : null };
}

/** Stores the subscription (the preferences row is created with the defaults when missing). */
export async function storePushSubscription(
  env: Env,
  db: Db,
  userId: string,
  body: PushSubscriptionBody,
): Promise<PushSubscriptionState> {
  if (!endpointAllowedFor(env, body.endpoint)) {
    throw new ApiError(400, "PUSH_ENDPOINT_NOT_ALLOWED", "push.errors.endpointNotAllowed", {}, { field: "endpoint" });
  }
  const now = new Date().toISOString();
  const token = JSON.stringify({ endpoint: body.endpoint, keys: { p256dh: body.keys.p256dh, auth: body.keys.auth } });
  const values = { pushToken: token, pushTokenUpdatedAt: now, pushEnabled: true, updatedAt: now };
  await db.batch([
    db
      .update(communicationPreferences)
      .set({ pushToken: null, pushTokenUpdatedAt: null, updatedAt: now })
      .where(and(ne(communicationPreferences.userId, userId), sql`${endpointOf} = ${body.endpoint}`)),
    db
      .insert(communicationPreferences)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: communicationPreferences.userId, set: values }),
  ]);
  return { endpoint: body.endpoint, updated_at: now };
}

/**
 * Forgets the caller's subscription when it is `endpoint`, this browser's (push stays "enabled":
 * 'Activer' shows again). Another device's subscription in the account's one slot is left alone.
 */
export async function clearPushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .update(communicationPreferences)
    .set({ pushToken: null, pushTokenUpdatedAt: null, updatedAt: new Date().toISOString() })
    .where(and(eq(communicationPreferences.userId, userId), sql`${endpointOf} = ${endpoint}`));
}
