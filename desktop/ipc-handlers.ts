// What main answers on the bridge's IPC channels, as plain functions (main.ts wires them to
// ipcMain). Every message is checked: it must come from a frame of app://veilleuse, and a URL to
// open goes through the same check as links (a compromised page gets no more than a link would).
import type { DesktopConfigPayload } from "./bridge";
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
