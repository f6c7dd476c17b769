// The admin console's frame: the sidebar, then the current section's title (the page's h1, and
// document.title) above the section's page. The title follows the path, so a section's sub-page
// (/admin/users/<id>) keeps its section's.
import { useEffect } from "react";
import { Outlet } from "react-router-dom";
import { useTranslation } from "@web/lib/i18n";
import { AdminSidebar } from "./admin-sidebar";
import { adminTexts } from "./texts";
import { useAdminSection } from "./use-admin-section";

/** `onSignOut`: the app's own sign-out (a feature never imports the app shell: web/src/app/admin-frame.tsx passes it). */
export function AdminLayout({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation(adminTexts);
  const section = useAdminSection();
  const title = t(`admin.sections.${section}`);
  const consoleName = t("admin.title");
  useEffect(() => {
    document.title = `${title} · ${consoleName} · Veilleuse`;
  }, [title, consoleName]);
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row">
      <AdminSidebar onSignOut={onSignOut} />
      <div className="min-w-0 flex-1">
        <div className="mb-6">
          <p className="text-sm font-semibold uppercase tracking-wide text-glow-900">{consoleName}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">{title}</h1>
          <p className="mt-1 text-slate-700">{t(`admin.descriptions.${section}`)}</p>
        </div>
        <Outlet />
      </div>
    </div>
  );
}
