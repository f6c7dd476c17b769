// The search map's tiles: one build-time setting, read by the web app (the map chunk draws them) and
// by the Content-Security-Policy (edge/lib/security-headers.ts lets images come from their origins,
// and only those). Pages get their headers from web/dist/_headers, written at build time, so a
// runtime variable could not reach them: to use another tile server, change it here and rebuild.
// Default: OpenStreetMap's standard tiles, whose usage policy asks for this attribution.

export type TileServer = {
  /** Leaflet URL template: {z}/{x}/{y}, optionally {s} (one of `subdomains`) and {r} (retina). */
  readonly url: string;
  readonly subdomains?: readonly string[];
  /** HTML credit line shown in the map's corner (a constant, never user text). */
  readonly attribution: string;
  readonly maxZoom: number;
};

export const MAP_TILES: TileServer = {
  url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  maxZoom: 19,
};

/** Zoom of the map before it fits the results (a city's scale). */
export const MAP_DEFAULT_ZOOM = 12;
/** Fitting a single pin (or pins a street apart) never zooms closer than this. */
export const MAP_FIT_MAX_ZOOM = 15;

/** The https origins a tile template fetches from: one per subdomain when it has {s}. */
export function tileOrigins(server: TileServer = MAP_TILES): string[] {
  const hosts = server.url.includes("{s}") ? (server.subdomains ?? ["a", "b", "c"]) : [""];
  const origins = hosts.map((s) => new URL(server.url.replaceAll("{s}", s).replace(/\{[a-z]+\}/g, "0")).origin);
  for (const origin of origins) {
    if (!origin.startsWith("https://")) throw new Error(`map tiles must be served over https: ${origin}`);
  }
  return [...new Set(origins)];
}
