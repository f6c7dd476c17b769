// Runs sandboxed before the page's scripts: it may only use electron's renderer modules, so every
// local import here must be types or constants that esbuild inlines (see desktop/build.ts).
// It exposes ONE object, window.veilleuse, and never ipcRenderer itself.
import { contextBridge, ipcRenderer } from "electron";
import { BRIDGE_GLOBAL_NAME, IPC_CHANNELS, type DesktopConfigPayload, type VeilleuseBridge } from "./bridge";

// Synchronous on purpose: the web app reads window.veilleuse while it boots.
const config = ipcRenderer.sendSync(IPC_CHANNELS.getConfig) as DesktopConfigPayload | null;

// Main answers null to a frame that is not app://veilleuse: such a page gets no bridge at all.
if (config) {
  const bridge: VeilleuseBridge = {
    platform: "desktop",
    version: String(config.version),
    apiOrigin: String(config.apiOrigin),
    async openExternal(url: string) {
      await ipcRenderer.invoke(IPC_CHANNELS.openExternal, String(url));
    },
    async saveFile(name: string, bytes: Uint8Array) {
      return Boolean(await ipcRenderer.invoke(IPC_CHANNELS.saveFile, String(name), bytes));
    },
  };
  contextBridge.exposeInMainWorld(BRIDGE_GLOBAL_NAME, bridge);
}
