import { Construction } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "@web/lib/i18n";
import type { AdminSection } from "./admin-sections";
import { adminTexts } from "./texts";

/** Admin sections are placeholders until the admin-console issue brings them on real data. */
export function AdminSectionPage({ section }: { section: AdminSection }) {
  const { t } = useTranslation(adminTexts);
  const title = t(`admin.sections.${section}`);
  useEffect(() => {
    document.title = `${title} · ${t("admin.title")} · Veilleuse`;
  }, [title, t]);
  return (
    <section>
      <p className="text-sm font-semibold uppercase tracking-wide text-glow-900">{t("admin.title")}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6 flex items-start gap-3 rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
        <Construction aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-glow-800" />
        <p className="text-slate-700">{t("common.underConstruction")}</p>
      </div>
    </section>
  );
}
