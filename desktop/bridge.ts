// The contract between the Electron shell and the web build. Types and constants only: the web
// app imports this file with `import type`, and the sandboxed preload gets the constants inlined
// by esbuild, so nothing here may import electron or a Node module.

/** The one object the preload exposes to the renderer, as `window.veilleuse`. */
export interface VeilleuseBridge {
  platform: "desktop";
  version: string;
  apiOrigin: string;
  openExternal(url: string): Promise<void>;
  /**
   * Saves a downloaded file where the user chooses (the system's save dialog, `name` proposed);
   * true once written, false when the user cancelled.
   */
  saveFile(name: string, bytes: Uint8Array): Promise<boolean>;
}

/**
 * The page the desktop app opens on: the sign-in, which sends a signed-in user on at once (an admin
 * to the console, an agency manager to the agency space: web/src/lib/safe-redirect.ts signedInHome).
 * The app is the business's tool.
 */
export const DESKTOP_START_PATH = "/login";

/** The name of the global the preload defines (`window.veilleuse`). */
export const BRIDGE_GLOBAL_NAME = "veilleuse";

/** IPC channels between preload and main; main only answers frames served from APP_ORIGIN (db/constants/origins.ts). */
export const IPC_CHANNELS = {
  /** ipcRenderer.sendSync: synchronous so the bridge is complete when the page's scripts run. */
  getConfig: "veilleuse:get-config",
  /** ipcRenderer.invoke(url): main re-checks the URL before handing it to the system browser. */
  openExternal: "veilleuse:open-external",
  /** ipcRenderer.invoke(name, bytes): main checks the name and size, asks where, then writes. */
  saveFile: "veilleuse:save-file",
} as const;

/** The files the app hands to the save dialog (the console's CSV exports, invoices, calendar files), by extension. */
export const SAVABLE_FILE_TYPES = { csv: "CSV", pdf: "PDF", ics: "iCalendar" } as const;
/** A saved file is at most this large (a CSV of every account stays far below it). */
export const SAVE_FILE_MAX_BYTES = 200 * 1024 * 1024;

/** What main answers on IPC_CHANNELS.getConfig. */
export interface DesktopConfigPayload {
  version: string;
  apiOrigin: string;
}
