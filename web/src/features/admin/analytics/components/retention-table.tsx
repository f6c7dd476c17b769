// Retention by monthly cohort as a table (it is one already: no chart to describe): a row per Paris
// month of sign-up, its size, then the share of it active in that month and each month after, up
// to the current one. Active: signed in, sent a message, requested a booking or answered one.
import { useId } from "react";
import { PARIS_TIME_ZONE } from "@db/time/paris-time";
import type { AdminAnalytics } from "@db/validators/admin-analytics";
import { formatValue } from "@web/lib/i18n";
import { useAnalyticsFormat } from "./format";

export function RetentionTable({ data }: { data: AdminAnalytics }) {
  const format = useAnalyticsFormat();
  const { t } = format;
  const headingId = useId();
  const title = t("adminAnalytics.retention.title");
  const width = data.retention.reduce((most, row) => Math.max(most, row.active.length), 0);
  // A cohort's month ("2026-05") read mid-month at noon: the same month in Paris, whatever the offset.
  const month = (value: string) =>
    formatValue(
      new Date(`${value}-15T12:00:00.000Z`),
      "datetime",
      { month: "long", year: "numeric", timeZone: PARIS_TIME_ZONE },
      format.language,
    );
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-night-100 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold text-night-900">
        {title}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t("adminAnalytics.retention.description")}</p>
      {data.retention.every((row) => row.users === 0) ? (
        <p className="text-sm text-slate-700">{t("adminAnalytics.retention.empty")}</p>
      ) : (
        // The table scrolls inside its card on a phone (a year of months is wider than the screen);
        // with no link inside, the keyboard scrolls it only if the scrolling box itself takes focus.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={title}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-night-100">
                <th scope="col" className="py-2 pr-3">
                  {t("adminAnalytics.retention.cohort")}
                </th>
                <th scope="col" className="whitespace-nowrap py-2 pl-3 text-right">
                  {t("adminAnalytics.retention.users")}
                </th>
                {Array.from({ length: width }, (_, k) => (
                  <th key={k} scope="col" className="whitespace-nowrap py-2 pl-3 text-right">
                    {k === 0 ? t("adminAnalytics.retention.month0") : t("adminAnalytics.retention.monthN", { n: k })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.retention.map((row) => (
                <tr key={row.month} className="border-b border-night-50">
                  <th scope="row" className="whitespace-nowrap py-1.5 pr-3 font-normal">
                    {month(row.month)}
                  </th>
                  <td className="whitespace-nowrap py-1.5 pl-3 text-right tabular-nums">{format.count(row.users)}</td>
                  {Array.from({ length: width }, (_, k) => {
                    const count = row.active[k];
                    return (
                      <td key={k} className="whitespace-nowrap py-1.5 pl-3 text-right tabular-nums">
                        {count === undefined || row.users === 0
                          ? t("adminAnalytics.none")
                          : t("adminAnalytics.retention.cell", {
                              pct: format.percent(Math.round((count / row.users) * 1000) / 10),
                              count: format.count(count),
                            })}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
