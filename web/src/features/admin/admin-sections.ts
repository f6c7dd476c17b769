// The admin console's sidebar (spec money-and-operations §2): index first, then the sections.
export const ADMIN_NAV = [
  { to: "/admin", section: "dashboard", end: true },
  { to: "/admin/geography", section: "geography" },
  { to: "/admin/subscriptions", section: "subscriptions" },
  { to: "/admin/moderation", section: "moderation" },
  { to: "/admin/audit", section: "audit" },
  { to: "/admin/ai-config", section: "ai-config" },
  { to: "/admin/users", section: "users" },
  { to: "/admin/analytics", section: "analytics" },
] as const;

export type AdminSection = (typeof ADMIN_NAV)[number]["section"];
