// The cities of one page of the ranking (../../components/data-table.tsx draws them; the server
// searches, sorts and pages). Subscribers, revenue and growth sort, the largest first when picked;
// a second click turns the order. Each city's name is a button that opens its panel (the keyboard's
// way to what a click on the map's bubble does).
import { type ColumnDef, createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import type { AdminGeography, CityStats, GeographyQuery } from "@db/validators/admin-geography";
import { USER_PAGE_SIZES } from "@db/validators/admin-users";
import { DataTable } from "../../components/data-table";
import type { ListUpdate } from "../../list/use-list-query";
import { type GeographyFormat, useGeographyFormat } from "../format";

const column = createColumnHelper<CityStats>();

function columnsOf(format: GeographyFormat, onSelect: (city: CityStats) => void) {
  const { t } = format;
  return [
    column.accessor("name", {
      id: "city",
      header: t("adminGeography.columns.city"),
      enableSorting: false,
      cell: (info) => (
        <button
          type="button"
          onClick={() => onSelect(info.row.original)}
          aria-label={t("adminGeography.openPanel", { city: info.getValue() })}
          className="min-h-9 rounded-lg text-left font-semibold text-glow-900 underline hover:bg-night-50"
        >
          {info.getValue()}
        </button>
      ),
    }),
    column.accessor("department", { header: t("adminGeography.columns.department"), enableSorting: false }),
    column.accessor("subscribers", {
      header: t("adminGeography.columns.subscribers"),
      sortDescFirst: true,
      cell: (info) => format.count(info.getValue()),
    }),
    column.accessor("revenue_cents", {
      id: "revenue",
      header: t("adminGeography.columns.revenue"),
      sortDescFirst: true,
      cell: (info) => format.euros(info.getValue()),
    }),
    column.accessor("growth_pct", {
      id: "growth",
      header: t("adminGeography.columns.growth"),
      sortDescFirst: true,
      cell: (info) => format.change(info.getValue()),
    }),
    column.accessor("adoption", {
      header: t("adminGeography.columns.adoption"),
      enableSorting: false,
      cell: (info) => format.per10k(info.getValue()),
    }),
    column.accessor("avg_booking_cents", {
      header: t("adminGeography.columns.avgBooking"),
      enableSorting: false,
      cell: (info) => format.or(info.getValue(), format.euros),
    }),
    column.accessor("response_minutes", {
      header: t("adminGeography.columns.responseTime"),
      enableSorting: false,
      cell: (info) => format.duration(info.getValue()),
    }),
    column.accessor("satisfaction", {
      header: t("adminGeography.columns.satisfaction"),
      enableSorting: false,
      cell: (info) => format.rating(info.getValue()),
    }),
    column.accessor((city) => city.unmet.total, {
      id: "unmet",
      header: t("adminGeography.columns.unmet"),
      enableSorting: false,
      cell: (info) => format.count(info.getValue()),
    }),
  ] as ColumnDef<CityStats, unknown>[];
}

type RankingTableProps = {
  query: GeographyQuery;
  data: AdminGeography | undefined;
  refreshing: boolean;
  onChange: ListUpdate<GeographyQuery>;
  onSelect: (city: CityStats) => void;
};

export function RankingTable({ query, data, refreshing, onChange, onSelect }: RankingTableProps) {
  const format = useGeographyFormat();
  const { t, language } = format;
  // The columns follow the language (their headers and figures) and the panel's opener.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const columns = useMemo(() => columnsOf(format, onSelect), [language, onSelect]);
  return (
    <DataTable
      caption={t("adminGeography.ranking.label")}
      loadingLabel={t("adminGeography.ranking.loading")}
      columns={columns}
      query={query}
      data={data}
      refreshing={refreshing}
      onChange={onChange}
      pager={{
        label: t("adminGeography.ranking.pagination"),
        total: t("adminGeography.ranking.total", { count: data?.total ?? 0 }),
        pageSizes: USER_PAGE_SIZES,
      }}
      stickyColumn="city"
    />
  );
}
