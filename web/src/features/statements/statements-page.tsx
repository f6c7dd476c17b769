// /statements ('Mes relevés', parents): what to declare for each babysitter employed at home, month
// by month (the CESU or Pajemploi declaration asks hours, hourly rate and amount per employee), with
// the month as a CSV laid out for them and as a PDF; and the year, with the tax credit estimate and
// its rule, explained once. The month opens on the last one: the one a family declares now.
import { Download } from "lucide-react";
import { useState } from "react";
import {
  TAX_CREDIT_CEILING_CENTS,
  TAX_CREDIT_CEILING_MAX_CENTS,
  TAX_CREDIT_PER_CHILD_CENTS,
  TAX_CREDIT_RATE_PERCENT,
} from "@db/constants/tax-credit";
import { formatDuration, parisToday } from "@db/time/paris-time";
import { Button } from "@web/components/ui/button";
import { PageFrame } from "@web/components/ui/page-frame";
import { formatEuros } from "@web/lib/format";
import { formatLongDate, formatTimeRange } from "@web/lib/format-paris";
import { currentLanguage, useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { downloadStatement, useMonthStatement, useYearSummary } from "./api/statements";
import { statementsTexts } from "./texts";

/** The twelve months before this one, newest first ("2026-10"…). */
function lastMonths(today: string): string[] {
  const [year, month] = today.split("-").map(Number);
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 2 - index, 15));
    return date.toISOString().slice(0, 7);
  });
}

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat(currentLanguage() === "fr" ? "fr-FR" : "en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-15T00:00:00Z`));

export function StatementsPage() {
  const { t } = useTranslation(statementsTexts);
  const months = lastMonths(parisToday());
  const [month, setMonth] = useState(months[0]);
  return (
    <PageFrame title={t("statements.title")}>
      <div className="flex max-w-3xl flex-col gap-6">
        <p className="text-slate-700">{t("statements.intro")}</p>
        <label className="flex flex-col gap-1 text-sm font-medium text-night-900">
          {t("statements.month")}
          <select
            className="max-w-xs rounded-lg border border-night-200 bg-white px-3 py-2"
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
        <MonthSection month={month} />
        <YearSection year={month.slice(0, 4)} />
      </div>
    </PageFrame>
  );
}

function MonthSection({ month }: { month: string }) {
  const { t } = useTranslation(statementsTexts);
  const statement = useMonthStatement(month);
  const save = (kind: "csv" | "pdf") =>
    downloadStatement(month, kind).catch(() => notify.error(t("statements.downloadError")));
  if (statement.isPending) return <div aria-busy="true" className="h-40 animate-pulse rounded-2xl bg-night-100" />;
  if (statement.isError) return <p role="alert">{t("statements.loadError")}</p>;
  const { sitters } = statement.data;
  return (
    <section aria-labelledby="month-title" className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
      <h2 id="month-title" className="text-lg font-semibold text-night-900">
        {monthLabel(month)}
      </h2>
      {sitters.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t("statements.empty")}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-4">
          {sitters.map((sitter) => (
            <li key={sitter.babysitter.id} data-testid="statement-sitter" className="border-t border-night-100 pt-3">
              <p className="font-medium text-night-900">
                {sitter.babysitter.first_name} {sitter.babysitter.last_name}
              </p>
              <p className="text-sm" data-testid="statement-declare">
                {t("statements.declare", {
                  hours: formatDuration(sitter.minutes),
                  rate: formatEuros(sitter.hourly_rate_cents),
                  amount: formatEuros(sitter.amount_cents),
                  days: String(sitter.days),
                })}
              </p>
              <ul className="mt-1 text-sm text-slate-700">
                {sitter.sittings.map((line) => (
                  <li key={line.booking_id}>
                    {formatLongDate(line.start)} · {formatTimeRange(line.start, line.end)} ·{" "}
                    {formatEuros(line.amount_cents)} · {t(`statements.settled.${line.settled}`)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 font-semibold text-night-900" data-testid="statement-total">
        {t("statements.total", {
          hours: formatDuration(statement.data.minutes),
          amount: formatEuros(statement.data.amount_cents),
        })}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void save("csv")}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {t("statements.csv")}
        </Button>
        <Button variant="secondary" onClick={() => void save("pdf")}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {t("statements.pdf")}
        </Button>
      </div>
    </section>
  );
}

function YearSection({ year }: { year: string }) {
  const { t } = useTranslation(statementsTexts);
  const summary = useYearSummary(year);
  if (!summary.data) return null;
  const { amount_cents, minutes, tax_credit_cents } = summary.data;
  return (
    <section aria-labelledby="year-title" className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
      <h2 id="year-title" className="text-lg font-semibold text-night-900">
        {t("statements.yearTitle", { year })}
      </h2>
      <p className="mt-2 text-sm" data-testid="year-total">
        {t("statements.yearTotal", { hours: formatDuration(minutes), amount: formatEuros(amount_cents) })}
      </p>
      <p className="mt-1 font-semibold text-night-900" data-testid="tax-credit">
        {t("statements.taxCredit", {
          amount: formatEuros(tax_credit_cents),
          cost: formatEuros(amount_cents - tax_credit_cents),
        })}
      </p>
      <p className="mt-3 text-xs text-slate-700">
        {t("statements.taxRule", {
          rate: String(TAX_CREDIT_RATE_PERCENT),
          ceiling: formatEuros(TAX_CREDIT_CEILING_CENTS),
          perChild: formatEuros(TAX_CREDIT_PER_CHILD_CENTS),
          max: formatEuros(TAX_CREDIT_CEILING_MAX_CENTS),
        })}
      </p>
    </section>
  );
}
