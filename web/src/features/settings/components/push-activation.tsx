// The push card's device controls: 'Activer' until a subscription is stored (asks the permission,
// registers /sw.js, subscribes with the server's VAPID key, stores it: 'Notifications push
// activées', or 'Permission refusée pour les notifications' with nothing changed, or 'Erreur lors
// de l'activation des notifications'); once stored, a way to turn push off on this device
// (forgotten by the server, unsubscribed in the browser).
import { useState } from "react";
import { base64UrlToBytes } from "@db/text/base64url";
import type { PushSubscriptionBody } from "@db/validators/push";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { useDeletePushSubscription } from "../api/delete-push-subscription";
import { getVapidPublicKey } from "../api/get-vapid-public-key";
import { useStorePushSubscription } from "../api/store-push-subscription";
import { preferencesTexts } from "../preferences-texts";

const SERVICE_WORKER_URL = "/sw.js";

const pushSupported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  typeof Notification !== "undefined" &&
  window.location.protocol !== "app:";

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

/** This browser's subscription for the server's key (a new one when the key changed); null if refused. */
async function subscribeThisBrowser(): Promise<PushSubscriptionBody | null> {
  // The permission first, while the click still counts as the user's gesture.
  if ((await Notification.requestPermission()) !== "granted") return null;
  const [{ public_key: publicKey }, registration] = await Promise.all([
    getVapidPublicKey(),
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }),
  ]);
  const ready = await navigator.serviceWorker.ready;
  const key = base64UrlToBytes(publicKey.replace(/=+$/, ""));
  if (!key) throw new Error("The server's VAPID key is not base64url");
  const manager = (ready ?? registration).pushManager;
  let subscription = await manager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON() as PushSubscriptionBody;
}

async function thisBrowsersSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker?.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export function PushActivation({ subscribed }: { subscribed: boolean }) {
  const { t } = useTranslation(preferencesTexts);
  const store = useStorePushSubscription();
  const remove = useDeletePushSubscription();
  const [busy, setBusy] = useState(false);

  if (!pushSupported()) return <p className="text-sm text-slate-700">{t("preferences.push.unsupported")}</p>;

  const activate = async () => {
    setBusy(true);
    try {
      const subscription = await subscribeThisBrowser();
      if (!subscription) {
        notify.error(t("preferences.push.denied"));
        return;
      }
      await store.mutateAsync(subscription);
      notify.success(t("preferences.push.activated"));
    } catch {
      notify.error(t("preferences.push.activationError"));
    } finally {
      setBusy(false);
    }
  };

  const deactivate = async () => {
    setBusy(true);
    try {
      // The server forgets it only if it is this browser's; the browser stops listening either way.
      const subscription = await thisBrowsersSubscription().catch(() => null);
      if (subscription) {
        await remove.mutateAsync(subscription.endpoint);
        await subscription.unsubscribe().catch(() => undefined);
      }
      notify.success(t("preferences.push.deactivated"));
    } catch {
      notify.error(t("preferences.push.deactivationError"));
    } finally {
      setBusy(false);
    }
  };

  if (subscribed) {
    return (
      <Button variant="secondary" size="sm" loading={busy} onClick={() => void deactivate()}>
        {t("preferences.push.deactivate")}
      </Button>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-slate-700">{t("preferences.push.inactive")}</p>
      <Button size="sm" loading={busy} onClick={() => void activate()}>
        {t("preferences.push.activate")}
      </Button>
    </div>
  );
}
