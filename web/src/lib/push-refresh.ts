// Keeps this browser's web push subscription fresh on the server (refreshed when older than
// PUSH_TOKEN_MAX_AGE_DAYS, 7 days; a rotated endpoint is stored by the service worker). Runs once per
// tab, a few seconds after a signed-in user opens the app, from the header's lazy badge chunk
// (components/unread-badge.tsx), so it adds nothing to the first load of /. Only when the user
// already allowed notifications and this browser holds a subscription: it never asks for permission
// nor subscribes (that is the push card's 'Activer').
import { PUSH_TOKEN_MAX_AGE_DAYS } from "@db/constants/limits";
import type { PushSubscriptionBody, PushSubscriptionState } from "@db/validators/push";
import { client, unwrap } from "./api-client";

const DAY_MS = 24 * 3600 * 1000;

/**
 * Store it again? Only this browser's own stored subscription, once it is old. Another endpoint in
 * the account's one slot is another device's (the last to press 'Activer'): not taken back, or two
 * devices would take it from each other at every visit. A changed endpoint comes through the
 * service worker's `pushsubscriptionchange` (public/sw.js).
 */
export function needsPushRefresh(stored: PushSubscriptionState, browserEndpoint: string, now: number): boolean {
  if (!stored.endpoint || stored.endpoint !== browserEndpoint) return false;
  const updated = stored.updated_at ? Date.parse(stored.updated_at) : Number.NaN;
  return !(now - updated < PUSH_TOKEN_MAX_AGE_DAYS * DAY_MS);
}

let started = false;

export async function refreshPushSubscription(): Promise<void> {
  if (started) return;
  started = true;
  try {
    if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
    if (!("serviceWorker" in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    const stored = await unwrap(client.api.push.subscription.$get());
    if (!needsPushRefresh(stored, subscription.endpoint, Date.now())) return;
    await unwrap(client.api.push.subscription.$put({ json: subscription.toJSON() as PushSubscriptionBody }));
  } catch {
    // Next time the app opens: a refresh is never worth an error on screen.
  }
}
