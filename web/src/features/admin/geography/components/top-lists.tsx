// The first five cities by subscribers, by revenue and by growth (over every city, whatever the
// ranking's search). Each city opens its panel.
import { useId } from "react";
import type { AdminGeography, CityStats } from "@db/validators/admin-geography";
import { useGeographyFormat } from "../format";

const LISTS = ["subscribers", "revenue", "growth"] as const;

export function TopLists({ top, onSelect }: { top: AdminGeography["top"]; onSelect: (city: CityStats) => void }) {
  const format = useGeographyFormat();
  const { t } = format;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-night-900">
        {t("adminGeography.top.title")}
      </h2>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        {LISTS.map((list) => (
          <div key={list} className="min-w-0 rounded-2xl border border-night-100 bg-white p-4 shadow-sm">
            <h3 className="font-semibold text-night-900">{t(`adminGeography.top.${list}`)}</h3>
            {top[list].length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">
                {list === "growth" ? t("adminGeography.top.emptyGrowth") : t("adminGeography.top.empty")}
              </p>
            ) : (
              <ol className="mt-2 flex flex-col gap-1" data-testid={`top-${list}`}>
                {top[list].map((city, index) => (
                  <li key={city.id} className="flex items-center justify-between gap-2 text-sm">
                    <button
                      type="button"
                      onClick={() => onSelect(city)}
                      className="min-h-9 min-w-0 truncate rounded-lg text-left text-night-900 underline hover:bg-night-50"
                    >
                      {index + 1}. {city.name}
                    </button>
                    <span className="shrink-0 font-semibold text-night-900">{format.metric(list, city)}</span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
