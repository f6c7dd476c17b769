// /agency/hours ('Heures'): the team's confirmed hours of a month (Paris time), family by family,
// each family's statement for the agency's sitters as the family reads it on 'Mes relevés' (hours,
// rate, amount, days, per sitter), and the month's export of all of them as a CSV. The month opens
// on the current one; the 12 before it can be picked.
import { useState } from "react";
import { formatDuration, parisToday } from "@db/time/paris-time";
import { Button } from "@web/components/ui/button";
import { formatEuros } from "@web/lib/format";
import { formatValue, useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { downloadAgencyStatement, useAgencyStatement } from "./api/statements";
import { AgencyPage } from "./components/agency-page";
import { ListSkeleton, LoadFailed } from "./components/load-states";
import { agencyTexts } from "./texts";

type Statement = NonNullable<ReturnType<typeof useAgencyStatement>["data"]>;

/** This month and the 12 before it, newest first ("2026-11", "2026-10", …). */
function recentMonths(today: string): string[] {
  const [year, month] = today.split("-").map(Number);
  return Array.from({ length: 13 }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - index, 15));
    return date.toISOString().slice(0, 7);
  });
}

const monthLabel = (month: string) =>
  formatValue(new Date(`${month}-15T12:00:00Z`), "datetime", { month: "long", year: "numeric", timeZone: "UTC" });

export function HoursPage() {
  const { t } = useTranslation(agencyTexts);
  const months = recentMonths(parisToday());
  const [month, setMonth] = useState(months[0]);
  const statement = useAgencyStatement(month);
  const download = () => downloadAgencyStatement(month).catch(() => notify.error(t("agency.hours.downloadError")));
  let body;
  if (statement.isPending) body = <ListSkeleton rows={2} className="h-40" />;
  else if (statement.isError) body = <LoadFailed onRetry={() => void statement.refetch()} />;
  else body = <Families statement={statement.data} />;
  return (
    <AgencyPage title={t("agency.hours.title")} intro={t("agency.hours.intro")}>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-night-900">
          {t("agency.hours.month")}
          <select
            className="rounded-xl border border-night-200 bg-white px-3 py-2"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
          >
            {months.map((value) => (
              <option key={value} value={value}>
                {monthLabel(value)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" onClick={() => void download()}>
          {t("agency.hours.export")}
        </Button>
      </div>
      <div className="mt-6">{body}</div>
    </AgencyPage>
  );
}

function Families({ statement }: { statement: Statement }) {
  const { t } = useTranslation(agencyTexts);
  if (statement.families.length === 0)
    return <p className="rounded-2xl border border-night-100 bg-white p-6 text-slate-700">{t("agency.hours.empty")}</p>;
  return (
    <div className="flex flex-col gap-4" data-testid="agency-hours">
      <p className="font-semibold text-night-900">
        {t("agency.hours.total", {
          hours: formatDuration(statement.minutes),
          amount: formatEuros(statement.amount_cents),
          count: statement.families.length,
        })}
      </p>
      {statement.families.map(({ family, sitters, minutes, amount_cents }) => (
        <section
          key={family.id}
          aria-label={`${family.first_name} ${family.last_name}`}
          className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm"
        >
          <h2 className="text-lg font-semibold text-night-900">
            {t("agency.hours.family", { name: `${family.first_name} ${family.last_name}` })}
          </h2>
          <p className="text-sm text-slate-700">
            {t("agency.hours.familyTotal", { hours: formatDuration(minutes), amount: formatEuros(amount_cents) })}
          </p>
          <ul className="mt-3 flex flex-col gap-2 text-sm">
            {sitters.map((sitter) => (
              <li
                key={sitter.babysitter.id}
                className="flex flex-wrap justify-between gap-2 border-t border-night-100 pt-2"
              >
                <span className="font-medium">
                  {sitter.babysitter.first_name} {sitter.babysitter.last_name}
                </span>
                <span className="tabular-nums text-slate-800">
                  {t("agency.hours.line", {
                    hours: formatDuration(sitter.minutes),
                    rate: formatEuros(sitter.hourly_rate_cents),
                    amount: formatEuros(sitter.amount_cents),
                    count: sitter.days,
                  })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
