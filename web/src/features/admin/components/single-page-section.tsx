// A console section with one page (a list without pages of its own per row): its route is
// `<section>/*`, so any deeper path goes back to the section's page, as the Users section does.
import type { ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { type AdminSection, adminSectionPath } from "../admin-sections";

export function SinglePageSection({ section, page }: { section: AdminSection; page: ReactNode }) {
  return (
    <Routes>
      <Route index element={page} />
      <Route path="*" element={<Navigate to={adminSectionPath(section)} replace />} />
    </Routes>
  );
}
