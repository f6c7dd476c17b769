// The tabs whose screens come with the next issue (notification preferences, security, privacy):
// an honest note, never controls that do nothing.
import { Construction } from "lucide-react";
import { useTranslation } from "@web/lib/i18n";
import { settingsTexts } from "../texts";

export function ComingSoonPanel({ title }: { title: string }) {
  const { t } = useTranslation(settingsTexts);
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="flex items-start gap-3 rounded-2xl border border-night-100 bg-white p-6 shadow-sm"
    >
      <Construction aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-glow-800" />
      <div>
        <h2 id="coming-soon-title" className="text-lg font-semibold text-night-900">
          {title}
        </h2>
        <p className="mt-1 text-slate-700">{t("settings.comingSoon")}</p>
      </div>
    </section>
  );
}
