// Which shell runs the web build: the browser, or the Electron app whose preload exposes one
// narrow bridge as window.veilleuse. The browser twin has the same shape so callers never branch
// on `window.veilleuse` themselves.
import type { VeilleuseBridge } from "../../../desktop/bridge";

export interface Platform {
  platform: "web" | "desktop";
  version: string;
  /** Prefix for API paths: "" in the browser (same origin), the configured origin in the desktop app. */
  apiOrigin: string;
  openExternal(url: string): Promise<void>;
  /** Saves a downloaded file: the browser's download, or the desktop app's save dialog. */
  saveFile(name: string, bytes: Uint8Array): Promise<boolean>;
}

declare global {
  interface Window {
    veilleuse?: VeilleuseBridge;
  }
}

const browserTwin: Platform = {
  platform: "web",
  version: import.meta.env.VITE_APP_VERSION ?? "web",
  apiOrigin: "",
  openExternal: async (url) => {
    window.open(url, "_blank", "noopener,noreferrer");
  },
  saveFile: async (name, bytes) => {
    downloadInBrowser(new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    return true;
  },
};

/** Hands a file to the browser as a download (an <a download> clicked for the user). */
function downloadInBrowser(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is released once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function getPlatform(): Platform {
  const bridge = typeof window === "undefined" ? undefined : window.veilleuse;
  if (bridge?.platform === "desktop") {
    return { ...bridge, apiOrigin: bridge.apiOrigin.replace(/\/+$/, "") };
  }
  return browserTwin;
}

export const isDesktop = () => getPlatform().platform === "desktop";
