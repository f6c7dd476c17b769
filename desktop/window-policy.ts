// Window hardening as plain decisions; main.ts only wires them to Electron's events.
// The renderer lives at app://veilleuse/ and never leaves it: new windows are always denied, and
// links to the web or to an email client are handed to the operating system instead.
import type { WebPreferences } from "electron";
import { APP_HOST, APP_SCHEME } from "../db/constants/origins";

/** Schemes the system may open on the user's behalf. Everything else (javascript:, file:, data:,
 * blob:, smb:, custom app schemes that launch programs...) is refused. */
const EXTERNAL_SCHEMES = new Set(["https:", "http:", "mailto:"]);
const MAX_EXTERNAL_URL_LENGTH = 2048;

export type ExternalUrlCheck = { allowed: true; url: string } | { allowed: false; reason: string };

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** May this URL be given to shell.openExternal? Answers the normalised URL to open. */
export function checkExternalUrl(raw: unknown): ExternalUrlCheck {
  if (typeof raw !== "string") return { allowed: false, reason: "not a string" };
  if (raw.length > MAX_EXTERNAL_URL_LENGTH) return { allowed: false, reason: "URL too long" };
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(raw)) return { allowed: false, reason: "control characters in URL" };
  const url = parseUrl(raw);
  if (!url) return { allowed: false, reason: "not an absolute URL" };
  if (!EXTERNAL_SCHEMES.has(url.protocol)) return { allowed: false, reason: `scheme ${url.protocol} is not allowed` };
  if (url.protocol !== "mailto:" && (url.username || url.password)) {
    return { allowed: false, reason: "credentials in URL" }; // https://veilleuse.fr@evil.example tricks
  }
  if (url.protocol !== "mailto:" && !url.hostname) return { allowed: false, reason: "no host" };
  return { allowed: true, url: url.href };
}

/** Is this URL part of the app itself (app://veilleuse/...)? */
export function isAppUrl(raw: string): boolean {
  const url = parseUrl(raw);
  return url !== null && url.protocol === `${APP_SCHEME}:` && url.host.toLowerCase() === APP_HOST;
}

export interface WindowOpenDecision {
  /** Always "deny": the app never opens a second Electron window. */
  action: "deny";
  /** When set, main hands this URL to shell.openExternal. */
  openExternal?: string;
}

/** For webContents.setWindowOpenHandler (window.open, target=_blank links). */
export function decideWindowOpen(url: string): WindowOpenDecision {
  const check = checkExternalUrl(url);
  return check.allowed ? { action: "deny", openExternal: check.url } : { action: "deny" };
}

export type NavigationDecision = { allow: true } | { allow: false; openExternal?: string };

/** For will-navigate / will-redirect: stay inside app://veilleuse, send the web outside. */
export function decideNavigation(url: string): NavigationDecision {
  if (isAppUrl(url)) return { allow: true };
  const check = checkExternalUrl(url);
  return check.allowed ? { allow: false, openExternal: check.url } : { allow: false };
}

/** Permissions the app's own pages may have; every other request (camera, geolocation, USB,
 * serial, HID, MIDI, screen capture, opening external programs...) is denied. */
const GRANTED_PERMISSIONS = new Set(["notifications", "clipboard-sanitized-write", "fullscreen"]);

/** For session.setPermissionRequestHandler and setPermissionCheckHandler. */
export function decidePermission(permission: string, requestingUrl: string): boolean {
  return GRANTED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl);
}

/** The BrowserWindow's webPreferences: the renderer is a web page with no Node access at all. */
export function buildWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
  };
}
