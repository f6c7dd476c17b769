// Window hardening: new windows, navigation, permissions, webPreferences and the bridge's IPC
// answers, as the plain decisions desktop/main.ts wires to Electron.
import { describe, expect, it } from "vitest";
import { APP_ORIGIN } from "../../db/constants/origins";
import { BRIDGE_GLOBAL_NAME, IPC_CHANNELS } from "../../desktop/bridge";
import {
  answerGetConfig,
  answerOpenExternal,
  answerSaveFile,
  BridgeRequestRefused,
  isTrustedSender,
  type SaveFileSystem,
} from "../../desktop/ipc-handlers";
import { SAVE_FILE_MAX_BYTES } from "../../desktop/bridge";
import {
  buildWebPreferences,
  checkExternalUrl,
  decideNavigation,
  decidePermission,
  decideWindowOpen,
  isAppUrl,
} from "../../desktop/window-policy";

const externalOk = [
  ["https://veilleuse.fr/aide", "https://veilleuse.fr/aide"],
  ["http://example.com", "http://example.com/"],
  ["HTTPS://Example.COM/Path?q=1#frag", "https://example.com/Path?q=1#frag"],
  ["mailto:contact@veilleuse.fr", "mailto:contact@veilleuse.fr"],
  ["mailto:contact@veilleuse.fr?subject=Bonjour", "mailto:contact@veilleuse.fr?subject=Bonjour"],
] as const;

const externalRefused = [
  ["javascript:alert(1)", "scheme javascript:"],
  ["JavaScript:alert(document.cookie)", "scheme javascript:"],
  ["file:///etc/passwd", "scheme file:"],
  ["file://C:/Windows/System32/calc.exe", "scheme file:"],
  ["data:text/html,<script>alert(1)</script>", "scheme data:"],
  ["blob:app://veilleuse/1234", "scheme blob:"],
  ["vbscript:msgbox", "scheme vbscript:"],
  ["smb://attacker/share", "scheme smb:"],
  ["ms-msdt:/id PCWDiagnostic", "scheme ms-msdt:"],
  ["tel:+33123456789", "scheme tel:"],
  ["ftp://example.com/file", "scheme ftp:"],
  ["app://veilleuse/bookings", "scheme app:"],
  ["chrome://settings", "scheme chrome:"],
  ["https://veilleuse.fr@evil.example/", "credentials"],
  ["https://user:pass@example.com/", "credentials"],
  ["/relative/path", "not an absolute URL"],
  ["", "not an absolute URL"],
  ["https://exa mple.com", "not an absolute URL"],
  ["https://example.com/\u0000", "control characters"],
  [`https://example.com/${"a".repeat(3000)}`, "too long"],
] as const;

describe("checkExternalUrl", () => {
  it.each(externalOk)("allows %s", (url, normalised) => {
    expect(checkExternalUrl(url)).toEqual({ allowed: true, url: normalised });
  });

  it.each(externalRefused)("refuses %j (%s)", (url, reason) => {
    const check = checkExternalUrl(url);
    expect(check.allowed).toBe(false);
    if (!check.allowed) expect(check.reason).toContain(reason);
  });

  it.each([undefined, null, 42, { href: "https://example.com" }])("refuses the non-string %j", (value) => {
    expect(checkExternalUrl(value)).toEqual({ allowed: false, reason: "not a string" });
  });
});

describe("decideWindowOpen", () => {
  it.each(externalOk)("denies the window for %s and opens it in the system browser", (url, normalised) => {
    expect(decideWindowOpen(url)).toEqual({ action: "deny", openExternal: normalised });
  });

  it.each(externalRefused)("denies %j and opens nothing", (url) => {
    expect(decideWindowOpen(url)).toEqual({ action: "deny" });
  });

  it("denies even the app's own pages: there is only one window", () => {
    expect(decideWindowOpen("app://veilleuse/bookings")).toEqual({ action: "deny" });
    expect(decideWindowOpen("about:blank")).toEqual({ action: "deny" });
  });
});

describe("decideNavigation", () => {
  it.each(["app://veilleuse/", "app://veilleuse/bookings/12?tab=messages", "APP://VEILLEUSE/login", `${APP_ORIGIN}/`])(
    "stays inside the app for %s",
    (url) => {
      expect(decideNavigation(url)).toEqual({ allow: true });
    },
  );

  it("sends https, http and mailto to the system", () => {
    expect(decideNavigation("https://stripe.com/checkout")).toEqual({
      allow: false,
      openExternal: "https://stripe.com/checkout",
    });
    expect(decideNavigation("http://example.com/a")).toEqual({ allow: false, openExternal: "http://example.com/a" });
    expect(decideNavigation("mailto:a@b.fr")).toEqual({ allow: false, openExternal: "mailto:a@b.fr" });
  });

  it.each([
    "app://evil/",
    "app://veilleuse.evil/",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "data:text/html,hi",
    "about:blank",
    "chrome://gpu",
    "not a url",
  ])("prevents %s and opens nothing", (url) => {
    expect(decideNavigation(url)).toEqual({ allow: false });
  });
});

describe("isAppUrl", () => {
  it("matches only app://veilleuse", () => {
    expect(isAppUrl("app://veilleuse")).toBe(true);
    expect(isAppUrl("app://veilleuse/x")).toBe(true);
    expect(isAppUrl("app://veilleusex/")).toBe(false);
    expect(isAppUrl("https://veilleuse/")).toBe(false);
    expect(isAppUrl("")).toBe(false);
  });
});

