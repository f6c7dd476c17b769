// The push card's 'Activer' in Chromium: permission granted, /sw.js registered, the browser
// subscribed with the server's VAPID key, the subscription stored ('Notifications push activées'),
// then the test button's push reaching the push service encrypted and signed (the local push double
// decrypts it as the browser would), the service worker showing a pushed notice, the app storing the
// subscription again once it is older than 7 days, and push turned off on this device. A refused permission shows 'Permission refusée pour les notifications' and stores
// nothing.
//
// The one stand-in: headless Chromium has no link to its real push service (FCM, outside this
// machine): pushManager.subscribe() fails there with "Registration failed - permission denied"
// (tried first). So PushManager.prototype.subscribe / getSubscription are replaced in the page
// (addInitScript) to answer a subscription whose endpoint is the push double's and whose keys the
// double holds, recording the applicationServerKey the app passed. Everything else is real: the
// permission, the service worker, our API, the Worker's encryption and VAPID signature.
import type { BrowserContext } from "@playwright/test";
import type { PushRequest } from "../push-double";
import {
  expect,
  queryStackDb as query,
  test,
  toast,
  waitForApp,
  ownClientAddress,
  signedInNewParent,
} from "./fixtures";

test.use({ extraHTTPHeaders: ownClientAddress() });

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** The push double global-setup starts; without it (an external E2E_BASE_URL) these tests fail, never skip. */
function pushDouble(): string {
  const url = process.env.E2E_PUSH_DOUBLE;
  if (!url) throw new Error("E2E_PUSH_DOUBLE is not set (this test needs the push double global-setup starts)");
  return url;
}

async function doubleSubscription(): Promise<Subscription> {
  return (await (await fetch(`${pushDouble()}/__control/subscriptions`, { method: "POST" })).json()) as Subscription;
}
async function pushesTo(endpoint: string): Promise<PushRequest[]> {
  const all = (await (await fetch(`${pushDouble()}/__control/requests`)).json()) as PushRequest[];
  return all.filter((request) => request.id === endpoint.split("/").at(-1));
}

/** The browser's side of its push service, answered by the double (see the header comment). */
async function stubBrowserPushService(context: BrowserContext, subscription: Subscription) {
  await context.addInitScript((sub: Subscription) => {
    const toBase64Url = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    let current: PushSubscription | null = null;
    const make = (key: ArrayBuffer) => {
      sessionStorage.setItem("push-stub-key", toBase64Url(key));
      return {
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key },
        getKey: () => null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          current = null;
          sessionStorage.removeItem("push-stub-key");
          return true;
        },
      } as unknown as PushSubscription;
    };
    // The browser keeps its subscription across page loads (this tab's session, here).
    const kept = location.protocol.startsWith("http") ? sessionStorage.getItem("push-stub-key") : null;
    if (kept) {
      const bytes = Uint8Array.from(atob(kept.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
      current = make(bytes.buffer);
    }
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer).slice().buffer;
      (window as unknown as { pushKeyUsed: string }).pushKeyUsed = toBase64Url(key);
      current = make(key);
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, subscription);
}

const storedToken = async (email: string) => {
  const [row] = await query(
    "SELECT cp.push_token FROM communication_preferences cp JOIN user u ON u.id = cp.user_id WHERE u.email = ?",
    [email],
  );
  return (row?.push_token as string | null | undefined) ?? null;
};

const storedAt = async (email: string) => {
  const [row] = await query(
    "SELECT cp.push_token_updated_at FROM communication_preferences cp JOIN user u ON u.id = cp.user_id WHERE u.email = ?",
    [email],
  );
  return row?.push_token_updated_at ?? null;
};

