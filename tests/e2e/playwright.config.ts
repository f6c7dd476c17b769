// End-to-end tests: Debian Chromium against the app as `npm start` runs it (global-setup starts the
// stack on a fresh libSQL file unless E2E_BASE_URL points at a running one).
import { tmpdir } from "node:os";
import { join } from "node:path";
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
  // Traces of failed tests go outside the repository (nothing to commit by accident).
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(tmpdir(), "veilleuse-e2e-results"),
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
