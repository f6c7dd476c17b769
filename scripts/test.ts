// `npm test`: everything, in the order that fails fastest. Installs Debian's Chromium first
// when it is missing (the end-to-end tests drive it with Playwright).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { checkSizeBudget } from "./size-budget";
import { CHROMIUM_PATH } from "./chromium";
import { buildWeb, run } from "./stack";

function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log("Chromium is missing: installing Debian's chromium package (needed by the end-to-end tests)...");
  // CI and these machines run as root; elsewhere, sudo without a password prompt.
  const [command, ...prefix] = process.getuid?.() === 0 ? ["apt-get"] : ["sudo", "-n", "apt-get"];
  const apt = (args: string[]) =>
    execFileSync(command, [...prefix, ...args], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  apt(["update"]);
  apt(["install", "-y", "--no-install-recommends", "chromium"]);
}

const steps: [string, () => Promise<void> | void][] = [
  ["Chromium", ensureChromium],
  ["typecheck", () => run("tsc", ["--noEmit", "-p", "tsconfig.json"])],
  ["lint (ESLint: rules and import boundaries)", () => run("eslint", ["."])],
  ["format (Prettier)", () => run("prettier", ["--check", "."])],
  [
    "web build",
    async () => {
      await buildWeb("always");
      process.env.VEILLEUSE_WEB_BUILT = "1"; // the e2e global setup then reuses this build
    },
  ],
  ["size budget (JavaScript of the first load of /)", checkSizeBudget],
  [
    "worker bundle (wrangler deploy --dry-run)",
    () => run("wrangler", ["deploy", "--dry-run", "--outdir", ".wrangler/dist"]),
  ],
  ["unit tests", () => run("vitest", ["run", "--config", "tests/vitest.config.ts", "--project", "unit"])],
  [
    "API tests (Worker in workerd)",
    () => run("vitest", ["run", "--config", "tests/vitest.config.ts", "--project", "api"]),
  ],
  ["end-to-end tests (Chromium)", () => run("playwright", ["test", "--config", "tests/e2e/playwright.config.ts"])],
];

const timings: string[] = [];
for (const [name, step] of steps) {
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  try {
    await step();
  } catch (error) {
    console.error(`\n✖ ${name} failed: ${(error as Error).message}`);
    process.exit(1);
  }
  timings.push(`  ✔ ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll steps passed:\n${timings.join("\n")}`);
