// How fast and how often sitters answer booking requests over the period: the median time to an
// answer, the share accepted and how many were answered; and the API's own 95th percentile over the
// period, as the Worker measured its answers, beside the performance settings' target.
import { useId } from "react";
import type { AdminDashboard } from "@db/validators/admin-dashboard";
import { useDashboardFormat } from "../format";

export function PerformanceSummary({ performance }: { performance: AdminDashboard["performance"] }) {
  const format = useDashboardFormat();
  const { t } = format;
  const headingId = useId();
  const none = t("adminDashboard.performance.none");
  const rows: [label: string, value: string][] = [
    [
      t("adminDashboard.performance.response"),
      performance.response_minutes_median === null ? none : format.duration(performance.response_minutes_median),
    ],
    [
      t("adminDashboard.performance.acceptance"),
      performance.acceptance_pct === null ? none : format.percent(performance.acceptance_pct),
    ],
    [t("adminDashboard.performance.answered"), format.count(performance.answered)],
    [
      t("adminDashboard.performance.apiP95"),
      performance.api_p95_ms === null
        ? t("adminDashboard.performance.apiNone")
        : t("adminDashboard.performance.apiP95Value", { ms: format.count(performance.api_p95_ms) }),
    ],
  ];
  const pastTarget = performance.api_p95_ms !== null && performance.api_p95_ms > performance.api_target_ms;
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-night-100 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold text-night-900">
        {t("adminDashboard.performance.title")}
      </h2>
      <dl className="mt-2 divide-y divide-night-100">
        {rows.map(([label, value]) => (
          <div key={label} className="py-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="mt-0.5 text-xl font-bold text-night-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-700">
        {pastTarget && (
          <span className="mr-1 font-semibold text-red-800">{t("adminDashboard.performance.apiPastTarget")}.</span>
        )}
        {t("adminDashboard.performance.apiNote", {
          count: format.count(performance.api_samples),
          target: format.count(performance.api_target_ms),
        })}
      </p>
    </section>
  );
}
