// The documents of one page of the queue (../../components/data-table.tsx draws them; the order is
// the server's: pending oldest first, decided latest decision first). A row's owner name links to
// the document's page, carrying the queue's query string for its way back. Decided queues add when
// and by whom, and the reason (rejected) or the record's expiry (approved, expired).
import { type ColumnDef, createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link, useLocation } from "react-router-dom";
import {
  type ReviewDocumentDto,
  VERIFICATION_PAGE_SIZE,
  type VerificationQueueDto,
  type VerificationQueueQuery,
} from "@db/validators/verification";
import { formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { DataTable } from "../../components/data-table";
import { useDateTime } from "../../components/date-time";
import type { ListUpdate } from "../../list/use-list-query";
import { type ListLinkState } from "../../list/list-params";
import { documentPath } from "../list-params";
import { adminVerificationsTexts } from "../texts";
import { useDocumentLabels } from "./labels";

const column = createColumnHelper<ReviewDocumentDto>();

/** The queue's one order (the server's): the table's position in its terms. */
const SENT = "sent";

function useColumns(status: VerificationQueueQuery["status"], listSearch: string) {
  const { t, language } = useTranslation(adminVerificationsTexts);
  const dateTime = useDateTime();
  const labels = useDocumentLabels();
  return useMemo(() => {
    const none = t("adminShared.none");
    const columns: ColumnDef<ReviewDocumentDto, unknown>[] = [
      column.accessor((row) => `${row.owner.first_name} ${row.owner.last_name}`, {
        id: "owner",
        header: t("adminVerifications.columns.owner"),
        enableSorting: false,
        cell: (info) => (
          <>
            <Link
              to={documentPath(info.row.original.id)}
              state={{ listSearch } satisfies ListLinkState}
              className="inline-block py-0.5 font-semibold text-glow-900 underline"
            >
              {info.getValue()}
            </Link>
            <span className="block text-xs text-slate-700">
              {t(`adminVerifications.roles.${info.row.original.owner.user_type}`)}
            </span>
          </>
        ),
      }),
      column.accessor("kind", {
        header: t("adminVerifications.columns.document"),
        enableSorting: false,
        meta: { wrap: true },
        cell: (info) => {
          const detail = labels.detail(info.row.original);
          return (
            <>
              <span className="block">{labels.kind(info.row.original)}</span>
              {detail && <span className="block text-xs text-slate-700">{detail}</span>}
            </>
          );
        },
      }),
      column.accessor("created_at", {
        id: SENT,
        header: t("adminVerifications.columns.sent"),
        enableSorting: false,
        cell: (info) => dateTime(info.getValue()),
      }),
    ] as ColumnDef<ReviewDocumentDto, unknown>[];
    if (status !== "pending") {
      columns.push(
        column.accessor("reviewed_at", {
          id: "decided",
          header: t("adminVerifications.columns.decided"),
          enableSorting: false,
          cell: (info) => {
            const decided = info.getValue();
            return decided ? dateTime(decided) : none;
          },
        }),
        column.accessor("reviewer_name", {
          header: t("adminVerifications.columns.reviewer"),
          enableSorting: false,
          cell: (info) => info.getValue() ?? none,
        }),
      );
    }
    if (status === "rejected") {
      columns.push(
        column.accessor("rejection_code", {
          header: t("adminVerifications.columns.reason"),
          enableSorting: false,
          cell: (info) => {
            const code = info.getValue();
            return code ? t(`adminVerifications.reasons.${code}`) : none;
          },
        }),
      );
    }
    if (status === "approved" || status === "expired") {
      columns.push(
        column.accessor("expires_at", {
          header: t("adminVerifications.columns.expires"),
          enableSorting: false,
          cell: (info) => {
            const expires = info.getValue();
            return expires ? formatDay(expires, language) : none;
          },
        }),
      );
    }
    return columns;
  }, [t, language, dateTime, labels, status, listSearch]);
}

type VerificationsTableProps = {
  query: VerificationQueueQuery;
  data: VerificationQueueDto | undefined;
  refreshing: boolean;
  onChange: ListUpdate<VerificationQueueQuery>;
};

export function VerificationsTable({ query, data, refreshing, onChange }: VerificationsTableProps) {
  const { t } = useTranslation(adminVerificationsTexts);
  const columns = useColumns(query.status, useLocation().search);
  return (
    <DataTable
      caption={t("adminVerifications.table.label")}
      loadingLabel={t("adminVerifications.table.loading")}
      columns={columns}
      query={{ sort: SENT, dir: "asc", page: query.page, page_size: VERIFICATION_PAGE_SIZE }}
      data={data}
      refreshing={refreshing}
      onChange={({ page }) => {
        if (page) onChange({ page });
      }}
      pager={{
        label: t("adminVerifications.pagination.label"),
        total: t("adminVerifications.pagination.total", { count: data?.total ?? 0 }),
      }}
      stickyColumn="owner"
    />
  );
}
