// 'Mes signalements', a section of the notifications page (where 'Signalement traité' links): the
// member's reports, newest first, each with its type, reason, date and 'En cours' or 'Traité' (never
// another person's outcome). Nothing shows until she has reported something; five, then all.
import { clsx } from "clsx";
import { Flag } from "lucide-react";
import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { formatLongDate } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { useOwnReports } from "../api/reports";
import { moderationTexts } from "../texts";

const FIRST_SHOWN = 5;
const HEADING_ID = "my-reports";

export function OwnReports() {
  const { t } = useTranslation(moderationTexts);
  const query = useOwnReports();
  const [all, setAll] = useState(false);
  if (query.isPending || (query.isSuccess && query.data.length === 0)) return null;
  const reports = query.data ?? [];
  const shown = all ? reports : reports.slice(0, FIRST_SHOWN);
  return (
    <section aria-labelledby={HEADING_ID} className="mt-10 rounded-2xl border border-night-100 bg-white p-5">
      <h2 id={HEADING_ID} className="flex items-center gap-2 text-lg font-semibold text-night-900">
        <Flag aria-hidden="true" className="h-5 w-5" />
        {t("reporting.mine.title")}
      </h2>
      {query.isError ? (
        <div className="mt-2">
          <p className="text-slate-700">{t("reporting.mine.loadError")}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-700">{t("reporting.mine.intro")}</p>
          <ul className="mt-4 divide-y divide-night-100">
            {shown.map((report) => (
              <li key={report.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-night-900">
                    {t("reporting.mine.item", {
                      type: t(`reporting.types.${report.type}`),
                      reason: t(`reporting.reasons.${report.reason}`),
                    })}
                  </p>
                  <p className="text-sm text-slate-700">
                    <time dateTime={report.created_at}>
                      {t("reporting.mine.date", { date: formatLongDate(report.created_at) })}
                    </time>
                  </p>
                </div>
                <span
                  className={clsx(
                    "rounded-full px-2.5 py-1 text-sm font-semibold",
                    report.status === "pending" ? "bg-glow-300 text-night-950" : "bg-night-100 text-night-900",
                  )}
                >
                  {t(`reporting.mine.status.${report.status}`)}
                </span>
              </li>
            ))}
          </ul>
          {reports.length > FIRST_SHOWN && (
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => setAll(!all)}>
              {all ? t("reporting.mine.showLess") : t("reporting.mine.showAll", { count: reports.length })}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
