// What the benches of first visits share (main-thread.ts, script-time.ts): the seeded stack with
// the test stacks' unwatched Worker (no file watcher polling beside the measures) and Chromium's
// headless shell, and a new context per visit, as a first-time visitor on a phone.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { type Language, LANGUAGE_CHOICE_KEY } from "../../db/i18n/languages";
import { CHROMIUM_HEADLESS_SHELL_PATH } from "../../scripts/chromium";
import { startStack } from "../../scripts/stack";

/** Runs `use` with the stack's URL and the headless shell, then stops both. */
export async function withStackAndShell(use: (origin: string, browser: Browser) => Promise<void>): Promise<void> {
  const dbFile = join(mkdtempSync(join(tmpdir(), "veilleuse-bench-")), "bench.db");
  const stack = await startStack({ dbFile, seed: true, build: "if-missing", quiet: true, watch: false });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_HEADLESS_SHELL_PATH,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    await use(stack.url, browser);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

/**
 * A new context (empty caches: a first visit) on a phone's viewport, in `language`: its cookie set
 * as the language switch stores it, the browser's locale to match. Not yet on any page.
 */
export async function phoneVisitor(
  browser: Browser,
  url: string,
  language: Language,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    locale: language === "en" ? "en-GB" : "fr-FR",
  });
  await context.addCookies([{ name: LANGUAGE_CHOICE_KEY, value: language, url }]);
  return { context, page: await context.newPage() };
}
