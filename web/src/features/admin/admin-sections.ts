// The admin console's sections, in sidebar order. The router makes one route per section and the
// sidebar one link: the dashboard is /admin, the others /admin/<section>.
export const ADMIN_SECTIONS = [
  "dashboard",
  "geography",
  "subscriptions",
  "moderation",
  "verifications",
  "audit",
  "ai-config",
  "users",
  "agencies",
  "analytics",
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** The section shown at /admin itself (the index route). */
export const ADMIN_HOME_SECTION: AdminSection = "dashboard";

export const adminSectionPath = (section: AdminSection): string =>
  section === ADMIN_HOME_SECTION ? "/admin" : `/admin/${section}`;
