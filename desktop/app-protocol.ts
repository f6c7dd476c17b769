// Serves the web build (web/dist) on app://veilleuse/ for the Electron renderer.
// resolveAppRequest() is the whole security decision and is tested without Electron; the handler
// made by createAppProtocolHandler() only turns that decision into a Response for protocol.handle.
// Chromium already normalises `..` in URLs of a standard scheme before we see them; the checks
// below do not rely on that (defence in depth, and the function is also called directly).
import { realpathSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { APP_ORIGIN } from "../db/constants/origins";
import { APP_SHELL_PATH } from "../edge/lib/app-shell";
import { contentSecurityPolicy } from "../edge/lib/security-headers";

export type ProtocolDecision =
  { kind: "file"; path: string; mimeType: string } | { kind: "not-found" } | { kind: "forbidden" };

/** File-system access the resolver needs; injectable so tests can count or fake calls if needed. */
export interface FileProbe {
  kind(absolutePath: string): "file" | "directory" | "missing";
  realpath(absolutePath: string): string;
}

export const nodeFileProbe: FileProbe = {
  kind(absolutePath) {
    try {
      const stats = statSync(absolutePath);
      if (stats.isFile()) return "file";
      return stats.isDirectory() ? "directory" : "missing";
    } catch {
      return "missing";
    }
  },
  realpath: (absolutePath) => realpathSync(absolutePath),
};

const MIME_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".wasm": "application/wasm",
  ".mp3": "audio/mpeg",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".pdf": "application/pdf",
};

export function mimeTypeFor(filePath: string): string {
  return MIME_TYPES[path.extname(filePath).toLowerCase()] ?? "application/octet-stream";
}

const FORBIDDEN: ProtocolDecision = { kind: "forbidden" };
const NOT_FOUND: ProtocolDecision = { kind: "not-found" };

/**
 * The raw path of an app://veilleuse URL, before any decoding, or null when the URL is not ours.
 * We read it from the string rather than from URL.pathname because the URL parser silently
 * resolves `..` and `%2e%2e`, which would turn an attack into an innocent-looking path.
 */