describe("decidePermission", () => {
  it("grants notifications, clipboard writes and fullscreen to the app only", () => {
    for (const permission of ["notifications", "clipboard-sanitized-write", "fullscreen"]) {
      expect(decidePermission(permission, "app://veilleuse/")).toBe(true);
      expect(decidePermission(permission, "app://veilleuse")).toBe(true);
      expect(decidePermission(permission, "https://evil.example/")).toBe(false);
    }
  });

  it.each([
    "media",
    "geolocation",
    "clipboard-read",
    "openExternal",
    "hid",
    "serial",
    "usb",
    "midiSysex",
    "display-capture",
    "unknown",
  ])("denies %s even to the app", (permission) => {
    expect(decidePermission(permission, "app://veilleuse/")).toBe(false);
  });
});

describe("buildWebPreferences", () => {
  it("isolates and sandboxes the renderer with no Node access", () => {
    const prefs = buildWebPreferences("/opt/Veilleuse/resources/app.asar/desktop/out/preload.js");
    expect(prefs).toMatchObject({
      preload: "/opt/Veilleuse/resources/app.asar/desktop/out/preload.js",
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(prefs).not.toHaveProperty("experimentalFeatures");
    expect(prefs).not.toHaveProperty("enableBlinkFeatures");
  });
});

describe("bridge IPC answers", () => {
  const payload = { version: "0.1.0", apiOrigin: "https://veilleuse.fr" };

  it("uses namespaced channels and the window.veilleuse global", () => {
    expect(BRIDGE_GLOBAL_NAME).toBe("veilleuse");
    expect(Object.values(IPC_CHANNELS).every((channel) => channel.startsWith("veilleuse:"))).toBe(true);
  });

  it("trusts only frames of the app", () => {
    expect(isTrustedSender("app://veilleuse/bookings")).toBe(true);
    for (const url of ["https://evil.example/", "app://other/", "", undefined, null])
      expect(isTrustedSender(url)).toBe(false);
  });

  it("gives the config to the app and null to anything else", () => {
    expect(answerGetConfig("app://veilleuse/", payload)).toEqual(payload);
    expect(answerGetConfig("https://evil.example/", payload)).toBeNull();
    expect(answerGetConfig(undefined, payload)).toBeNull();
  });

  it("opens an allowed URL once, normalised", async () => {
    const opened: string[] = [];
    await answerOpenExternal("app://veilleuse/aide", "HTTPS://Veilleuse.FR/cgu", async (url) => {
      opened.push(url);
    });
    expect(opened).toEqual(["https://veilleuse.fr/cgu"]);
  });

  it.each([
    ["app://veilleuse/", "javascript:alert(1)", "scheme javascript:"],
    ["app://veilleuse/", "file:///etc/passwd", "scheme file:"],
    ["app://veilleuse/", 42, "not a string"],
    ["https://evil.example/", "https://example.com/", "sender is not the app"],
    [undefined, "https://example.com/", "sender is not the app"],
  ])("refuses from %s the URL %j", async (sender, url, reason) => {
    const opened: string[] = [];
    const attempt = answerOpenExternal(sender, url, async (safe) => {
      opened.push(safe);
    });
    await expect(attempt).rejects.toBeInstanceOf(BridgeRequestRefused);
    await expect(attempt).rejects.toThrow(reason);
    expect(opened).toEqual([]);
  });
});

describe("the bridge's save-file handler", () => {
  /** A file system that records what it was asked; `choice` is where the user saves (null: cancelled). */
  const filesAnswering = (choice: string | null) => {
    const asked: { name: string; extension: string }[] = [];
    const written: { path: string; bytes: Uint8Array }[] = [];
    const files: SaveFileSystem = {
      askWhere: async (name, extension) => {
        asked.push({ name, extension });
        return choice;
      },
      write: async (path, bytes) => {
        written.push({ path, bytes });
      },
    };
    return { files, asked, written };
  };
  const bytes = new TextEncoder().encode("\uFEFFId;Email\r\n");

  it("asks where with the proposed name, then writes the bytes there", async () => {
    const { files, asked, written } = filesAnswering("/home/claire/Téléchargements/utilisateurs.csv");
    expect(await answerSaveFile("app://veilleuse/admin/users", "utilisateurs-2026-11-27.csv", bytes, files)).toBe(true);
    expect(asked).toEqual([{ name: "utilisateurs-2026-11-27.csv", extension: "csv" }]);
    expect(written).toEqual([{ path: "/home/claire/Téléchargements/utilisateurs.csv", bytes }]);
  });

  it("writes nothing when the user cancels the dialog", async () => {
    const { files, written } = filesAnswering(null);
    expect(await answerSaveFile("app://veilleuse/", "facture-1.pdf", bytes, files)).toBe(false);
    expect(written).toEqual([]);
  });

  it.each([
    ["https://evil.example/", "a.csv", bytes, "sender is not the app"],
    ["app://veilleuse/", "../../.bashrc", bytes, "not a file name"],
    ["app://veilleuse/", "/etc/cron.d/x.csv", bytes, "not a file name"],
    ["app://veilleuse/", ".hidden.csv", bytes, "not a file name"],
    ["app://veilleuse/", "run.exe", bytes, "not a file name"],
    ["app://veilleuse/", "a.csv", "text, not bytes", "not bytes"],
    ["app://veilleuse/", "a.csv", new Uint8Array(SAVE_FILE_MAX_BYTES + 1), "too large"],
  ])("refuses from %s the name %j", async (sender, name, content, reason) => {
    const { files, asked, written } = filesAnswering("/tmp/x");
    await expect(answerSaveFile(sender, name, content, files)).rejects.toThrow(reason);
    expect(asked).toEqual([]);
    expect(written).toEqual([]);
  });
});
