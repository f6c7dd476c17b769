import { Construction } from "lucide-react";
import { useTranslation } from "@web/lib/i18n";

/**
 * A section whose page is still to come (section-pages.ts): an honest note under the title the
 * console's frame draws, never sample figures.
 */
export function AdminSectionPage() {
  const { t } = useTranslation();
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
      <Construction aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-glow-800" />
      <p className="text-slate-700">{t("common.underConstruction")}</p>
    </div>
  );
}
