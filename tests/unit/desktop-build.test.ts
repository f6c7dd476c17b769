// The desktop bundles and packaging config, without the Electron binary (not installable here):
// desktop/build.ts really runs esbuild; the bundles are then executed in a VM whose `electron`
// module is a recording stand-in, to check what the preload exposes and what main wires up.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesktop } from "../../desktop/build";
import { IPC_CHANNELS } from "../../desktop/bridge";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
let outdir: string;
let mainCode: string;
let preloadCode: string;

beforeAll(async () => {
  outdir = mkdtempSync(path.join(tmpdir(), "veilleuse-desktop-out-"));
  await buildDesktop(outdir);
  mainCode = readFileSync(path.join(outdir, "main.js"), "utf8");
  preloadCode = readFileSync(path.join(outdir, "preload.js"), "utf8");
});

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const requiredModules = (code: string) => [...code.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]);

/** Run a CommonJS bundle with `electron` replaced by `fakeElectron`; anything else is refused. */
function runBundle(code: string, fakeElectron: unknown, allowNode: boolean, dirname = outdir) {
  const module = { exports: {} };
  const require = (name: string) => {
    if (name === "electron") return fakeElectron;
    if (allowNode && name.startsWith("node:")) return process.getBuiltinModule(name);
    throw new Error(`unexpected require(${name})`);
  };
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`);
  wrapper(module.exports, require, module, path.join(dirname, "main.js"), dirname);
}

describe("desktop/build.ts", () => {
  it("writes main.js, preload.js and a CommonJS marker", () => {
    expect(existsSync(path.join(outdir, "main.js"))).toBe(true);
    expect(existsSync(path.join(outdir, "preload.js"))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(outdir, "package.json"), "utf8"))).toEqual({ type: "commonjs" });
  });

  it("keeps electron external and needs no node_modules at run time", () => {
    expect(requiredModules(mainCode)).toContain("electron");
    for (const name of requiredModules(mainCode)) expect(name === "electron" || name.startsWith("node:")).toBe(true);
    // The sandboxed preload can load electron and nothing else.
    expect(requiredModules(preloadCode)).toEqual(["electron"]);
  });

  it("runs as a CLI with --outdir", () => {
    const cliOut = mkdtempSync(path.join(tmpdir(), "veilleuse-desktop-cli-"));
    try {
      const tsx = path.join(repoRoot, "node_modules", ".bin", "tsx");
      const output = execFileSync(tsx, ["desktop/build.ts", `--outdir=${cliOut}`], { cwd: repoRoot, encoding: "utf8" });
      expect(output).toContain("desktop bundles written");
      expect(existsSync(path.join(cliOut, "main.js"))).toBe(true);
      expect(existsSync(path.join(cliOut, "preload.js"))).toBe(true);
    } finally {
      rmSync(cliOut, { recursive: true, force: true });
    }
  });
});

describe("the preload bundle", () => {
  function runPreload(config: unknown) {
    const exposed: Record<string, unknown> = {};
    const sent: unknown[][] = [];
    const invoked: unknown[][] = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
      ipcRenderer: {
        sendSync: (...args: unknown[]) => (sent.push(args), config),
        invoke: async (...args: unknown[]) => {
          invoked.push(args);
        },
      },
    };
    runBundle(preloadCode, electron, false);
    return { exposed, sent, invoked };
  }

  it("exposes exactly window.veilleuse with the bridge shape", async () => {
    const { exposed, sent, invoked } = runPreload({ version: "0.1.0", apiOrigin: "https://veilleuse.fr" });
    expect(sent).toEqual([[IPC_CHANNELS.getConfig]]);
    expect(Object.keys(exposed)).toEqual(["veilleuse"]);
    const bridge = exposed.veilleuse as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual(["apiOrigin", "openExternal", "platform", "saveFile", "version"]);
    expect(bridge).toMatchObject({ platform: "desktop", version: "0.1.0", apiOrigin: "https://veilleuse.fr" });
    await expect(
      (bridge.openExternal as (url: string) => Promise<void>)("https://veilleuse.fr/aide"),
    ).resolves.toBeUndefined();
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf]);
    await (bridge.saveFile as (name: string, bytes: Uint8Array) => Promise<boolean>)("audit.csv", bytes);
    expect(invoked).toEqual([
      [IPC_CHANNELS.openExternal, "https://veilleuse.fr/aide"],
      [IPC_CHANNELS.saveFile, "audit.csv", bytes],
    ]);
  });

  it("exposes nothing when main refuses the frame", () => {
    expect(runPreload(null).exposed).toEqual({});
  });
});

describe("the main bundle", () => {
  type Listener = (...args: unknown[]) => unknown;

  function fakeElectron(gotLock: boolean, ready: Promise<void> = new Promise(() => {})) {
    const calls: string[] = [];
    const appListeners: Record<string, Listener> = {};
    const ipcOn: Record<string, Listener> = {};
    const ipcHandle: Record<string, Listener> = {};
    const protocolHandlers: Record<string, (request: { url: string; method: string }) => Promise<Response>> = {};
    const permission: { request?: Listener; check?: Listener } = {};
    const windows: { options: { webPreferences: Record<string, unknown> }; loaded?: string }[] = [];
    const opened: string[] = [];
    let schemes: unknown;
    class BrowserWindow {
      static getAllWindows = () => windows;
      record: (typeof windows)[number];
      constructor(options: (typeof windows)[number]["options"]) {
        this.record = { options };
        windows.push(this.record);
      }
      once() {}
      on() {}
      async loadURL(url: string) {
        this.record.loaded = url;
      }
    }
    const electron = {
      protocol: {
        registerSchemesAsPrivileged: (value: unknown) => {
          calls.push("registerSchemesAsPrivileged");
          schemes = value;
        },
        handle: (scheme: string, handler: (typeof protocolHandlers)[string]) => {
          calls.push(`handle:${scheme}`);
          protocolHandlers[scheme] = handler;
        },
      },
      app: {
        isPackaged: false,
        enableSandbox: () => calls.push("enableSandbox"),
        requestSingleInstanceLock: () => (calls.push("requestSingleInstanceLock"), gotLock),
        quit: () => calls.push("quit"),
        getPath: () => path.join(outdir, "no-such-user-data"),
        getVersion: () => "0.1.0",
        on: (event: string, listener: Listener) => {
          calls.push(`app.on:${event}`);
          appListeners[event] = listener;
        },
        whenReady: () => ready,
      },
      BrowserWindow,
      ipcMain: {
        on: (channel: string, listener: Listener) => (ipcOn[channel] = listener),
        handle: (channel: string, listener: Listener) => (ipcHandle[channel] = listener),
      },
      session: {
        defaultSession: {
          setPermissionRequestHandler: (handler: Listener) => (permission.request = handler),
          setPermissionCheckHandler: (handler: Listener) => (permission.check = handler),
        },
      },
      shell: { openExternal: async (url: string) => void opened.push(url) },
    };
    return {
      electron,
      calls,
      appListeners,
      ipcOn,
      ipcHandle,
      protocolHandlers,
      permission,
      windows,
      opened,
      schemes: () => schemes,
    };
  }

  it("registers the privileged app scheme before anything else and takes the single-instance lock", () => {
    const fake = fakeElectron(true);
    runBundle(mainCode, fake.electron, true);
    expect(fake.calls.slice(0, 3)).toEqual([
      "registerSchemesAsPrivileged",
      "enableSandbox",
      "requestSingleInstanceLock",
    ]);
    expect(fake.schemes()).toEqual([
      { scheme: "app", privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ]);
    expect(fake.calls).toEqual(expect.arrayContaining(["app.on:second-instance", "app.on:web-contents-created"]));
    expect(fake.calls).not.toContain("quit");
  });

  it("hardens every new WebContents", () => {
    const fake = fakeElectron(true);
    runBundle(mainCode, fake.electron, true);
    const handlers: Record<string, Listener> = {};
    let openHandler: ((details: { url: string }) => unknown) | undefined;
    const contents = {
      setWindowOpenHandler: (handler: (details: { url: string }) => unknown) => (openHandler = handler),
      on: (event: string, handler: Listener) => (handlers[event] = handler),
    };
    fake.appListeners["web-contents-created"]({}, contents);
    expect(openHandler?.({ url: "javascript:alert(1)" })).toEqual({ action: "deny" });
    expect(openHandler?.({ url: "https://veilleuse.fr/aide" })).toEqual({ action: "deny" });
    expect(fake.opened).toEqual(["https://veilleuse.fr/aide"]);
    expect(Object.keys(handlers).sort()).toEqual(["will-attach-webview", "will-navigate", "will-redirect"]);
    let prevented = 0;
    handlers["will-navigate"]({ url: "file:///etc/passwd", preventDefault: () => prevented++ });
    handlers["will-navigate"]({ url: "app://veilleuse/bookings", preventDefault: () => prevented++ });
    handlers["will-redirect"]({ url: "app://evil/", preventDefault: () => prevented++ });
    expect(prevented).toBe(2);
  });

  it("once ready, serves the web build, answers the bridge and opens one hardened window", async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), "veilleuse-desktop-web-"));
    writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>Veilleuse</title>");
    writeFileSync(path.join(webRoot, "app-shell.html"), "<!doctype html><title>Veilleuse</title>");
    const saved = { root: process.env.VEILLEUSE_WEB_ROOT, origin: process.env.VEILLEUSE_API_ORIGIN };
    process.env.VEILLEUSE_WEB_ROOT = webRoot;
    process.env.VEILLEUSE_API_ORIGIN = "http://localhost:8787";
    try {
      const fake = fakeElectron(true, Promise.resolve());
      runBundle(mainCode, fake.electron, true);
      await new Promise((resolve) => setTimeout(resolve, 0));

      const page = await fake.protocolHandlers.app({ url: "app://veilleuse/bookings", method: "GET" });
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain(
        "connect-src 'self' http://localhost:8787 ws://localhost:8787",
      );
      expect(
        (await fake.protocolHandlers.app({ url: "app://veilleuse/%2e%2e/etc/passwd", method: "GET" })).status,
      ).toBe(403);

      const event = { senderFrame: { url: "app://veilleuse/" }, returnValue: undefined as unknown };
      fake.ipcOn[IPC_CHANNELS.getConfig](event);
      expect(event.returnValue).toEqual({ version: "0.1.0", apiOrigin: "http://localhost:8787" });
      const foreign = { senderFrame: { url: "https://evil.example/" }, returnValue: undefined as unknown };
      fake.ipcOn[IPC_CHANNELS.getConfig](foreign);
      expect(foreign.returnValue).toBeNull();
      await fake.ipcHandle[IPC_CHANNELS.openExternal]({ senderFrame: { url: "app://veilleuse/" } }, "mailto:a@b.fr");
      await expect(
        fake.ipcHandle[IPC_CHANNELS.openExternal]({ senderFrame: { url: "app://veilleuse/" } }, "file:///etc"),
      ).rejects.toThrow();
      expect(fake.opened).toEqual(["mailto:a@b.fr"]);

      const granted: boolean[] = [];
      fake.permission.request?.({ getURL: () => "app://veilleuse/" }, "media", (ok: boolean) => granted.push(ok));
      fake.permission.request?.({ getURL: () => "app://veilleuse/" }, "notifications", (ok: boolean) =>
        granted.push(ok),
      );
      expect(granted).toEqual([false, true]);
      expect(fake.permission.check?.(null, "geolocation", "app://veilleuse")).toBe(false);

      expect(fake.windows).toHaveLength(1);
      // It opens on the sign-in page, which sends a signed-in admin on to the console.
      expect(fake.windows[0].loaded).toBe("app://veilleuse/login");
      expect(fake.windows[0].options.webPreferences).toMatchObject({
        preload: path.join(outdir, "preload.js"),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
      });
    } finally {
      for (const [key, value] of [
        ["VEILLEUSE_WEB_ROOT", saved.root],
        ["VEILLEUSE_API_ORIGIN", saved.origin],
      ] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      rmSync(webRoot, { recursive: true, force: true });
    }
  });

  it("quits when another instance already runs", () => {
    const fake = fakeElectron(false);
    runBundle(mainCode, fake.electron, true);
    expect(fake.calls).toContain("quit");
    expect(fake.calls).not.toContain("app.on:web-contents-created");
  });
});
