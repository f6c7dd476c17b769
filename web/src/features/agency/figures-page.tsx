// /agency/figures ('Chiffres'): the roster's confirmed or completed sittings by the month they start
// (Paris time), this month and the 11 before, oldest first: hours, bookings, families and what the
// families booked; then the twelve months' totals (families do not add up from month to month: the
// same family may book in several, so that total is not given).
import { formatDuration } from "@db/time/paris-time";
import { formatEuros } from "@web/lib/format";
import { formatNumber } from "@web/lib/format-paris";
import { formatValue, useTranslation } from "@web/lib/i18n";
import { useAgencyFigures } from "./api/figures";
import { AgencyPage } from "./components/agency-page";
import { ListSkeleton, LoadFailed } from "./components/load-states";
import { ScrollBox } from "./components/scroll-box";
import { agencyTexts } from "./texts";

type Month = NonNullable<ReturnType<typeof useAgencyFigures>["data"]>["months"][number];

const monthLabel = (month: string) =>
  formatValue(new Date(`${month}-15T12:00:00Z`), "datetime", { month: "long", year: "numeric", timeZone: "UTC" });

const CELL = "px-4 py-2.5 text-right tabular-nums";
const HEAD = "px-4 py-2.5 text-right font-semibold";

export function FiguresPage() {
  const { t } = useTranslation(agencyTexts);
  const figures = useAgencyFigures();
  let body;
  if (figures.isPending) body = <ListSkeleton rows={1} className="h-96" />;
  else if (figures.isError) body = <LoadFailed onRetry={() => void figures.refetch()} />;
  else body = <FiguresTable months={figures.data.months} />;
  return (
    <AgencyPage title={t("agency.figures.title")} intro={t("agency.figures.intro")}>
      {body}
    </AgencyPage>
  );
}

function FiguresTable({ months }: { months: Month[] }) {
  const { t } = useTranslation(agencyTexts);
  const total = months.reduce(
    (sum, month) => ({
      minutes: sum.minutes + month.minutes,
      bookings: sum.bookings + month.bookings,
      revenue: sum.revenue + month.revenue_cents,
    }),
    { minutes: 0, bookings: 0, revenue: 0 },
  );
  return (
    <>
      <ScrollBox labelledBy="figures-caption">
        <table className="w-full min-w-[36rem] border-collapse text-sm" data-testid="agency-figures">
          <caption id="figures-caption" className="px-4 pt-4 pb-2 text-left text-lg font-semibold text-night-900">
            {t("agency.figures.caption")}
          </caption>
          <thead className="border-b border-night-100 bg-night-50">
            <tr>
              <th scope="col" className="px-4 py-2.5 text-left font-semibold">
                {t("agency.figures.month")}
              </th>
              <th scope="col" className={HEAD}>
                {t("agency.figures.hours")}
              </th>
              <th scope="col" className={HEAD}>
                {t("agency.figures.bookings")}
              </th>
              <th scope="col" className={HEAD}>
                {t("agency.figures.families")}
              </th>
              <th scope="col" className={HEAD}>
                {t("agency.figures.revenue")}
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month} data-month={month.month} className="border-b border-night-100">
                <th scope="row" className="px-4 py-2.5 text-left font-medium text-night-900 first-letter:uppercase">
                  {monthLabel(month.month)}
                </th>
                <td className={CELL}>{formatDuration(month.minutes)}</td>
                <td className={CELL}>{formatNumber(month.bookings)}</td>
                <td className={CELL}>{formatNumber(month.families)}</td>
                <td className={CELL}>{formatEuros(month.revenue_cents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="bg-night-50 font-semibold text-night-900">
            <tr data-testid="figures-total">
              <th scope="row" className="px-4 py-2.5 text-left">
                {t("agency.figures.total")}
              </th>
              <td className={CELL}>{formatDuration(total.minutes)}</td>
              <td className={CELL}>{formatNumber(total.bookings)}</td>
              <td className={`${CELL} font-normal text-slate-700`}>{t("agency.figures.familiesTotal")}</td>
              <td className={CELL}>{formatEuros(total.revenue)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollBox>
      <p className="mt-3 text-sm text-slate-700">{t("agency.figures.familiesNote")}</p>
    </>
  );
}
