import { clsx } from "clsx";
import { useTranslation } from "@web/lib/i18n";
import { NavLink, Outlet } from "react-router-dom";
import { useSession } from "@web/lib/session";
import { ADMIN_HOME_SECTION, ADMIN_SECTIONS, adminSectionPath } from "./admin-sections";
import { adminTexts } from "./texts";

export function AdminLayout() {
  const { t } = useTranslation(adminTexts);
  const { data: profile } = useSession();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row">
      <aside className="shrink-0 lg:w-64">
        <div className="rounded-2xl bg-night-900 p-4 text-white">
          {profile && (
            <div className="mb-4 border-b border-white/15 pb-4">
              <p className="font-semibold">
                {profile.first_name} {profile.last_name}
              </p>
              <p className="text-sm text-glow-300">{t("admin.badge")}</p>
            </div>
          )}
          <nav aria-label={t("admin.sidebar")}>
            <ul className="flex flex-col gap-1">
              {ADMIN_SECTIONS.map((section) => (
                <li key={section}>
                  <NavLink
                    to={adminSectionPath(section)}
                    end={section === ADMIN_HOME_SECTION}
                    className={({ isActive }) =>
                      clsx(
                        "block rounded-lg px-3 py-2 text-sm font-medium",
                        isActive ? "bg-glow-400 text-night-950" : "text-white hover:bg-white/10",
                      )
                    }
                  >
                    {t(`admin.sections.${section}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
