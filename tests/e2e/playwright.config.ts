// End-to-end tests: Debian Chromium against the app as `npm start` runs it (global-setup starts the
// stack on a fresh libSQL file unless E2E_BASE_URL points at a running one).
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_HEADLESS_SHELL_PATH, CHROMIUM_PATH, E2E_CHROMIUM_ARGS } from "../../scripts/chromium";
import { STACK_COUNT } from "./stacks";

const here = fileURLToPath(new URL(".", import.meta.url));
/** One results folder per checkout: two clones testing at once never delete each other's traces. */
const checkoutTag = createHash("sha256").update(here).digest("hex").slice(0, 8);

/**
 * The files that need the full browser: the headless shell has no notification platform (push), and
 * did not show the offline failure language-offline.spec.ts guards against.
 */
const FULL_BROWSER_FILES = ["**/push.spec.ts", "**/language-offline.spec.ts"];

const chromiumUse = { ...devices["Desktop Chrome"], locale: "fr-FR" };

export default defineConfig({
  testDir: here,
  testMatch: "**/*.spec.ts",
  // A worker per stack (tests/e2e/stacks.ts): files run two at a time, each against its own Worker
  // and database; a file's tests stay in order in one worker.
  workers: STACK_COUNT,
  // No retry: a test that fails once fails the run, and a flake is a bug to find. Wrangler 4.86's
  // local keep-alive race (a page load after ~5 s idle leaving one static file unanswered) is gone
  // since 4.164: tests/bench/idle-keepalive-stall.ts counts 0 stalls in 200 idle loads.
  retries: 0,
  // A test's own budget. Two browsers and two Workers share the machine's two cores, which about
  // doubles a journey's time against one worker on a quiet machine; the longest journeys set their own.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  globalSetup: "./global-setup.ts",
  // Traces of failed tests go outside the repository (nothing to commit by accident).
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(tmpdir(), `veilleuse-e2e-results-${checkoutTag}`),
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // French is the product's first language; a fresh browser would otherwise pick English.
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    // No trace by default: recording one (a screenshot per frame, a DOM snapshot per action) made
    // every test about a quarter slower, and CI keeps no file to open it. E2E_TRACE=1 records one
    // for each failing test, in outputDir.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
  },
  // Most files run in Chromium's headless shell, half the CPU of the full browser per page load
  // (scripts/chromium.ts); web push needs the full browser's notification platform.
  projects: [
    {
      name: "chromium",
      testIgnore: FULL_BROWSER_FILES,
      use: { ...chromiumUse, launchOptions: { executablePath: CHROMIUM_HEADLESS_SHELL_PATH, args: E2E_CHROMIUM_ARGS } },
    },
    {
      name: "chromium-full",
      testMatch: FULL_BROWSER_FILES,
      use: { ...chromiumUse, launchOptions: { executablePath: CHROMIUM_PATH, args: E2E_CHROMIUM_ARGS } },
    },
  ],
});
