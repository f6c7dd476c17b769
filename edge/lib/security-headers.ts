// The security headers every response carries (HTML pages, static files and the API alike), and
// the Content-Security-Policy shared with the desktop app. Pure: imported by the Worker and by
// desktop/app-protocol.ts.

export type CspOptions = {
  /** Origins the page may fetch from and open WebSockets to, besides its own. */
  connect?: string[];
  /** Origins images may come from, besides its own, data: and blob:. */
  images?: string[];
};

/** ws(s) twins of http(s) origins, for realtime sockets. */
const socketTwins = (origins: string[]) => origins.filter((o) => /^https?:/.test(o)).map((o) => o.replace(/^http/, "ws"));

/**
 * No inline or foreign script, no plugins, no <base>, no framing. Styles allow 'unsafe-inline'
 * because sonner (toasts) injects its stylesheet as a <style> element at run time; styles cannot
 * run code, scripts stay strict.
 */
export function contentSecurityPolicy(options: CspOptions = {}): string {
  const connect = options.connect ?? [];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...(options.images ?? [])].join(" "),
    "font-src 'self' data:",
    ["connect-src 'self'", ...connect, ...socketTwins(connect)].join(" "),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Only geolocation (the search's 'my position'), and only for our own pages. */
export const PERMISSIONS_POLICY =
  "geolocation=(self), camera=(), microphone=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=()";

/** Two years, as the HSTS preload list asks. */
const HSTS = "max-age=63072000; includeSubDomains";

export function securityHeaders(options: { production: boolean; csp?: CspOptions }): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(options.csp),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    // The reset page carries its token in the query string: no page ever sends a Referer.
    "referrer-policy": "no-referrer",
    "permissions-policy": PERMISSIONS_POLICY,
    "cross-origin-opener-policy": "same-origin",
    ...(options.production && { "strict-transport-security": HSTS }),
  };
}
