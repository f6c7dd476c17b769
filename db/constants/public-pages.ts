// The public pages that need no session and no query string: the web build pre-renders each one
// (web/dist/<page>.html, in French) and the Worker lists them in /sitemap.xml.
export const PUBLIC_PAGES = [
  "/",
  "/search",
  "/demo",
  "/login",
  "/register",
  "/forgot-password",
  "/terms",
  "/privacy",
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];
