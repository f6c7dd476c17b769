import { useLocation } from "react-router-dom";
import { ADMIN_HOME_SECTION, ADMIN_SECTIONS, type AdminSection } from "./admin-sections";

/**
 * The section a console path belongs to, by its first segment after /admin: /admin/users/42 is in
 * 'users' (a section's page owns its sub-paths), /admin itself is the dashboard.
 */
export function adminSectionAt(pathname: string): AdminSection {
  const segment = pathname.split("/")[2];
  return ADMIN_SECTIONS.find((section) => section === segment) ?? ADMIN_HOME_SECTION;
}

/** The section the console shows now: its title heads the page (admin-layout.tsx). */
export function useAdminSection(): AdminSection {
  return adminSectionAt(useLocation().pathname);
}
