// desktop/electron-builder.json is checked against electron-builder's own schema (the validator
// the CLI runs first), and against the facts it must agree with: the installed Electron version
// and the paths desktop/build.ts and the Vite build write. Finally the real electron-builder CLI
// packs a copy of the project (`--linux dir`); since the Electron binary cannot be downloaded
// here, it is given a stand-in distribution (`electronDist`), and we read what went into app.asar.
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildDesktop } from "../../desktop/build";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const require = createRequire(import.meta.url);
const config = JSON.parse(readFileSync(path.join(repoRoot, "desktop", "electron-builder.json"), "utf8"));

type Validate = (config: unknown, logger: { isEnabled: boolean; add(): void }) => Promise<void>;
// electron-builder's CLI validates with this function; app-builder-lib is its packaging library.
const appBuilderLib = path.dirname(require.resolve("app-builder-lib/package.json"));
const { validateConfiguration } = require(path.join(appBuilderLib, "out/util/config/config.js")) as {
  validateConfiguration: Validate;
};
const quietLogger = { isEnabled: false, add() {} };

describe("desktop/electron-builder.json", () => {
  it("passes electron-builder's schema validation", async () => {
    await expect(validateConfiguration(config, quietLogger)).resolves.toBeUndefined();
  });

  it("is really validated (an unknown key is rejected)", async () => {
    await expect(validateConfiguration({ ...config, notAnOption: true }, quietLogger)).rejects.toThrow(/notAnOption/);
  });

  it("names the app and pins the installed Electron version", () => {
    const installed = JSON.parse(
      readFileSync(path.join(repoRoot, "node_modules", "electron", "package.json"), "utf8"),
    ).version;
    expect(config.appId).toBe("fr.veilleuse.desktop");
    expect(config.productName).toBe("Veilleuse");
    expect(config.electronVersion).toBe(installed);
    expect(config.electronVersion).toMatch(/^45\./);
  });

  it("ships only the bundles and the web build, starting at the bundled main", () => {
    expect(config.extraMetadata.main).toBe("desktop/out/main.js");
    expect(config.files).toEqual(expect.arrayContaining(["desktop/out/**/*", "web/dist/**/*", "!node_modules/**/*"]));
  });

  it("gives every platform the app's icon, a square PNG of at least 512 px", () => {
    const icon = readFileSync(path.join(repoRoot, config.icon));
    // PNG signature, then the IHDR chunk's width and height (big-endian, bytes 16-23).
    expect(icon.subarray(1, 4).toString("latin1")).toBe("PNG");
    const [width, height] = [icon.readUInt32BE(16), icon.readUInt32BE(20)];
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(512);
    for (const platform of ["linux", "win", "mac"]) expect(config[platform].icon).toBe(config.icon);
  });

  it("sets the update feed: a generic provider over https, per OS and architecture", () => {
    expect(config.publish).toEqual([
      expect.objectContaining({ provider: "generic", url: expect.stringMatching(/^https:\/\/.*\$\{os\}/) }),
    ]);
  });

  it("targets AppImage and deb, NSIS, and DMG", () => {
    expect(config.linux.target).toEqual(["AppImage", "deb"]);
    expect(config.win.target).toEqual(["nsis"]);
    expect(config.mac.target).toEqual(["dmg"]);
  });
});

/** A throw-away copy of the project: package.json, the builder config and hook, fresh bundles, a fake web build. */
async function stageProject(base: string): Promise<string> {
  const project = path.join(base, "project");
  mkdirSync(path.join(project, "desktop"), { recursive: true });
  mkdirSync(path.join(project, "web", "dist", "assets"), { recursive: true });
  copyFileSync(path.join(repoRoot, "package.json"), path.join(project, "package.json"));
  for (const name of ["electron-builder.json", "before-build.cjs"]) {
    copyFileSync(path.join(repoRoot, "desktop", name), path.join(project, "desktop", name));
  }
  mkdirSync(path.join(project, "desktop", "build-resources"));
  copyFileSync(path.join(repoRoot, config.icon), path.join(project, config.icon));
  writeFileSync(path.join(project, "desktop", "main.ts"), "// sources must not be shipped");
  await buildDesktop(path.join(project, "desktop", "out"));
  writeFileSync(path.join(project, "web", "dist", "index.html"), "<!doctype html>");
  writeFileSync(path.join(project, "web", "dist", "assets", "app.js"), "");
  return project;
}

function stageFakeElectron(base: string): string {
  const dist = path.join(base, "electron-dist");
  mkdirSync(path.join(dist, "resources"), { recursive: true });
  writeFileSync(path.join(dist, "electron"), "#!/bin/sh\n");
  chmodSync(path.join(dist, "electron"), 0o755);
  writeFileSync(path.join(dist, "version"), config.electronVersion);
  return dist;
}

describe("electron-builder packing (linux dir, stand-in Electron distribution)", () => {
  it("puts exactly the bundles, the web build and package.json in app.asar, with main at desktop/out/main.js", async () => {
    const base = mkdtempSync(path.join(tmpdir(), "veilleuse-pack-"));
    try {
      const project = await stageProject(base);
      const output = path.join(base, "out");
      const cli = path.join(repoRoot, "node_modules", ".bin", "electron-builder");
      execFileSync(
        cli,
        [
          "--config",
          "desktop/electron-builder.json",
          "--linux",
          "dir",
          `-c.electronDist=${stageFakeElectron(base)}`,
          `-c.directories.output=${output}`,
        ],
        { cwd: project, stdio: "pipe", env: { ...process.env, CI: "true" } },
      );
      const asar = require(require.resolve("@electron/asar", { paths: [appBuilderLib] })) as {
        listPackage(file: string): string[];
        extractFile(file: string, inner: string): Buffer;
      };
      const archive = path.join(output, "linux-unpacked", "resources", "app.asar");
      const files = asar.listPackage(archive).map((entry) => entry.replaceAll("\\", "/"));
      expect(files.filter((entry) => /\.[a-z]+$/.test(entry)).sort()).toEqual([
        "/desktop/out/main.js",
        "/desktop/out/package.json",
        "/desktop/out/preload.js",
        "/package.json",
        "/web/dist/assets/app.js",
        "/web/dist/index.html",
      ]);
      const packaged = JSON.parse(asar.extractFile(archive, "package.json").toString());
      expect(packaged.main).toBe("desktop/out/main.js");
      expect(packaged.devDependencies).toBeUndefined();
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }, 120_000);
});
