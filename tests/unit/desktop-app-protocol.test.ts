// The app:// protocol that serves the web build to the Electron renderer, against a real fake
// build on disk: index.html (the pre-rendered home), login.html (another pre-rendered page), the
// bare app shell, an asset, a nested route-looking folder, a secret beside the root and
// a symlink that points out of it.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildContentSecurityPolicy,
  createAppProtocolHandler,
  mimeTypeFor,
  resolveAppRequest,
} from "../../desktop/app-protocol";

let base: string;
let root: string;

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), "veilleuse-desktop-"));
  root = path.join(base, "dist");
  mkdirSync(path.join(root, "assets"), { recursive: true });
  mkdirSync(path.join(root, "images"), { recursive: true });
  writeFileSync(path.join(root, "index.html"), "<!doctype html><title>Veilleuse</title>");
  writeFileSync(path.join(root, "login.html"), "<!doctype html><title>Connexion</title>");
  writeFileSync(path.join(root, "app-shell.html"), "<!doctype html><title>Veilleuse</title>");
  writeFileSync(path.join(root, "assets", "app.js"), "console.log('app')");
  writeFileSync(path.join(root, "assets", "style.css"), "body{}");
  writeFileSync(path.join(root, "assets", "font.woff2"), "woff2");
  writeFileSync(path.join(root, "images", "logo.svg"), "<svg/>");
  writeFileSync(path.join(root, "manifest.webmanifest"), "{}");
  writeFileSync(path.join(root, "data.bin"), "bin");
  writeFileSync(path.join(root, ".env"), "SECRET=1");
  writeFileSync(path.join(base, "secret.txt"), "outside the root");
  writeFileSync(path.join(base, "dist-evil.txt"), "sibling with a shared prefix");
  symlinkSync(path.join(base, "secret.txt"), path.join(root, "assets", "leak.js"));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const resolve = (url: string) => resolveAppRequest(url, root);
const file = (relative: string) => path.join(root, relative);

describe("resolveAppRequest: files", () => {
  it("serves an existing asset with its MIME type", () => {
    expect(resolve("app://veilleuse/assets/app.js")).toEqual({
      kind: "file",
      path: file("assets/app.js"),
      mimeType: "text/javascript; charset=utf-8",
    });
  });

  it("serves index.html for the bare origin, with or without slash", () => {
    for (const url of ["app://veilleuse", "app://veilleuse/", "app://veilleuse/?lang=en", "app://veilleuse/#top"]) {
      expect(resolve(url)).toEqual({ kind: "file", path: file("index.html"), mimeType: "text/html; charset=utf-8" });
    }
  });

  it("ignores the query string and fragment of an asset", () => {
    expect(resolve("app://veilleuse/assets/style.css?v=3#x")).toMatchObject({
      kind: "file",
      path: file("assets/style.css"),
    });
  });

  it("decodes percent-encoding in ordinary names", () => {
    writeFileSync(path.join(root, "assets", "mon fichier.js"), "x");
    expect(resolve("app://veilleuse/assets/mon%20fichier.js")).toMatchObject({
      kind: "file",
      path: file("assets/mon fichier.js"),
    });
  });

  it("accepts the scheme and host in any case", () => {
    expect(resolve("APP://Veilleuse/assets/app.js")).toMatchObject({ kind: "file", path: file("assets/app.js") });
  });
});

