// One browser tab per worker, handed from test to test as a fresh visitor's tab: the same browser
// a person comes back to after signing out, with nothing of the last visit but the HTTP cache.
//
// Why: the suite is bound by the machine's two cores, and a new context costs Chromium a new
// renderer that fetches the app's files again. Measured with tests/bench/test-costs.ts on this
// machine: a load of /login, a sign-in and a load of /search cost 3.5 core-seconds in a new context
// and 3.0 in the same tab reset between visits, mostly workerd serving the files again (0.87 against
// 0.54); the end-to-end suite went from 491 to 452 s on a clean clone with one test more.
//
// What a test gets is a visitor nobody has seen: no cookie, no local or session storage, no
// IndexedDB, no service worker, no permission, no route, no listener of an earlier test, on
// about:blank, with the context options its file asked for (`test.use`). A test that changes what
// this reset cannot undo (an init script, an exposed function, emulated media, the clock,
// geolocation, offline mode) marks its tab spent: the tab and its context are closed after it.
// A test that must meet a cold browser (first-load bytes) says `test.use({ freshTab: true })`.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";

/** Methods whose effect outlives the test and that no public call undoes. */
const SPENDING_PAGE_METHODS = [
  "addInitScript",
  "exposeFunction",
  "exposeBinding",
  "emulateMedia",
  "routeWebSocket", // unrouteAll leaves WebSocket routes in place
  "routeFromHAR",
] as const;
const SPENDING_CONTEXT_METHODS = [
  "addInitScript",
  "exposeFunction",
  "exposeBinding",
  "setGeolocation",
  "setOffline",
  "setHTTPCredentials",
  "routeWebSocket",
  "routeFromHAR",
] as const;

type Emitter = {
  eventNames(): (string | symbol)[];
  rawListeners(event: string | symbol): ((...args: unknown[]) => unknown)[];
  removeListener(event: string | symbol, listener: (...args: unknown[]) => unknown): unknown;
};

type Listeners = Map<string | symbol, Set<unknown>>;

const listenersOf = (emitter: Emitter): Listeners =>
  new Map(emitter.eventNames().map((event) => [event, new Set(emitter.rawListeners(event))]));

/** Removes what was added to `emitter` since `before` was taken. */
function removeListenersSince(emitter: Emitter, before: Listeners): void {
  for (const event of emitter.eventNames()) {
    for (const listener of emitter.rawListeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener);
    }
  }
}

/** Calls `onCall` before each call of the named methods of `target` (the instance's own copy). */
function watchCalls(target: object, names: readonly string[], onCall: () => void): void {
  const methods = target as Record<string, (...args: unknown[]) => unknown>;
  for (const name of names) {
    const original = methods[name].bind(target);
    methods[name] = (...args: unknown[]) => {
      onCall();
      return original(...args);
    };
  }
}

class Tab {
  spent = false;
  private pageListeners: Listeners = new Map();
  private contextListeners: Listeners = new Map();

  private constructor(
    readonly context: BrowserContext,
    public page: Page,
  ) {}

  static async open(browser: Browser, options: BrowserContextOptions): Promise<Tab> {
    const context = await browser.newContext(options);
    const tab = new Tab(context, await context.newPage());
    const spend = () => (tab.spent = true);
    watchCalls(context, SPENDING_CONTEXT_METHODS, spend);
    // The page's clock is its context's: installing fake time lasts as long as the context.
    const clockMethods = Object.getOwnPropertyNames(Object.getPrototypeOf(context.clock));
    watchCalls(
      context.clock,
      clockMethods.filter((name) => name !== "constructor"),
      spend,
    );
    watchCalls(tab.page, SPENDING_PAGE_METHODS, spend);
    return tab;
  }

  /** Before a test: what it adds from here is undone after it. */
  lend(): void {
    this.pageListeners = listenersOf(this.page as unknown as Emitter);
    this.contextListeners = listenersOf(this.context as unknown as Emitter);
  }

