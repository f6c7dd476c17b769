// /admin/geography: per city over a period, from GET /api/admin/geography. The metric and the period
// (in the URL, with the ranking's search, order and page) drive a bubble map of the cities, the
// top-5 lists and a ranking table searched and sorted on the server; any city opens its panel
// (market penetration, figures, unmet demand). The CSV export is the ranking with the same search
// and order. The map is its own lazy chunk (Leaflet). The console's frame draws the title (h1) above.
import { clsx } from "clsx";
import { lazy, Suspense, useCallback, useState } from "react";
import type { CityStats, GeographyPeriod } from "@db/validators/admin-geography";
import { USER_SEARCH_MAX_LENGTH } from "@db/validators/admin-users";
import { LoadError } from "@web/components/ui/page-states";
import { useTranslation } from "@web/lib/i18n";
import { ListBody } from "../components/list-body";
import { ListFilters, SearchBox } from "../components/list-filters";
import { SinglePageSection } from "../components/single-page-section";
import { useListQuery } from "../list/use-list-query";
import { useAdminGeography } from "./api/get-geography";
import { CityPanel } from "./components/city-panel";
import { GeographyToolbar } from "./components/geography-toolbar";
import { RankingTable } from "./components/ranking-table";
import { TopLists } from "./components/top-lists";
import { geographyList } from "./list-params";
import { adminGeographyTexts } from "./texts";
import { REFRESHING } from "../components/refreshing";

const CityMap = lazy(() => import("./components/city-map"));

export function GeographySection() {
  return <SinglePageSection section="geography" page={<GeographyPage />} />;
}

function GeographyPage() {
  const { t } = useTranslation(adminGeographyTexts);
  const state = useListQuery(geographyList);
  const { query, update, clearFilters } = state;
  const geography = useAdminGeography(query);
  const { data } = geography;
  const [selected, setSelected] = useState<{ city: CityStats; period: GeographyPeriod } | null>(null);
  const select = useCallback((city: CityStats) => setSelected({ city, period: query.period }), [query.period]);
  // The panel shows the figures of the period on screen: the same city read again from the answer,
  // or, when it is in none of its lists, as it was opened while the period is the same (another
  // period's figures would be wrong: the panel closes).
  const fresh =
    selected &&
    data?.period === query.period &&
    [...data.rows, ...data.map, ...Object.values(data.top).flat()].find((city) => city.id === selected.city.id);
  const shown = fresh || (selected?.period === query.period ? selected.city : null);
  const busy = geography.isPlaceholderData;
  return (
    <div className="flex flex-col gap-4">
      <GeographyToolbar query={query} data={data} onChange={update} />
      {geography.isError && !data && (
        <LoadError variant="card" message={t("adminGeography.loadError")} onRetry={() => void geography.refetch()} />
      )}
      <div
        aria-busy={busy || undefined}
        className={clsx("grid grid-cols-1 gap-4 xl:grid-cols-3 xl:items-start", busy && REFRESHING)}
      >
        <section aria-labelledby="geography-map-title" className="min-w-0 xl:col-span-2">
          <h2 id="geography-map-title" className="mb-2 text-lg font-semibold text-night-900">
            {t("adminGeography.map.title")}
          </h2>
          {data ? (
            <Suspense fallback={<MapPlaceholder />}>
              <CityMap cities={data.map} metric={query.metric} onSelect={select} />
            </Suspense>
          ) : (
            <MapPlaceholder />
          )}
        </section>
        {shown ? (
          <CityPanel city={shown} onClose={() => setSelected(null)} />
        ) : (
          <p className="rounded-2xl border border-dashed border-night-600/40 bg-white p-4 text-sm text-slate-700 xl:mt-9">
            {t("adminGeography.panel.hint")}
          </p>
        )}
      </div>
      {data && <TopLists top={data.top} onSelect={select} />}
      <section aria-labelledby="geography-ranking-title" className="flex flex-col gap-3">
        <h2 id="geography-ranking-title" className="text-lg font-semibold text-night-900">
          {t("adminGeography.ranking.title")}
        </h2>
        <ListFilters
          label={t("adminGeography.ranking.filters")}
          active={geographyList.hasFilters(query)}
          onClear={clearFilters}
        >
          <SearchBox
            q={query.q ?? ""}
            label={t("adminGeography.ranking.search")}
            placeholder={t("adminGeography.ranking.searchPlaceholder")}
            maxLength={USER_SEARCH_MAX_LENGTH}
            onChange={update}
          />
        </ListFilters>
        <ListBody
          list={geography}
          state={state}
          texts={{
            loadError: t("adminGeography.loadError"),
            empty: t("adminGeography.ranking.empty"),
            emptyPage: t("adminGeography.ranking.emptyPage"),
          }}
        >
          {(page, refreshing) => (
            <RankingTable query={query} data={page} refreshing={refreshing} onChange={update} onSelect={select} />
          )}
        </ListBody>
      </section>
    </div>
  );
}

function MapPlaceholder() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="h-[26rem] animate-pulse rounded-2xl bg-night-100">
      <span className="sr-only" role="status">
        {t("common.loading")}
      </span>
    </div>
  );
}