describe("resolveAppRequest: the client router's pages", () => {
  it.each(["/bookings", "/bookings/", "/sitters/42", "/admin/users/abc-def", "/assets", "/images"])(
    "extension-less %s gets the bare app shell, not the pre-rendered home",
    (route) => {
      expect(resolve(`app://veilleuse${route}`)).toEqual({
        kind: "file",
        path: file("app-shell.html"),
        mimeType: "text/html; charset=utf-8",
      });
    },
  );

  it("a pre-rendered page gets its own HTML", () => {
    expect(resolve("app://veilleuse/login")).toEqual({
      kind: "file",
      path: file("login.html"),
      mimeType: "text/html; charset=utf-8",
    });
  });

  it.each(["/assets/missing.js", "/favicon.ico", "/bookings/report.pdf", "/assets/app.js.map"])(
    "a missing asset with an extension (%s) is not found",
    (route) => {
      expect(resolve(`app://veilleuse${route}`)).toEqual({ kind: "not-found" });
    },
  );

  it("is not found when the build has no app shell", () => {
    const empty = mkdtempSync(path.join(tmpdir(), "veilleuse-empty-"));
    try {
      expect(resolveAppRequest("app://veilleuse/bookings", empty)).toEqual({ kind: "not-found" });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("resolveAppRequest: refusals", () => {
  it.each([
    ["plain ..", "app://veilleuse/../secret.txt"],
    ["nested ..", "app://veilleuse/assets/../../secret.txt"],
    ["prefix sibling", "app://veilleuse/../dist-evil.txt"],
    ["dot segment", "app://veilleuse/./index.html"],
    ["encoded ..", "app://veilleuse/%2e%2e/secret.txt"],
    ["encoded upper-case ..", "app://veilleuse/%2E%2E/secret.txt"],
    ["half-encoded ..", "app://veilleuse/.%2e/secret.txt"],
    ["encoded slash", "app://veilleuse/..%2fsecret.txt"],
    ["encoded slash inside a name", "app://veilleuse/assets%2f..%2f..%2fsecret.txt"],
    ["double-encoded ..", "app://veilleuse/%252e%252e/secret.txt"],
    ["double-encoded slash", "app://veilleuse/assets%252f..%252fsecret.txt"],
    ["backslash", "app://veilleuse/..\\secret.txt"],
    ["backslash in a name", "app://veilleuse/assets\\..\\..\\secret.txt"],
    ["encoded backslash", "app://veilleuse/..%5csecret.txt"],
    ["NUL byte", "app://veilleuse/index.html%00.js"],
    ["raw NUL byte", "app://veilleuse/index.html\u0000.js"],
    ["control character", "app://veilleuse/assets/app%0a.js"],
    ["absolute path", "app://veilleuse//etc/passwd"],
    ["encoded absolute path", "app://veilleuse/%2fetc%2fpasswd"],
    ["empty segment", "app://veilleuse/assets//app.js"],
    ["windows drive", "app://veilleuse/C:/Windows/win.ini"],
    ["encoded windows drive", "app://veilleuse/C%3a%5cWindows%5cwin.ini"],
    ["hidden file", "app://veilleuse/.env"],
    ["malformed encoding", "app://veilleuse/assets/%E0%A4%A.js"],
    ["symlink out of the root", "app://veilleuse/assets/leak.js"],
    ["another host", "app://evil/index.html"],
    ["host with a shared prefix", "app://veilleuse.evil/index.html"],
    ["host with a port", "app://veilleuse:8080/index.html"],
    ["another scheme", "file:///etc/passwd"],
    ["https", "https://veilleuse/index.html"],
  ])("refuses %s", (_label, url) => {
    expect(resolve(url)).toEqual({ kind: "forbidden" });
  });
});

describe("mimeTypeFor", () => {
  it.each([
    ["index.html", "text/html; charset=utf-8"],
    ["a.JS", "text/javascript; charset=utf-8"],
    ["a.mjs", "text/javascript; charset=utf-8"],
    ["a.css", "text/css; charset=utf-8"],
    ["a.json", "application/json; charset=utf-8"],
    ["a.svg", "image/svg+xml"],
    ["a.png", "image/png"],
    ["a.jpeg", "image/jpeg"],
    ["a.webp", "image/webp"],
    ["a.ico", "image/x-icon"],
    ["a.woff2", "font/woff2"],
    ["a.wasm", "application/wasm"],
    ["a.webmanifest", "application/manifest+json; charset=utf-8"],
    ["a.bin", "application/octet-stream"],
    ["README", "application/octet-stream"],
  ])("%s is %s", (name, mime) => {
    expect(mimeTypeFor(name)).toBe(mime);
  });

  it("is used for served files", () => {
    expect(resolve("app://veilleuse/images/logo.svg")).toMatchObject({ mimeType: "image/svg+xml" });
    expect(resolve("app://veilleuse/assets/font.woff2")).toMatchObject({ mimeType: "font/woff2" });
    expect(resolve("app://veilleuse/data.bin")).toMatchObject({ mimeType: "application/octet-stream" });
  });
});

describe("createAppProtocolHandler", () => {
  const csp = buildContentSecurityPolicy("https://veilleuse.fr");
  const handler = () => createAppProtocolHandler({ root, contentSecurityPolicy: csp });

  it("answers a file's bytes with its type and nosniff", async () => {
    const response = await handler()(new Request("app://veilleuse/assets/app.js"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(await response.text()).toBe("console.log('app')");
  });

  it("answers index.html for a client route, with the CSP and no caching", async () => {
    const response = await handler()({ url: "app://veilleuse/bookings/12", method: "GET" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toBe(csp);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain("<title>Veilleuse</title>");
  });

  it("answers 403 for traversal, 404 for a missing asset, 405 for a POST", async () => {
    const forbidden = await handler()({ url: "app://veilleuse/%2e%2e/secret.txt", method: "GET" });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).not.toContain("outside the root");
    expect((await handler()({ url: "app://veilleuse/assets/nope.js", method: "GET" })).status).toBe(404);
    expect((await handler()({ url: "app://veilleuse/index.html", method: "POST" })).status).toBe(405);
  });

  it("answers HEAD with headers and no body", async () => {
    const response = await handler()({ url: "app://veilleuse/assets/style.css", method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await response.text()).toBe("");
  });
});

describe("buildContentSecurityPolicy", () => {
  it("allows the API origin over HTTP and WebSocket, and scripts only from the app", () => {
    const policy = buildContentSecurityPolicy("https://api.veilleuse.fr");
    expect(policy).toContain("connect-src 'self' https://api.veilleuse.fr wss://api.veilleuse.fr");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(buildContentSecurityPolicy("http://localhost:8787")).toContain("ws://localhost:8787");
  });
});
