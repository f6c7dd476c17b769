// The page each console section shows: the one place the router (web/src/app/router.tsx) reads, so
// a section's real page is plugged in by changing its entry here, e.g.
//   users: () => import("./users/users-page").then((module) => module.UsersPage),
// Each entry is a loader, so a page is a chunk of its own, fetched when its section opens: this
// module is in the app's entry chunk and imports nothing else but types.
// What a page can count on: its route is `<section>/*`, so it owns its sub-paths (/admin/users/<id>,
// through nested <Routes> or useParams()["*"]); the console's frame (admin-layout.tsx) already
// draws the section's title as the page's h1 and sets document.title, so a page starts below it
// (h2 and down).
import type { ComponentType } from "react";
import type { AdminSection } from "./admin-sections";

export type SectionPageLoader = () => Promise<ComponentType>;

export const SECTION_PAGES: Record<AdminSection, SectionPageLoader> = {
  dashboard: () => import("./dashboard/dashboard-page").then((module) => module.DashboardPage),
  geography: () => import("./geography/geography-page").then((module) => module.GeographySection),
  // Like users: the section's chunk defines its texts (subscriptions/texts.ts) as it loads.
  subscriptions: () => import("./subscriptions/subscriptions-page").then((module) => module.SubscriptionsSection),
  moderation: () => import("./moderation/moderation-section").then((module) => module.ModerationSection),
  // Its chunk defines the section's texts as it loads (verifications/texts.ts), like users.
  verifications: () => import("./verifications/verifications-section").then((module) => module.VerificationsSection),
  audit: () => import("./audit/audit-page").then((module) => module.AuditSection),
  "ai-config": () => import("./ai-config/ai-config-section").then((module) => module.AiConfigSection),
  // Its chunk defines the section's texts as it loads (users/texts.ts), so page() waits for them
  // (textsReady) before the section first draws, in English too.
  users: () => import("./users/users-section").then((module) => module.UsersSection),
  // Like users: its chunk defines the section's texts (agencies/texts.ts) as it loads.
  agencies: () => import("./agencies/agencies-section").then((module) => module.AgenciesSection),
  analytics: () => import("./analytics/analytics-page").then((module) => module.AnalyticsPage),
};
