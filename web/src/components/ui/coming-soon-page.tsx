// Its own module, out of page-frame.tsx (which every page and the first load of / use): only the
// pages still waiting for their feature load it and its icon.
import { Construction } from "lucide-react";
import { useTranslation } from "@web/lib/i18n";
import { PageFrame } from "./page-frame";

/** Pages whose feature arrives with a later issue: an honest note, never sample data. */
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
