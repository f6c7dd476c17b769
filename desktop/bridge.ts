// The contract between the Electron shell and the web build. Types and constants only: the web
// app imports this file with `import type`, and the sandboxed preload gets the constants inlined
// by esbuild, so nothing here may import electron or a Node module.

/** The one object the preload exposes to the renderer, as `window.veilleuse`. */
export interface VeilleuseBridge {
  platform: "desktop";
  version: string;
  apiOrigin: string;
  openExternal(url: string): Promise<void>;
}

/** The name of the global the preload defines (`window.veilleuse`). */
export const BRIDGE_GLOBAL_NAME = "veilleuse";

/** IPC channels between preload and main; main only answers frames served from APP_ORIGIN (db/constants/origins.ts). */
export const IPC_CHANNELS = {
  /** ipcRenderer.sendSync: synchronous so the bridge is complete when the page's scripts run. */
  getConfig: "veilleuse:get-config",
  /** ipcRenderer.invoke(url): main re-checks the URL before handing it to the system browser. */
  openExternal: "veilleuse:open-external",
} as const;

/** What main answers on IPC_CHANNELS.getConfig. */
export interface DesktopConfigPayload {
  version: string;
  apiOrigin: string;
}