test("'Activer' subscribes this browser; the test push reaches it; it can be turned off", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000); // one long journey, with the refresh's few seconds of idle wait
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const subscription = await doubleSubscription();
  await stubBrowserPushService(context, subscription);
  const account = await signedInNewParent(page);
  await page.goto("/settings?tab=notifications");
  await waitForApp(page);

  const activate = page.getByRole("button", { name: "Activer", exact: true });
  const testButton = page.getByRole("button", { name: "Envoyer une notification de test" });
  const messagesSwitch = page.getByRole("switch", { name: "Notifications de messages", exact: true });
  await expect(activate).toBeVisible();
  await expect(testButton).toHaveCount(0);
  await expect(messagesSwitch).toHaveCount(0);

  await activate.click();
  await expect(toast(page, "Notifications push activées")).toBeVisible();
  await expect(testButton).toBeVisible();
  await expect(messagesSwitch).toBeChecked();
  await expect(activate).toHaveCount(0);
  // Subscribed with the server's key, through our service worker, and stored for this account.
  const { public_key: serverKey } = (await (await page.request.get("/api/push/vapid-public-key")).json()) as {
    public_key: string;
  };
  expect(await page.evaluate(() => (window as unknown as { pushKeyUsed: string }).pushKeyUsed)).toBe(serverKey);
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.active?.scriptURL),
  ).toMatch(/\/sw\.js$/);
  expect(JSON.parse((await storedToken(account.email))!)).toEqual(subscription);

  await testButton.click();
  await expect(toast(page, "Notification push envoyée !")).toBeVisible();
  const [received] = await pushesTo(subscription.endpoint);
  expect(received).toMatchObject({
    status: 201,
    error: null,
    payload: {
      title: "Notification de test Veilleuse",
      body: `Bonjour ${account.firstName}, vos notifications push fonctionnent sur cet appareil.`,
      url: "/settings?tab=notifications",
    },
  });

  // The service worker shows what a push carries (delivered by DevTools, as the push service would).
  // What it asks the browser to show is recorded inside the worker: headless Chromium's own list of
  // shown notifications (getNotifications) sometimes stayed empty although the push event had
  // arrived with the permission granted (1 run in 3 after first-visit.spec), so it is not the witness.
  const worker = context.serviceWorkers().find((candidate) => candidate.url().endsWith("/sw.js"))!;
  await worker.evaluate(() => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; shownByWorker: unknown[] };
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.shownByWorker = [];
    scope.registration.showNotification = (title, options) => {
      scope.shownByWorker.push({ title, body: options?.body, url: (options?.data as { url?: string })?.url });
      return show(title, options);
    };
  });
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: baseURL!,
    registrationId: await registrationId,
    data: JSON.stringify({ title: "Réservation confirmée", body: "Garde du 3 mars", url: "/bookings/1" }),
  });
  await expect
    .poll(() => worker.evaluate(() => (self as unknown as { shownByWorker: unknown[] }).shownByWorker))
    .toContainEqual({ title: "Réservation confirmée", body: "Garde du 3 mars", url: `${baseURL}/bookings/1` });

  // Opening the app again once the stored one is older than 7 days stores it again.
  const OLD = "2026-01-01T00:00:00.000Z";
  await query(
    "UPDATE communication_preferences SET push_token_updated_at = ? WHERE user_id = (SELECT id FROM user WHERE email = ?)",
    [OLD, account.email],
  );
  await page.goto("/dashboard");
  await waitForApp(page);
  await expect.poll(() => storedAt(account.email), { timeout: 15_000 }).not.toBe(OLD);
  expect(JSON.parse((await storedToken(account.email))!)).toEqual(subscription);

  await page.goto("/settings?tab=notifications");
  await waitForApp(page);
  await page.getByRole("button", { name: "Désactiver sur cet appareil" }).click();
  await expect(toast(page, "Notifications push désactivées sur cet appareil")).toBeVisible();
  await expect(activate).toBeVisible();
  await expect(testButton).toHaveCount(0);
  expect(await storedToken(account.email)).toBeNull();
});

test("a refused permission says so and stores nothing", async ({ page, context }) => {
  await context.clearPermissions();
  await stubBrowserPushService(context, await doubleSubscription());
  const account = await signedInNewParent(page);
  await page.goto("/settings?tab=notifications");
  await waitForApp(page);
  await page.getByRole("button", { name: "Activer", exact: true }).click();
  await expect(toast(page, "Permission refusée pour les notifications")).toBeVisible();
  await expect(page.getByRole("button", { name: "Activer", exact: true })).toBeVisible();
  expect(await storedToken(account.email)).toBeNull();
});
