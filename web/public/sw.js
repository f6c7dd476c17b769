// Veilleuse's service worker (served at /sw.js, scope /): web push only, no caching. The push card's
// 'Activer' registers it (web/src/features/settings/components/push-activation.tsx). The Worker's
// pushes (edge/delivery/push.ts) carry { title, body, url } with url a path of the app.

// The app's icon (web/index.html's): a night-blue disc with a warm light.
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' cy='16' r='14' fill='%230b1326'/%3E%3Ccircle cx='16' cy='16' r='7' fill='%23fbbf24'/%3E%3C/svg%3E";

/** Only our own pages are opened: a path of this origin, else the home page. */
function appUrl(url) {
  try {
    const target = new URL(typeof url === "string" ? url : "/", self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + "/";
  } catch {
    return self.location.origin + "/";
  }
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Veilleuse";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      icon: ICON,
      badge: ICON,
      lang: "fr",
      data: { url: appUrl(data.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ("navigate" in open && open.url !== url) await open.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// The push service replaced the subscription (expiry, key rotation): subscribe again with the same
// key and store the new one (same-origin, with the session cookie). Signed out, the PUT is refused
// and the app's next 'Activer' starts over.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const options = (event.oldSubscription && event.oldSubscription.options) || null;
      const subscription =
        event.newSubscription ||
        (options && options.applicationServerKey
          ? await self.registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: options.applicationServerKey,
            })
          : null);
      if (!subscription) return;
      await fetch("/api/push/subscription", {
        method: "PUT",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(subscription.toJSON()),
      });
    })(),
  );
});
