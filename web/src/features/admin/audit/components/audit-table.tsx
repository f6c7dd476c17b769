// The log's entries of one page (../../components/data-table.tsx draws them): when (Paris time; the
// header's button turns the order), who ('Système' when no one), what (the action's readable name),
// on what, the details, from which address, and the status and severity badges. Read-only.
import { type ColumnDef, createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import type { AuditStatus, Severity } from "@db/schema/enums";
import { AUDIT_PAGE_SIZE, type AuditEventDto, type AuditPage, type AuditQuery } from "@db/validators/admin-audit";
import { useTranslation } from "@web/lib/i18n";
import { useAuditLabels } from "../../components/audit-labels";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { DataTable } from "../../components/data-table";
import { useDateTime } from "../../components/date-time";
import type { ListUpdate } from "../../list/use-list-query";
import { adminAuditTexts } from "../texts";

const column = createColumnHelper<AuditEventDto>();

const STATUS_TONES: Record<AuditStatus, BadgeTone> = { success: "green", failure: "red", warning: "amber" };
const SEVERITY_TONES: Record<Severity, BadgeTone> = { low: "slate", medium: "blue", high: "amber", critical: "red" };

/** The one order the log has: by time; its column's id in the table. */
const TIME = "time";

function useColumns() {
  const { t } = useTranslation(adminAuditTexts);
  const dateTime = useDateTime();
  const labels = useAuditLabels();
  return useMemo(() => {
    const none = t("adminShared.none");
    return [
      // Newest first when this order is picked: what just happened is what one looks for.
      column.accessor("created_at", {
        id: TIME,
        header: t("adminAudit.columns.time"),
        sortDescFirst: true,
        cell: (info) => dateTime(info.getValue()),
      }),
      column.accessor("user_name", {
        header: t("adminAudit.columns.who"),
        enableSorting: false,
        cell: (info) => info.getValue() ?? t("adminAudit.system"),
      }),
      column.accessor("action", {
        header: t("adminAudit.columns.action"),
        enableSorting: false,
        cell: (info) => <span className="font-semibold">{labels.action(info.getValue())}</span>,
      }),
      column.accessor("resource", { header: t("adminAudit.columns.resource"), enableSorting: false }),
      column.accessor("details", {
        header: t("adminAudit.columns.details"),
        enableSorting: false,
        meta: { wrap: true },
        cell: (info) => info.getValue() ?? none,
      }),
      column.accessor("ip_address", {
        header: t("adminAudit.columns.ip"),
        enableSorting: false,
        cell: (info) => info.getValue() ?? none,
      }),
      column.accessor("status", {
        header: t("adminAudit.columns.status"),
        enableSorting: false,
        cell: (info) => <Badge tone={STATUS_TONES[info.getValue()]}>{labels.status(info.getValue())}</Badge>,
      }),
      column.accessor("severity", {
        header: t("adminAudit.columns.severity"),
        enableSorting: false,
        cell: (info) => (
          <Badge tone={SEVERITY_TONES[info.getValue()]}>{t(`adminAudit.severities.${info.getValue()}`)}</Badge>
        ),
      }),
    ] as ColumnDef<AuditEventDto, unknown>[];
  }, [t, dateTime, labels]);
}

type AuditTableProps = {
  query: AuditQuery;
  data: AuditPage | undefined;
  refreshing: boolean;
  onChange: ListUpdate<AuditQuery>;
};

export function AuditTable({ query, data, refreshing, onChange }: AuditTableProps) {
  const { t } = useTranslation(adminAuditTexts);
  return (
    <DataTable
      caption={t("adminAudit.table.label")}
      loadingLabel={t("adminAudit.table.loading")}
      columns={useColumns()}
      // The log is sorted by time only and paged by 50: the table's position in its terms.
      query={{ sort: TIME, dir: query.dir, page: query.page, page_size: AUDIT_PAGE_SIZE }}
      data={data}
      refreshing={refreshing}
      onChange={({ dir, page }) => onChange(dir ? { dir } : { page })}
      pager={{
        label: t("adminAudit.pagination.label"),
        total: t("adminAudit.pagination.total", { count: data?.total ?? 0 }),
      }}
      stickyColumn={TIME}
    />
  );
}
