// Where the desktop app finds the API. Precedence, highest first:
//   1. a `--api-origin=<url>` (or `--api-origin <url>`) command-line argument,
//   2. the VEILLEUSE_API_ORIGIN environment variable,
//   3. `config.json` in Electron's user-data directory: { "apiOrigin": "<url>" },
//   4. the default, https://veilleuse.fr.
// The first source that is present wins. If its value is not an http(s) origin, the app says why
// (a warning main.ts logs) and uses the DEFAULT, not a lower source: an explicit override that is
// wrong should not quietly become a different override.
import { readFileSync } from "node:fs";
import path from "node:path";

export const DEFAULT_API_ORIGIN = "https://veilleuse.fr";
export const API_ORIGIN_ENV = "VEILLEUSE_API_ORIGIN";
export const API_ORIGIN_ARG = "--api-origin";
export const CONFIG_FILE_NAME = "config.json";

export type OriginCheck = { ok: true; origin: string } | { ok: false; error: string };

/** Accept `http(s)://host[:port]` with at most a trailing slash; answer the normalised origin. */
export function parseApiOrigin(raw: string): OriginCheck {
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: `"${raw}" is not a URL; expected an origin such as https://veilleuse.fr` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, error: `"${raw}" uses ${url.protocol} but the API origin must be http: or https:` };
  }
  if (url.username || url.password) {
    return { ok: false, error: `"${raw}" contains credentials; the API origin must not` };
  }
  if (url.pathname !== "/" || url.search || url.hash || /[?#]/.test(value)) {
    return { ok: false, error: `"${raw}" has a path, query or fragment; give only the origin (scheme, host, port)` };
  }
  return { ok: true, origin: url.origin };
}

/** The value of --api-origin in argv, or undefined when absent. */
export function apiOriginFromArgv(argv: readonly string[]): string | undefined {
  for (const [index, arg] of argv.entries()) {
    if (arg.startsWith(`${API_ORIGIN_ARG}=`)) return arg.slice(API_ORIGIN_ARG.length + 1);
    if (arg === API_ORIGIN_ARG) return argv[index + 1] ?? "";
  }
  return undefined;
}

export type ConfigFileRead = { apiOrigin?: string; warning?: string };

/** Interpret the text of config.json (undefined when the file does not exist). */
export function parseConfigFile(text: string | undefined, filePath = CONFIG_FILE_NAME): ConfigFileRead {
  if (text === undefined) return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { warning: `${filePath} is not valid JSON; ignored` };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return { warning: `${filePath} must hold a JSON object such as {"apiOrigin": "https://veilleuse.fr"}; ignored` };
  }
  const apiOrigin = (data as Record<string, unknown>).apiOrigin;
  if (apiOrigin === undefined) return {};
  if (typeof apiOrigin !== "string") return { warning: `${filePath}: "apiOrigin" must be a string; ignored` };
  return { apiOrigin };
}

export interface ConfigSources {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** Already-read config file (see parseConfigFile). */
  file: ConfigFileRead;
}

export type ConfigSource = "argument" | "environment" | "config-file" | "default";

export interface DesktopConfig {
  apiOrigin: string;
  source: ConfigSource;
  /** Human-readable reasons a value was ignored; main.ts logs them. */
  warnings: string[];
}

function firstPresent(sources: ConfigSources): { source: ConfigSource; value: string } | undefined {
  const fromArgv = apiOriginFromArgv(sources.argv);
  if (fromArgv !== undefined) return { source: "argument", value: fromArgv };
  const fromEnv = sources.env[API_ORIGIN_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== "") return { source: "environment", value: fromEnv };
  if (sources.file.apiOrigin !== undefined) return { source: "config-file", value: sources.file.apiOrigin };
  return undefined;
}

const SOURCE_LABELS: Record<ConfigSource, string> = {
  argument: API_ORIGIN_ARG,
  environment: API_ORIGIN_ENV,
  "config-file": CONFIG_FILE_NAME,
  default: "default",
};

export function resolveDesktopConfig(sources: ConfigSources): DesktopConfig {
  const warnings = sources.file.warning ? [sources.file.warning] : [];
  const chosen = firstPresent(sources);
  if (!chosen) return { apiOrigin: DEFAULT_API_ORIGIN, source: "default", warnings };
  const check = parseApiOrigin(chosen.value);
  if (check.ok) return { apiOrigin: check.origin, source: chosen.source, warnings };
  warnings.push(
    `Invalid API origin from ${SOURCE_LABELS[chosen.source]}: ${check.error}. Using ${DEFAULT_API_ORIGIN}.`,
  );
  return { apiOrigin: DEFAULT_API_ORIGIN, source: "default", warnings };
}

function readTextIfExists(filePath: string): string | undefined {
  try {
    return readFileSync(filePath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Read every source from the real process and user-data directory (app.getPath("userData")). */
export function loadDesktopConfig(options: {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  userDataDir: string;
}): DesktopConfig {
  const filePath = path.join(options.userDataDir, CONFIG_FILE_NAME);
  let file: ConfigFileRead;
  try {
    file = parseConfigFile(readTextIfExists(filePath), filePath);
  } catch (error) {
    file = { warning: `${filePath} could not be read (${(error as Error).message}); ignored` };
  }
  return resolveDesktopConfig({ argv: options.argv, env: options.env, file });
}