function rawAppPath(requestUrl: string): string | null {
  if (requestUrl.slice(0, APP_ORIGIN.length).toLowerCase() !== APP_ORIGIN) return null;
  const rest = requestUrl.slice(APP_ORIGIN.length);
  if (rest !== "" && !/^[/?#]/.test(rest)) return null; // app://veilleuse.evil/, app://veilleuse:80/
  const end = rest.search(/[?#]/);
  const rawPath = end === -1 ? rest : rest.slice(0, end);
  return rawPath === "" ? "/" : rawPath;
}

/** One decoded path segment, or null when it could step outside the root or hide something. */
function decodeSegment(rawSegment: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawSegment);
  } catch {
    return null; // malformed percent-encoding
  }
  if (decoded.startsWith(".")) return null; // `.`, `..`, and hidden files such as .env
  // `%` after one decoding means double encoding (%252e%252e); `/` means an encoded separator;
  // `\` and `:` are separators or drive letters on Windows; control characters include NUL.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[%/\\:\u0000-\u001f\u007f]/.test(decoded)) return null;
  return decoded;
}

/** The decoded segments of the path, or null when the request must be refused. */
function safeSegments(rawPath: string): string[] | null {
  if (rawPath.includes("\\")) return null;
  const segments = rawPath.slice(1).split("/");
  const decoded: string[] = [];
  for (const [index, raw] of segments.entries()) {
    const isLast = index === segments.length - 1;
    if (raw === "") {
      if (isLast) continue; // a trailing slash: /bookings/ is the route /bookings
      return null; // `//etc/passwd` or `/a//b`: an absolute path smuggled into ours
    }
    const segment = decodeSegment(raw);
    if (segment === null) return null;
    decoded.push(segment);
  }
  return decoded;
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

function serveFile(root: string, filePath: string, probe: FileProbe): ProtocolDecision {
  // A symlink inside the build must not lead outside it.
  const realRoot = probe.realpath(root);
  const realFile = probe.realpath(filePath);
  if (!isInside(realRoot, realFile)) return FORBIDDEN;
  return { kind: "file", path: filePath, mimeType: mimeTypeFor(filePath) };
}

function htmlFile(root: string, filePath: string, probe: FileProbe): ProtocolDecision {
  return probe.kind(filePath) === "file" ? serveFile(root, filePath, probe) : NOT_FOUND;
}

/**
 * A page of the client router, as the Worker serves it: its pre-rendered HTML when the build has
 * one (login.html for /login), else the bare app shell, never another page's content (the
 * pre-rendered home would show until the script replaced it).
 */
function clientPage(root: string, segments: string[], probe: FileProbe): ProtocolDecision {
  const prerendered = `${path.resolve(root, ...segments)}.html`;
  if (isInside(root, prerendered) && probe.kind(prerendered) === "file") return serveFile(root, prerendered, probe);
  return htmlFile(root, path.join(root, `${APP_SHELL_PATH.slice(1)}.html`), probe);
}

/**
 * Decide what app://veilleuse/<path> serves from the web build at `root`:
 * an existing file (with its MIME type); for any other extension-less path (the client router's
 * pages), its pre-rendered HTML or else the app shell; not-found for a missing asset; forbidden for anything that tries to leave
 * the root or is not an app://veilleuse URL.
 */
export function resolveAppRequest(
  requestUrl: string,
  root: string,
  probe: FileProbe = nodeFileProbe,
): ProtocolDecision {
  const rawPath = rawAppPath(requestUrl);
  if (rawPath === null) return FORBIDDEN;
  const segments = safeSegments(rawPath);
  if (segments === null) return FORBIDDEN;
  const absoluteRoot = path.resolve(root);
  if (segments.length === 0) return htmlFile(absoluteRoot, path.join(absoluteRoot, "index.html"), probe);
  const candidate = path.resolve(absoluteRoot, ...segments);
  if (!isInside(absoluteRoot, candidate)) return FORBIDDEN;
  if (probe.kind(candidate) === "file") return serveFile(absoluteRoot, candidate, probe);
  const lastSegment = segments[segments.length - 1];
  return path.extname(lastSegment) === "" ? clientPage(absoluteRoot, segments, probe) : NOT_FOUND;
}

export interface AppProtocolHandlerOptions {
  /** The web build directory (web/dist). */
  root: string;
  /** Content-Security-Policy sent with HTML documents; see buildContentSecurityPolicy(). */
  contentSecurityPolicy?: string;
  probe?: FileProbe;
}

/** The minimal request shape protocol.handle passes (a fetch Request). */
export interface AppRequest {
  url: string;
  method: string;
}

function textResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

function fileHeaders(decision: { mimeType: string }, csp: string | undefined): Headers {
  const headers = new Headers({ "content-type": decision.mimeType, "x-content-type-options": "nosniff" });
  if (decision.mimeType.startsWith("text/html")) {
    headers.set("cache-control", "no-cache"); // the shell must pick up a new build at once
    if (csp) headers.set("content-security-policy", csp);
  }
  return headers;
}

/** The function main.ts gives to `protocol.handle("app", ...)`. */
export function createAppProtocolHandler(options: AppProtocolHandlerOptions) {
  return async (request: AppRequest): Promise<Response> => {
    if (request.method !== "GET" && request.method !== "HEAD") return textResponse(405, "Method Not Allowed");
    const decision = resolveAppRequest(request.url, options.root, options.probe);
    if (decision.kind === "forbidden") return textResponse(403, "Forbidden");
    if (decision.kind === "not-found") return textResponse(404, "Not Found");
    const headers = fileHeaders(decision, options.contentSecurityPolicy);
    if (request.method === "HEAD") return new Response(null, { status: 200, headers });
    const body = await readFile(decision.path);
    return new Response(new Uint8Array(body), { status: 200, headers });
  };
}

/**
 * The desktop document's CSP: the web app's own policy (edge/lib/security-headers.ts), with the
 * configured API origin (HTTP and its WebSocket twin) added to what the page may reach.
 */
export function buildContentSecurityPolicy(apiOrigin: string): string {
  return contentSecurityPolicy({ connect: [apiOrigin], images: [apiOrigin, "https:"] });
}
