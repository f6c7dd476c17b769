// A page whose feature is still to come: an honest note, never sample data or controls that do
// nothing. Its own module, out of page-frame.tsx (in every page's first load).
import { Construction } from "lucide-react";
import { useTranslation } from "@web/lib/i18n";
import { PageFrame } from "./page-frame";

export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      <div className="flex items-start gap-3 rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
        <Construction aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-glow-800" />
        <p className="text-slate-700">{t("common.underConstruction")}</p>
      </div>
    </PageFrame>
  );
}
