// What main answers on the bridge's IPC channels, as plain functions (main.ts wires them to
// ipcMain). Every message is checked: it must come from a frame of app://veilleuse, and a URL to
// open goes through the same check as links (a compromised page gets no more than a link would).
import { SAVABLE_FILE_TYPES, SAVE_FILE_MAX_BYTES, type DesktopConfigPayload } from "./bridge";
import { checkExternalUrl, isAppUrl } from "./window-policy";

/** Only our own pages may talk to main; an iframe or a navigated-away page may not. */
export function isTrustedSender(senderFrameUrl: string | undefined | null): boolean {
  return typeof senderFrameUrl === "string" && isAppUrl(senderFrameUrl);
}

export class BridgeRequestRefused extends Error {
  constructor(reason: string) {
    super(`Refused: ${reason}`);
    this.name = "BridgeRequestRefused";
  }
}

/** The getConfig answer; null tells the preload to expose nothing. */
export function answerGetConfig(
  senderFrameUrl: string | undefined | null,
  payload: DesktopConfigPayload,
): DesktopConfigPayload | null {
  return isTrustedSender(senderFrameUrl) ? { version: payload.version, apiOrigin: payload.apiOrigin } : null;
}

/** The openExternal handler: refuses untrusted senders and disallowed URLs, else opens. */
export async function answerOpenExternal(
  senderFrameUrl: string | undefined | null,
  url: unknown,
  openExternal: (url: string) => Promise<void>,
): Promise<void> {
  if (!isTrustedSender(senderFrameUrl)) throw new BridgeRequestRefused("sender is not the app");
  const check = checkExternalUrl(url);
  if (!check.allowed) throw new BridgeRequestRefused(check.reason);
  await openExternal(check.url);
}

/** What saving needs from Electron and Node (main.ts gives dialog.showSaveDialog and fs.writeFile). */
export type SaveFileSystem = {
  /** The path the user chose, or null when she cancelled. */
  askWhere(proposedName: string, extension: keyof typeof SAVABLE_FILE_TYPES): Promise<string | null>;
  write(path: string, bytes: Uint8Array): Promise<void>;
};

/**
 * The saveFile handler. The page only proposes a plain file name (no folder, no hidden name, an
 * extension the app exports) and the bytes; the place is the user's choice in the system dialog, so
 * a compromised page can neither pick a path nor write anything without the user saying where.
 */
export async function answerSaveFile(
  senderFrameUrl: string | undefined | null,
  name: unknown,
  bytes: unknown,
  files: SaveFileSystem,
): Promise<boolean> {
  if (!isTrustedSender(senderFrameUrl)) throw new BridgeRequestRefused("sender is not the app");
  if (!(bytes instanceof Uint8Array)) throw new BridgeRequestRefused("the file is not bytes");
  if (bytes.byteLength > SAVE_FILE_MAX_BYTES) throw new BridgeRequestRefused("the file is too large");
  const extension = savableExtension(name);
  if (!extension) throw new BridgeRequestRefused("not a file name the app saves");
  const path = await files.askWhere(name as string, extension);
  if (!path) return false;
  await files.write(path, bytes);
  return true;
}

/** The extension of a plain, savable file name ("utilisateurs-2026-11-27.csv"), or null. */
export function savableExtension(name: unknown): keyof typeof SAVABLE_FILE_TYPES | null {
  if (typeof name !== "string" || name.length > 120 || !/^[\w][\w.-]*$/.test(name)) return null;
  const extension = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return extension in SAVABLE_FILE_TYPES ? (extension as keyof typeof SAVABLE_FILE_TYPES) : null;
}
