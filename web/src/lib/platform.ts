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
};

export function getPlatform(): Platform {
  const bridge = typeof window === "undefined" ? undefined : window.veilleuse;
  if (bridge?.platform === "desktop") {
    return { ...bridge, apiOrigin: bridge.apiOrigin.replace(/\/+$/, "") };
  }
  return browserTwin;
}

export const isDesktop = () => getPlatform().platform === "desktop";
