// The flagged items of one page of the queue (../../components/data-table.tsx draws them; the order
// is the server's: pending most severe first then oldest, decided latest decision first). A row's
// excerpt links to the item's page, carrying the queue's query string for its way back. The content
// is only ever text here (React escapes it), a photo named, not shown. Decided queues add when and
// by whom.
import { type ColumnDef, createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link, useLocation } from "react-router-dom";
import { MODERATION_PAGE_SIZE, type ModerationItemDto, type ModerationQueueQuery } from "@db/validators/moderation";
import { useTranslation } from "@web/lib/i18n";
import { DataTable } from "../../components/data-table";
import { useDateTime } from "../../components/date-time";
import type { ListUpdate } from "../../list/use-list-query";
import type { ModerationQueue } from "../api/list-moderation";
import { type ListLinkState } from "../../list/list-params";
import { itemPath } from "../list-params";
import { adminModerationTexts } from "../texts";
import { AppealBadge, SeverityBadge, useItemLabels } from "./labels";

const column = createColumnHelper<ModerationItemDto>();

/** The queue's one order (the server's): the table's position in its terms. */
const REPORTED = "reported";

function useColumns(status: ModerationQueueQuery["status"], listSearch: string) {
  const { t } = useTranslation(adminModerationTexts);
  const dateTime = useDateTime();
  const labels = useItemLabels();
  return useMemo(() => {
    const none = t("adminShared.none");
    const columns = [
      column.accessor("type", {
        header: t("adminModeration.columns.type"),
        enableSorting: false,
        cell: (info) => (
          <span className="flex flex-col items-start gap-1">
            <span className="font-semibold">{labels.type(info.row.original)}</span>
            {info.row.original.appeal_of && <AppealBadge />}
          </span>
        ),
      }),
      column.accessor((row) => labels.excerpt(row), {
        id: "content",
        header: t("adminModeration.columns.content"),
        enableSorting: false,
        meta: { wrap: true },
        cell: (info) => (
          <Link
            to={itemPath(info.row.original.id)}
            state={{ listSearch } satisfies ListLinkState}
            className="inline-block py-0.5 font-semibold text-glow-900 underline"
          >
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor((row) => labels.reason(row), {
        id: "reason",
        header: t("adminModeration.columns.reason"),
        enableSorting: false,
      }),
      column.accessor((row) => labels.source(row), {
        id: "source",
        header: t("adminModeration.columns.source"),
        enableSorting: false,
      }),
      column.accessor("severity", {
        header: t("adminModeration.columns.severity"),
        enableSorting: false,
        cell: (info) => <SeverityBadge severity={info.getValue()} />,
      }),
      column.accessor("ai_score", {
        header: t("adminModeration.columns.score"),
        enableSorting: false,
        cell: (info) => labels.score(info.getValue()),
      }),
      column.accessor("reported_at", {
        id: REPORTED,
        header: t("adminModeration.columns.reported"),
        enableSorting: false,
        cell: (info) => dateTime(info.getValue()),
      }),
      column.accessor((row) => `${row.author.first_name} ${row.author.last_name}`, {
        id: "author",
        header: t("adminModeration.columns.author"),
        enableSorting: false,
        cell: (info) => (
          <>
            <span className="block">{info.getValue()}</span>
            <span className="block text-xs text-slate-700">{labels.role(info.row.original)}</span>
          </>
        ),
      }),
    ] as ColumnDef<ModerationItemDto, unknown>[];
    if (status !== "pending") {
      columns.push(
        column.accessor("reviewed_at", {
          id: "decided",
          header: t("adminModeration.columns.decided"),
          enableSorting: false,
          cell: (info) => {
            const decided = info.getValue();
            return decided ? dateTime(decided) : none;
          },
        }) as ColumnDef<ModerationItemDto, unknown>,
        column.accessor("reviewer_name", {
          header: t("adminModeration.columns.reviewer"),
          enableSorting: false,
          cell: (info) => info.getValue() ?? none,
        }) as ColumnDef<ModerationItemDto, unknown>,
      );
    }
    return columns;
  }, [t, dateTime, labels, status, listSearch]);
}

type ModerationTableProps = {
  query: ModerationQueueQuery;
  data: ModerationQueue | undefined;
  refreshing: boolean;
  onChange: ListUpdate<ModerationQueueQuery>;
};

export function ModerationTable({ query, data, refreshing, onChange }: ModerationTableProps) {
  const { t } = useTranslation(adminModerationTexts);
  const columns = useColumns(query.status, useLocation().search);
  return (
    <DataTable
      caption={t("adminModeration.table.label")}
      loadingLabel={t("adminModeration.table.loading")}
      columns={columns}
      query={{ sort: REPORTED, dir: "asc", page: query.page, page_size: MODERATION_PAGE_SIZE }}
      data={data}
      refreshing={refreshing}
      onChange={({ page }) => {
        if (page) onChange({ page });
      }}
      pager={{
        label: t("adminModeration.pagination.label"),
        total: t("adminModeration.pagination.total", { count: data?.total ?? 0 }),
      }}
      stickyColumn="type"
    />
  );
}
