// Every text exists in French and English: the same keys, no empty text, the same {{placeholders}}
// (a translation that drops `{{count}}` would print a sentence without its number). And every
// message key the validators and the API use has its text.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { planFeatureKey, planNameKey, PLANS } from "@db/constants/plans";
import { languageOf } from "@db/i18n/languages";
import { pickLang } from "@edge/lib/i18n";

const ROOT = join(import.meta.dirname, "../..");
/** The shared texts, and each feature's own (web/src/features/<feature>/i18n). */
const LOCALE_ROOTS = [
  "db/i18n",
  "edge/i18n",
  "web/src/i18n",
  ...readdirSync(join(ROOT, "web/src/features"))
    .map((feature) => `web/src/features/${feature}/i18n`)
    .filter((dir) => existsSync(join(ROOT, dir))),
];

type Tree = { [key: string]: string | Tree };

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** fr.json or fr/<namespace>.json, each with its English twin. */
const frenchFiles = () =>
  LOCALE_ROOTS.flatMap((root) => walk(join(ROOT, root))).filter((path) =>
    /(^|\/)fr(\.json$|\/)/.test(relative(ROOT, path)),
  );
const englishTwin = (path: string) => path.replace(/(^|\/)fr(\.json$|\/)/, "$1en$2");

const read = (path: string): Tree => JSON.parse(readFileSync(path, "utf8"));
const leaves = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * The top-level keys of the French texts a module defines for itself with `defineTexts({ fr: {...}, en: {...} })`
 * (a small component's words that travel in its own chunk rather than in a JSON file).
 */
function inlineFrenchKeys(source: string): Set<string> {
  const keys = new Set<string>();
  for (const call of source.matchAll(/defineTexts\(\{\s*fr:\s*\{([\s\S]*?)\n?\s*\},?\s*en:/g))
    for (const key of call[1].matchAll(/(?:^|[{,\n])\s*(\w+)\s*:/g)) keys.add(key[1]);
  return keys;
}

describe("translations", () => {
  const files = frenchFiles();

  it("are found where the layout puts them", () => {
    expect(files.map((path) => relative(ROOT, path))).toEqual(
      expect.arrayContaining(["db/i18n/fr.json", "edge/i18n/fr.json"]),
    );
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  it.each(files.map((path) => [relative(ROOT, path), path]))(
    "%s has an English twin with the same keys and placeholders",
    (_, path) => {
      const french = new Map(leaves(read(path)));
      const english = new Map(leaves(read(englishTwin(path))));
      expect([...english.keys()].sort()).toEqual([...french.keys()].sort());
      for (const [key, text] of french) {
        expect(text.trim(), `fr ${key}`).not.toBe("");
        expect(english.get(key)!.trim(), `en ${key}`).not.toBe("");
        expect(placeholders(english.get(key)!), key).toEqual(placeholders(text));
      }
    },
  );

  it("have a French text for every message key the validators and the API use", () => {
    const serverTexts = new Map(
      ["db/i18n/fr.json", "db/i18n/fr/core.json", "edge/i18n/fr.json"].flatMap((path) =>
        leaves(read(join(ROOT, path))),
      ),
    );
    const sources = ["db/validators", "edge"]
      .flatMap((dir) => walk(join(ROOT, dir)))
      .filter((path) => path.endsWith(".ts"));
    const used = new Set(
      sources.flatMap((path) =>
        [
          ...readFileSync(path, "utf8").matchAll(
            /["'`]((?:validation|errors|emails|profiles|seo|messages|billing|delivery)\.[\w.]+)["'`]/g,
          ),
        ].map((m) => m[1]),
      ),
    );
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => !serverTexts.has(key))).toEqual([]);
  });

  it("have a text for every key the web app asks for: the frame's and shared keys, or the feature's own namespace", () => {
    const textsOf = (paths: string[]) =>
      new Set(paths.flatMap((path) => leaves(read(join(ROOT, path))).map(([key]) => key)));
    // The frame's texts, those the pages share, and the server's shared ones (web/src/i18n/frame-texts.ts).
    const frameTexts = textsOf(
      frenchFiles()
        .map((path) => relative(ROOT, path))
        .filter((path) => path.startsWith("web/src/i18n/") || path.startsWith("db/i18n/")),
    );
    const webFiles = walk(join(ROOT, "web/src")).filter((path) => /\.tsx?$/.test(path));
    const missing = webFiles.flatMap((path) => {
      const feature = relative(ROOT, path).match(/^web\/src\/features\/([^/]+)\//)?.[1];
      // The feature's fr.json, and any namespace file of its own (i18n/fr/<name>.json).
      const featureDir = feature && join(ROOT, `web/src/features/${feature}/i18n`);
      const ownFiles =
        featureDir && existsSync(featureDir)
          ? walk(featureDir).filter((file) => /(^|\/)fr(\.json$|\/)/.test(relative(featureDir, file)))
          : [];
      const own = textsOf(ownFiles.map((file) => relative(ROOT, file)));
      const source = readFileSync(path, "utf8");
      const keys = [...source.matchAll(/\bt\(\s*["'`]([\w.]+)["'`]/g)].map((m) => m[1]);
      const inline = inlineFrenchKeys(source);
      // A plural is asked for by its base key: t("favourites.count.count", { count }) reads count_one...
      const base = (text: string) => text.replace(/_(zero|one|two|few|many|other)$/, "");
      const known = (key: string) =>
        [...inline].some((text) => base(text) === key) ||
        [...frameTexts, ...own].some((text) => base(text) === key || text.startsWith(`${key}.`));
      return keys.filter((key) => !known(key)).map((key) => `${relative(ROOT, path)}: ${key}`);
    });
    expect(missing).toEqual([]);
  });
});

describe("the interface language", () => {
  it("is English when the first preferred language is English, French otherwise", () => {
    expect(pickLang("en-GB,en;q=0.9,fr;q=0.8")).toBe("en");
    expect(pickLang("fr-FR,fr;q=0.9,en;q=0.8")).toBe("fr");
    expect(pickLang("de-DE,en;q=0.5")).toBe("fr");
    expect(pickLang(undefined)).toBe("fr");
    expect(languageOf(" EN-us")).toBe("en");
  });
});

describe("the plans' texts", () => {
  it("name every plan and feature in French and English (their keys are derived, not written out)", () => {
    for (const lang of ["fr", "en"]) {
      const texts = new Map(leaves(read(join(ROOT, `db/i18n/${lang}/core.json`))));
      const keys = Object.values(PLANS).flatMap((plan) => [
        planNameKey(plan.id),
        ...plan.features.map((feature) => planFeatureKey(feature)),
      ]);
      expect(keys.filter((key) => !texts.get(key)?.trim())).toEqual([]);
    }
  });
});
