// `npm test`: everything, in the order that fails fastest. Installs Debian's Chromium and its
// headless shell first when they are missing (the end-to-end tests drive them with Playwright).
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { checkSizeBudget } from "./size-budget";
import { CHROMIUM_PACKAGES } from "./chromium";
import { ROOT, run } from "./stack";

function ensureChromium() {
  const missing = CHROMIUM_PACKAGES.filter(({ path }) => !existsSync(path)).map(({ name }) => name);
  if (missing.length === 0) return;
  console.log(`Installing Debian's ${missing.join(" and ")} (the end-to-end tests drive them)...`);
  // CI and these machines run as root; elsewhere, sudo without a password prompt.
  const [command, ...prefix] = process.getuid?.() === 0 ? ["apt-get"] : ["sudo", "-n", "apt-get"];
  const apt = (args: string[]) =>
    execFileSync(command, [...prefix, ...args], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  apt(["update"]);
  apt(["install", "-y", "--no-install-recommends", ...missing]);
}

/**
 * A tool of node_modules/.bin whose output is kept and printed in one piece once it ends, so tools
 * running side by side never interleave their lines. Rejects with that output when it fails.
 */
function runCaptured(command: string, args: string[]): Promise<void> {
  // A path (with a slash) is taken from the repository's root: a tool whose name is another's.
  const file = command.includes("/") ? join(ROOT, command) : join(ROOT, "node_modules", ".bin", command);
  return new Promise((done, fail) => {
    const child = spawn(file, args, {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
    });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.once("error", fail);
    child.once("close", (code) => {
      const text = Buffer.concat(output).toString().trimEnd();
      if (code === 0) {
        if (text) console.log(text);
        done();
      } else fail(new Error(`${command} ${args.join(" ")} exited with ${code}${text ? `:\n${text}` : ""}`));
    });
  });
}

/**
 * The typecheck runs TypeScript 7, the native compiler (24 s and 41 core-seconds here against 48 s
 * and 62 for TypeScript 5.9). It is installed as `typescript-native`: ESLint's TypeScript parser
 * and other tools still need 5.9's JavaScript API, which 7.0 does not have, and both name their
 * command `tsc`, so the native one is called by its path.
 */
const TYPESCRIPT_NATIVE = "node_modules/typescript-native/bin/tsc";

type Step = [name: string, step: () => Promise<void> | void];

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const timings: string[] = [];

async function timed([name, step]: Step, indent = "  "): Promise<void> {
  const started = performance.now();
  try {
    await step();
  } catch (error) {
    console.error(`\n✖ ${name} failed: ${(error as Error).message}`);
    process.exit(1);
  }
  timings.push(`${indent}✔ ${name} (${seconds(started)} s)`);
  if (indent !== "  ") console.log(`  ✔ ${name} (${seconds(started)} s)`);
}

/**
 * Steps that share nothing, run side by side: each is a single-threaded tool, so on a machine of
 * two cores or more the group takes about the time of its longest member rather than their sum.
 */
async function together(name: string, steps: Step[]): Promise<void> {
  console.log(`\n▶ ${name}: ${steps.map(([step]) => step).join(", ")}`);
  const started = performance.now();
  const at = timings.length;
  await Promise.all(steps.map((step) => timed(step, "      ")));
  timings.splice(at, 0, `  ✔ ${name} (${seconds(started)} s, side by side:)`);
}

/** The worker bundle serves web/dist as its assets: it comes after the build, never beside it. */
const builds: Step = [
  "web build, size budget (JavaScript of the first load of /), worker bundle (wrangler deploy --dry-run)",
  async () => {
    await runCaptured("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
    process.env.VEILLEUSE_WEB_BUILT = "1"; // the e2e global setup then reuses this build
    checkSizeBudget();
    await runCaptured("wrangler", ["deploy", "--dry-run", "--outdir", ".wrangler/dist"]);
  },
];

const sequence: Step[] = [
  [
    "API tests (Worker in workerd)",
    () => run("vitest", ["run", "--config", "tests/vitest.config.ts", "--project", "api"]),
  ],
  ["end-to-end tests (Chromium)", () => run("playwright", ["test", "--config", "tests/e2e/playwright.config.ts"])],
];

console.log("\n▶ Chromium");
await timed(["Chromium", ensureChromium]);
// The unit tests need no build and no stack: they run beside the static checks, whose tools leave
// cores idle while they read files (on 2 cores, 94 s + 33 s one after the other).
await together("static checks, builds and unit tests", [
  ["typecheck", () => runCaptured(TYPESCRIPT_NATIVE, ["--noEmit", "-p", "tsconfig.json"])],
  ["lint (ESLint: rules and import boundaries)", () => runCaptured("eslint", ["."])],
  ["format (Prettier)", () => runCaptured("prettier", ["--check", "--log-level", "warn", "."])],
  builds,
  ["unit tests", () => runCaptured("vitest", ["run", "--config", "tests/vitest.config.ts", "--project", "unit"])],
]);
for (const step of sequence) {
  console.log(`\n▶ ${step[0]}`);
  await timed(step);
}
console.log(`\nAll steps passed:\n${timings.join("\n")}`);