  /**
   * After a test: back to a visitor nobody has seen, or false when that cannot be done (the tab is
   * spent, closed or crashed, or a page kept it from leaving). `baseURL`: the app's origin, whose
   * storage is cleared with that of the page the test ended on.
   */
  async reset(baseURL: string | undefined): Promise<boolean> {
    if (this.spent || this.page.isClosed()) return false;
    removeListenersSince(this.page as unknown as Emitter, this.pageListeners);
    removeListenersSince(this.context as unknown as Emitter, this.contextListeners);
    await this.page.unrouteAll({ behavior: "ignoreErrors" });
    await this.context.unrouteAll({ behavior: "ignoreErrors" });
    for (const other of this.context.pages()) if (other !== this.page) await other.close();
    // Session storage belongs to the tab and is cleared from a page of its origin: a test that
    // ended anywhere but on the app (or on a page that no longer answers) spends its tab.
    const origin = originOf(this.page.url());
    if (origin === undefined ? this.page.url() !== "about:blank" : origin !== originOf(baseURL)) return false;
    if (origin !== undefined) {
      const cleared = await this.page
        .evaluate(() => sessionStorage.clear())
        .then(
          () => true,
          () => false,
        );
      if (!cleared) return false;
    }
    try {
      await this.page.goto("about:blank", { timeout: 5_000 });
    } catch {
      return false; // a leave guard's beforeunload question, or a page that no longer answers
    }
    if (baseURL) await this.clearStorage(originOf(baseURL)!);
    await this.context.clearCookies();
    await this.context.clearPermissions();
    return true;
  }

  /** Before a test: the options of its file that a tab can take after it was opened. */
  async apply(options: BrowserContextOptions): Promise<void> {
    if (options.permissions?.length) await this.context.grantPermissions(options.permissions);
    await this.context.setExtraHTTPHeaders(options.extraHTTPHeaders ?? {});
    const viewport = options.viewport;
    const current = this.page.viewportSize();
    if (viewport && (current?.width !== viewport.width || current?.height !== viewport.height)) {
      await this.page.setViewportSize(viewport);
    }
  }

  /**
   * Every kind of the app's site storage but the HTTP cache: local storage, IndexedDB, Cache
   * Storage, service workers (and cookies, which are cleared for every site next).
   */
  private async clearStorage(origin: string): Promise<void> {
    const devtools = await this.context.newCDPSession(this.page);
    try {
      await devtools.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
    } finally {
      await devtools.detach();
    }
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => {});
  }
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The options a tab cannot change once open: a test asking for others gets a tab of its own kind. */
function kindOf(options: BrowserContextOptions): string {
  const { extraHTTPHeaders: _headers, viewport: _viewport, permissions: _permissions, ...fixed } = options;
  return JSON.stringify(Object.entries(fixed).sort(([a], [b]) => a.localeCompare(b)));
}

/** Idle tabs kept per kind: a test's own tab and the few a journey opens for its other people. */
const IDLE_TABS_PER_KIND = 3;

/** A worker's tabs, one per kind of context options, each lent to one test at a time. */
export class TabPool {
  private readonly idle = new Map<string, Tab[]>();

  constructor(private readonly browser: Browser) {}

  async borrow(options: BrowserContextOptions): Promise<Tab> {
    let tab = this.idle.get(kindOf(options))?.pop();
    if (tab) await tab.apply(options);
    else tab = await Tab.open(this.browser, options);
    tab.lend();
    return tab;
  }

  async giveBack(tab: Tab, options: BrowserContextOptions): Promise<void> {
    const kind = kindOf(options);
    const idle = this.idle.get(kind) ?? [];
    if (idle.length >= IDLE_TABS_PER_KIND || !(await tab.reset(options.baseURL))) {
      await tab.close();
      return;
    }
    idle.push(tab);
    this.idle.set(kind, idle);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.idle.values()].flat().map((tab) => tab.close()));
    this.idle.clear();
  }
}

export type { Tab };
