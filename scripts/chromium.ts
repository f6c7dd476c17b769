// Debian's Chromium, which the end-to-end tests and the benchmarks drive (Playwright cannot
// download browsers on these machines), and the flags every run launches it with.

/** The full browser: the benchmarks, and the end-to-end files that need a browser's platform. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * Chromium's headless shell (Debian's chromium-headless-shell): the same Blink and V8 without the
 * full browser's UI layers. It runs most end-to-end files: a fresh context and a page load cost it
 * about half the CPU of the full browser on this 2-core machine (0.3 against 1.0 core-second for a
 * new context; 1.8 against 5.2 for a context and a load of /login), and the suite is bound by the
 * browser's CPU. It has no notification platform (Notification.permission stays 'denied' whatever
 * is granted), so the web push journey runs in the full browser (tests/e2e/playwright.config.ts).
 */
export const CHROMIUM_HEADLESS_SHELL_PATH = "/usr/lib/chromium/chromium-headless-shell";

/** The Debian package that provides each browser, installed by `npm test` when missing. */
export const CHROMIUM_PACKAGES = [
  { path: CHROMIUM_PATH, name: "chromium" },
  { path: CHROMIUM_HEADLESS_SHELL_PATH, name: "chromium-headless-shell" },
];

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The end-to-end suite's flags: one renderer process per browser context, kept from test to test.
 * By default the lent tab's reset (tests/e2e/tab-pool.ts: a navigation to about:blank) and the next
 * test's first page load each start a new renderer, which parses and compiles the app's scripts
 * again. tests/bench/test-costs.ts, 29 Nov 2026: a visit (/login, a sign-in, /search) in the lent
 * tab cost 4.1 core-seconds with a new renderer and 3.0 with the renderer kept (the renderer's own
 * share 2.2 against 1.4); the end-to-end suite took 744 s without the flag and 653 s with it, back
 * to back on this machine. Sites still get processes of their own: site isolation outranks this
 * soft limit.
 */
export const E2E_CHROMIUM_ARGS = [...CHROMIUM_ARGS, "--renderer-process-limit=1"];
