// Where the desktop app looks for the API: argument > environment > user-data config.json > default,
// and what happens to values that are not an http(s) origin.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  API_ORIGIN_ENV,
  CONFIG_FILE_NAME,
  DEFAULT_API_ORIGIN,
  apiOriginFromArgv,
  loadDesktopConfig,
  parseApiOrigin,
  parseConfigFile,
  resolveDesktopConfig,
} from "../../desktop/config";

describe("parseApiOrigin", () => {
  it.each([
    ["https://veilleuse.fr", "https://veilleuse.fr"],
    ["https://veilleuse.fr/", "https://veilleuse.fr"],
    ["  https://api.veilleuse.fr  ", "https://api.veilleuse.fr"],
    ["HTTPS://API.Veilleuse.FR", "https://api.veilleuse.fr"],
    ["https://veilleuse.fr:443", "https://veilleuse.fr"],
    ["http://localhost:8787", "http://localhost:8787"],
    ["http://127.0.0.1:8787/", "http://127.0.0.1:8787"],
    ["https://[::1]:8443", "https://[::1]:8443"],
  ])("accepts %s as %s", (raw, origin) => {
    expect(parseApiOrigin(raw)).toEqual({ ok: true, origin });
  });

  it.each([
    ["", "is not a URL"],
    ["veilleuse.fr", "is not a URL"],
    ["not a url", "is not a URL"],
    ["ftp://veilleuse.fr", "must be http: or https:"],
    ["file:///etc/passwd", "must be http: or https:"],
    ["javascript:alert(1)", "must be http: or https:"],
    ["ws://veilleuse.fr", "must be http: or https:"],
    ["app://veilleuse", "must be http: or https:"],
    ["https://user:pass@veilleuse.fr", "contains credentials"],
    ["https://veilleuse.fr/api", "give only the origin"],
    ["https://veilleuse.fr/?x=1", "give only the origin"],
    ["https://veilleuse.fr/?", "give only the origin"],
    ["https://veilleuse.fr#top", "give only the origin"],
  ])("rejects %j with a clear error", (raw, message) => {
    const result = parseApiOrigin(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });
});

describe("apiOriginFromArgv", () => {
  it("reads --api-origin=URL and --api-origin URL", () => {
    expect(apiOriginFromArgv(["/opt/Veilleuse/veilleuse", "--api-origin=http://localhost:8787"])).toBe(
      "http://localhost:8787",
    );
    expect(apiOriginFromArgv(["electron", ".", "--api-origin", "https://a.example"])).toBe("https://a.example");
  });

  it("is undefined when absent and empty when the value is missing", () => {
    expect(apiOriginFromArgv(["electron", ".", "--api-originx=https://a.example"])).toBeUndefined();
    expect(apiOriginFromArgv(["electron", "--api-origin"])).toBe("");
  });
});

describe("parseConfigFile", () => {
  it("reads apiOrigin, ignores a missing file or key", () => {
    expect(parseConfigFile('{"apiOrigin":"https://a.example"}')).toEqual({ apiOrigin: "https://a.example" });
    expect(parseConfigFile(undefined)).toEqual({});
    expect(parseConfigFile('{"theme":"dark"}')).toEqual({});
  });

  it.each([
    ["{not json", "not valid JSON"],
    ["[]", "must hold a JSON object"],
    ["null", "must hold a JSON object"],
    ['"https://a.example"', "must hold a JSON object"],
    ['{"apiOrigin": 42}', '"apiOrigin" must be a string'],
  ])("warns about %s", (text, message) => {
    const result = parseConfigFile(text, "/home/u/.config/Veilleuse/config.json");
    expect(result.apiOrigin).toBeUndefined();
    expect(result.warning).toContain(message);
    expect(result.warning).toContain("/home/u/.config/Veilleuse/config.json");
  });
});

describe("resolveDesktopConfig precedence", () => {
  const arg = ["app", "--api-origin=https://arg.example"];
  const env = { [API_ORIGIN_ENV]: "https://env.example" };
  const file = { apiOrigin: "https://file.example" };

  it("uses the default when nothing is set", () => {
    expect(resolveDesktopConfig({ argv: ["app"], env: {}, file: {} })).toEqual({
      apiOrigin: DEFAULT_API_ORIGIN,
      source: "default",
      warnings: [],
    });
    expect(DEFAULT_API_ORIGIN).toBe("https://veilleuse.fr");
  });

  it("argument beats environment beats config file", () => {
    expect(resolveDesktopConfig({ argv: arg, env, file })).toMatchObject({
      apiOrigin: "https://arg.example",
      source: "argument",
    });
    expect(resolveDesktopConfig({ argv: ["app"], env, file })).toMatchObject({
      apiOrigin: "https://env.example",
      source: "environment",
    });
    expect(resolveDesktopConfig({ argv: ["app"], env: {}, file })).toMatchObject({
      apiOrigin: "https://file.example",
      source: "config-file",
    });
  });

  it("treats a blank environment variable as unset", () => {
    expect(resolveDesktopConfig({ argv: ["app"], env: { [API_ORIGIN_ENV]: "  " }, file })).toMatchObject({
      source: "config-file",
    });
  });

  it("normalises the chosen origin", () => {
    expect(
      resolveDesktopConfig({ argv: ["app", "--api-origin=HTTP://LOCALHOST:8787/"], env: {}, file: {} }).apiOrigin,
    ).toBe("http://localhost:8787");
  });

  it.each([
    ["argument", { argv: ["app", "--api-origin=javascript:alert(1)"], env, file }, "--api-origin"],
    ["environment", { argv: ["app"], env: { [API_ORIGIN_ENV]: "file:///etc" }, file }, API_ORIGIN_ENV],
    ["config file", { argv: ["app"], env: {}, file: { apiOrigin: "https://x.example/api" } }, CONFIG_FILE_NAME],
  ])("an invalid %s falls back to the default with a warning naming the source", (_label, sources, sourceName) => {
    const config = resolveDesktopConfig(sources);
    expect(config.apiOrigin).toBe(DEFAULT_API_ORIGIN);
    expect(config.source).toBe("default");
    expect(config.warnings).toHaveLength(1);
    expect(config.warnings[0]).toContain(sourceName);
    expect(config.warnings[0]).toContain(`Using ${DEFAULT_API_ORIGIN}`);
  });

  it("keeps the config-file warning even when another source wins", () => {
    const config = resolveDesktopConfig({
      argv: ["app"],
      env,
      file: { warning: "config.json is not valid JSON; ignored" },
    });
    expect(config).toEqual({
      apiOrigin: "https://env.example",
      source: "environment",
      warnings: ["config.json is not valid JSON; ignored"],
    });
  });
});

describe("loadDesktopConfig with a real user-data directory", () => {
  let userDataDir: string;
  beforeEach(() => {
    userDataDir = mkdtempSync(path.join(tmpdir(), "veilleuse-userdata-"));
  });
  afterEach(() => rmSync(userDataDir, { recursive: true, force: true }));

  it("uses the default when there is no config.json", () => {
    expect(loadDesktopConfig({ argv: ["app"], env: {}, userDataDir })).toMatchObject({
      apiOrigin: DEFAULT_API_ORIGIN,
      source: "default",
    });
  });

  it("reads config.json from the user-data directory", () => {
    writeFileSync(
      path.join(userDataDir, CONFIG_FILE_NAME),
      JSON.stringify({ apiOrigin: "https://staging.veilleuse.fr/" }),
    );
    expect(loadDesktopConfig({ argv: ["app"], env: {}, userDataDir })).toEqual({
      apiOrigin: "https://staging.veilleuse.fr",
      source: "config-file",
      warnings: [],
    });
  });

  it("ignores a broken config.json with a warning", () => {
    writeFileSync(path.join(userDataDir, CONFIG_FILE_NAME), "{ apiOrigin: nope");
    const config = loadDesktopConfig({ argv: ["app"], env: {}, userDataDir });
    expect(config.apiOrigin).toBe(DEFAULT_API_ORIGIN);
    expect(config.warnings[0]).toContain("not valid JSON");
  });

  it("reports an unreadable config.json instead of crashing", () => {
    // A directory where the file should be: reading it fails with EISDIR.
    mkdirSync(path.join(userDataDir, CONFIG_FILE_NAME));
    const config = loadDesktopConfig({ argv: ["app"], env: {}, userDataDir });
    expect(config.apiOrigin).toBe(DEFAULT_API_ORIGIN);
    expect(config.warnings[0]).toContain("could not be read");
  });
});
