// End-to-end tests: Debian Chromium against the app as `npm start` runs it (global-setup starts the
// stack on a fresh libSQL file unless E2E_BASE_URL points at a running one).
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";

const here = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  testDir: here,
  testMatch: "**/*.spec.ts",
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  globalSetup: "./global-setup.ts",
  outputDir: `${here}../../.playwright/results`,
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // French is the product's first language; a fresh browser would otherwise pick English.
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        locale: "fr-FR",
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
});
