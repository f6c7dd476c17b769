// The eight KPI cards: each measure over the period, its change against the period of the same
// length just before ('+12,5 %' with an arrow, green when it goes the good way and red when not:
// for churn, up is bad) and the previous value. No change can be computed from a previous 0: 'n/a'.
import { clsx } from "clsx";
import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import { useId } from "react";
import { type AdminDashboard, KPI_NAMES } from "@db/validators/admin-dashboard";
import { type KpiName, useDashboardFormat } from "../format";

/** The measures that are better when they fall. */
const LOWER_IS_BETTER: ReadonlySet<KpiName> = new Set(["churn_pct"]);

export function KpiCards({ kpis }: { kpis: AdminDashboard["kpis"] }) {
  const { t } = useDashboardFormat();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t("adminDashboard.kpis.title")}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {KPI_NAMES.map((name) => (
          <KpiCard key={name} name={name} kpi={kpis[name]} />
        ))}
      </ul>
    </section>
  );
}

function KpiCard({ name, kpi }: { name: KpiName; kpi: AdminDashboard["kpis"][KpiName] }) {
  const format = useDashboardFormat();
  const { t } = format;
  return (
    <li className="min-w-0 rounded-2xl border border-night-100 bg-white p-4 shadow-sm">
      <h3 className="text-sm font-medium text-slate-700">{t(`adminDashboard.kpis.names.${name}`)}</h3>
      <p className="mt-1 break-words text-2xl font-bold text-night-900">{format.kpi(name, kpi.value)}</p>
      <Change name={name} pct={kpi.change_pct} />
      <p className="mt-0.5 text-xs text-slate-700">
        {t("adminDashboard.kpis.previous", { value: format.kpi(name, kpi.previous) })}
      </p>
    </li>
  );
}

function Change({ name, pct }: { name: KpiName; pct: number | null }) {
  const format = useDashboardFormat();
  const { t } = format;
  if (pct === null)
    return (
      <p className="mt-1 text-sm font-semibold text-slate-700">
        <span aria-hidden="true">{t("adminDashboard.kpis.noChange")}</span>
        <span className="sr-only">{t("adminDashboard.kpis.noChangeHint")}</span>
      </p>
    );
  const good = pct !== 0 && pct > 0 !== LOWER_IS_BETTER.has(name);
  const Arrow = pct > 0 ? ArrowUpRight : pct < 0 ? ArrowDownRight : ArrowRight;
  return (
    <p
      className={clsx(
        "mt-1 flex items-center gap-1 text-sm font-semibold",
        pct === 0 ? "text-slate-700" : good ? "text-emerald-700" : "text-red-700",
      )}
    >
      <Arrow aria-hidden="true" className="h-4 w-4 shrink-0" />
      {format.change(pct)}
    </p>
  );
}
