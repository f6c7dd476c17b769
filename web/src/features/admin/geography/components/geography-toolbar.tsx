// Above the figures: what the map measures (subscribers, revenue, growth, adoption), over which
// period (1, 3, 6 months, a year), the dates it covers, and the CSV export of the ranking. Both
// choices land in the URL (the page's query), so a view can be bookmarked.
import {
  type AdminGeography,
  GEOGRAPHY_METRICS,
  GEOGRAPHY_PERIODS,
  type GeographyMetric,
  type GeographyPeriod,
  type GeographyQuery,
} from "@db/validators/admin-geography";
import { formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { ExportCsv } from "../../components/export-csv";
import { FilterSelect } from "../../components/list-filters";
import type { ListUpdate } from "../../list/use-list-query";
import { exportGeography } from "../api/export-geography";
import { adminGeographyTexts } from "../texts";

type ToolbarProps = {
  query: GeographyQuery;
  data: AdminGeography | undefined;
  onChange: ListUpdate<GeographyQuery>;
};

export function GeographyToolbar({ query, data, onChange }: ToolbarProps) {
  const { t, language } = useTranslation(adminGeographyTexts);
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 rounded-2xl border border-night-100 bg-white p-4 shadow-sm">
      <div className="grid w-full grid-cols-2 gap-3 sm:w-auto sm:min-w-96">
        <FilterSelect
          label={t("adminGeography.toolbar.metric")}
          value={query.metric}
          allOption={false}
          options={GEOGRAPHY_METRICS.map((metric) => [metric, t(`adminGeography.metrics.${metric}`)])}
          onSelect={(metric) => onChange({ metric: metric as GeographyMetric })}
        />
        <FilterSelect
          label={t("adminGeography.toolbar.period")}
          value={query.period}
          allOption={false}
          options={GEOGRAPHY_PERIODS.map((period) => [period, t(`adminGeography.periods.${period}`)])}
          onSelect={(period) => onChange({ period: period as GeographyPeriod })}
        />
        {data && (
          <p className="col-span-2 text-sm text-slate-700">
            {t("adminGeography.toolbar.range", {
              from: formatDay(data.from, language),
              to: formatDay(data.to, language),
            })}
          </p>
        )}
      </div>
      <ExportCsv exportFile={(separator) => exportGeography(query, separator)} />
    </div>
  );
}
