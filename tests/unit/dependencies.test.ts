// package.json lists what the code uses, and the code uses only what package.json lists: a package
// nobody imports is install time and attack surface for nothing; an undeclared one only resolves
// because another package happens to hoist it.
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SOURCE_DIRS = ["db", "edge", "web", "desktop", "scripts", "tests"];
const NOT_SOURCE = new Set(["node_modules", "dist", "out", ".wrangler", "migrations"]);
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|html)$/;
/** Static, side-effect and dynamic imports, import.meta.resolve, require calls and CSS @import; relative paths excluded. */
const IMPORT =
  /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"'./][^"']*)["']|^\s*import\s*["']([^"'./][^"']*)["']|\b(?:import|import\.meta\.resolve|require)\(\s*["']([^"'./][^"']*)["']|^@import\s+["']([^"'./][^"']*)["']/gm;
/** Pins the Node version npm scripts run with (node_modules/.bin comes first on their PATH). */
const RUNTIME_PIN = "node";

const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), "utf8"));
const packageJson = readJson("package.json");
const tsconfig = readJson("tsconfig.json");
const aliases = Object.keys(tsconfig.compilerOptions.paths).map((alias: string) => alias.replace("/*", "/"));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SOURCE.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

/** Config files at the top (eslint.config.js...) import packages too. */
const rootFiles = () =>
  readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name))
    .map((entry) => entry.name);

const sources = [...rootFiles(), ...SOURCE_DIRS.flatMap(sourceFiles)].map((path) =>
  readFileSync(join(ROOT, path), "utf8"),
);

const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
/** Node's modules, and the Workers runtime's own (`cloudflare:workers`, for the Durable Object class). */
const isBuiltin = (name: string) =>
  name.startsWith("node:") || name.startsWith("cloudflare:") || builtinModules.includes(name);
const imported = new Set(
  sources
    .flatMap((text) => [...text.matchAll(IMPORT)].map((match) => match.slice(1).find(Boolean)!))
    .filter((specifier) => !isBuiltin(specifier) && !aliases.some((alias) => specifier.startsWith(alias)))
    .map(packageOf),
);

/**
 * Binaries run by an npm script or spawned by name (run("wrangler", ...), spawn(".bin/tsx")), or by
 * their path in node_modules (the native TypeScript compiler, whose command is also `tsc`).
 */
function binaryIsRun(name: string): boolean {
  const bin = readJson(`node_modules/${name}/package.json`).bin ?? {};
  const commands = typeof bin === "string" ? [name.split("/").pop()!] : Object.keys(bin);
  const scripts = Object.values(packageJson.scripts as Record<string, string>).join(" && ");
  if ([scripts, ...sources].some((text) => text.includes(`node_modules/${name}/`))) return true;
  return commands.some(
    (command) =>
      new RegExp(`(^|[\\s&|;])${command}\\s`).test(scripts) || sources.some((text) => text.includes(`"${command}"`)),
  );
}

/** @types/x serves x, or a global environment that tsconfig's `types` names. */
function typesAreUsed(name: string, declared: string[]): boolean {
  const served = name.slice("@types/".length);
  return declared.includes(served) || tsconfig.compilerOptions.types.includes(served);
}

describe("package.json", () => {
  const dependencies = Object.keys(packageJson.dependencies);
  const devDependencies = Object.keys(packageJson.devDependencies);
  const declared = [...dependencies, ...devDependencies];

  it("lists runtime dependencies only when the code imports them", () => {
    expect(dependencies.filter((name) => !imported.has(name))).toEqual([]);
  });

  it("lists dev dependencies only when imported, run as a binary or used for types", () => {
    const unused = devDependencies.filter(
      (name) =>
        name !== RUNTIME_PIN &&
        !imported.has(name) &&
        !tsconfig.compilerOptions.types.includes(name) &&
        !(name.startsWith("@types/") && typesAreUsed(name, declared)) &&
        !binaryIsRun(name),
    );
    expect(unused).toEqual([]);
  });

  it("declares every package the code imports", () => {
    expect([...imported].filter((name) => !declared.includes(name)).sort()).toEqual([]);
  });
});
