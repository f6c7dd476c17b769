// The plans of one page (../../components/data-table.tsx draws them, sorts and pages on the server):
// the babysitter's name links to her account's page; the last column holds the actions the plan
// offers now (suspend, reactivate, refund).
import { type ColumnDef, createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router-dom";
import type {
  AdminSubscriptionRow,
  AdminSubscriptionsPage,
  SubscriptionsQuery,
} from "@db/validators/admin-subscriptions";
import { USER_PAGE_SIZES } from "@db/validators/admin-users";
import { formatEuros } from "@web/lib/format";
import { formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { adminSectionPath } from "../../admin-sections";
import { DataTable } from "../../components/data-table";
import type { ListUpdate } from "../../list/use-list-query";
import { adminSubscriptionsTexts } from "../texts";
import { type AskAction, RowActions } from "./subscription-actions";
import { SubscriptionStatusBadge } from "./status-badge";

const column = createColumnHelper<AdminSubscriptionRow>();

function useColumns(onAction: AskAction) {
  const { t, language } = useTranslation(adminSubscriptionsTexts);
  return useMemo(() => {
    const none = t("adminShared.none");
    const day = (iso: string | null) => (iso ? formatDay(iso, language) : none);
    const euros = (cents: number) => formatEuros(cents, language);
    return [
      column.accessor("user_name", {
        id: "name",
        header: t("adminSubscriptions.columns.name"),
        cell: (info) => (
          <Link
            to={`${adminSectionPath("users")}/${info.row.original.user_id}`}
            className="font-semibold text-glow-900 underline"
          >
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor("user_email", { header: t("adminSubscriptions.columns.email"), enableSorting: false }),
      column.accessor("plan", {
        header: t("adminSubscriptions.columns.plan"),
        enableSorting: false,
        cell: (info) => t(`adminShared.plans.${info.getValue()}`),
      }),
      column.accessor("status", {
        header: t("adminSubscriptions.columns.status"),
        enableSorting: false,
        cell: (info) => <SubscriptionStatusBadge status={info.getValue()} />,
      }),
      // Per billing cycle, as the plan is charged: '19 € / mois'.
      column.accessor("amount_cents", {
        id: "amount",
        header: t("adminSubscriptions.columns.amount"),
        cell: (info) =>
          t(`adminSubscriptions.cycles.${info.row.original.billing_cycle}`, { amount: euros(info.getValue()) }),
      }),
      // Newest first when this order is picked: the latest plans are what one looks for.
      column.accessor("start_date", {
        id: "created",
        header: t("adminSubscriptions.columns.created"),
        sortDescFirst: true,
        cell: (info) => day(info.getValue()),
      }),
      column.accessor("next_billing", {
        header: t("adminSubscriptions.columns.nextBilling"),
        cell: (info) => day(info.getValue()),
      }),
      column.accessor("total_paid_cents", {
        header: t("adminSubscriptions.columns.totalPaid"),
        enableSorting: false,
        cell: (info) => {
          const refunded = info.row.original.refunded_cents;
          return (
            <>
              {euros(info.getValue())}
              {refunded > 0 && (
                <span data-testid="refunded" className="block text-xs text-slate-700">
                  {t("adminSubscriptions.refunded", { amount: euros(refunded) })}
                </span>
              )}
            </>
          );
        },
      }),
      column.accessor("city", {
        header: t("adminSubscriptions.columns.city"),
        enableSorting: false,
        cell: (info) => info.getValue() ?? none,
      }),
      column.accessor("last_payment", {
        header: t("adminSubscriptions.columns.lastPayment"),
        enableSorting: false,
        cell: (info) => day(info.getValue()),
      }),
      column.accessor("payment_method", {
        header: t("adminSubscriptions.columns.card"),
        enableSorting: false,
        cell: (info) => info.getValue() ?? none,
      }),
      column.display({
        id: "actions",
        header: t("adminSubscriptions.columns.actions"),
        cell: (info) => <RowActions row={info.row.original} onAction={onAction} />,
      }),
    ] as ColumnDef<AdminSubscriptionRow, unknown>[];
  }, [t, language, onAction]);
}

type SubscriptionsTableProps = {
  query: SubscriptionsQuery;
  data: AdminSubscriptionsPage | undefined;
  refreshing: boolean;
  onChange: ListUpdate<SubscriptionsQuery>;
  onAction: AskAction;
};

export function SubscriptionsTable({ query, data, refreshing, onChange, onAction }: SubscriptionsTableProps) {
  const { t } = useTranslation(adminSubscriptionsTexts);
  return (
    <DataTable
      caption={t("adminSubscriptions.table.label")}
      loadingLabel={t("adminSubscriptions.table.loading")}
      columns={useColumns(onAction)}
      query={query}
      data={data}
      refreshing={refreshing}
      onChange={onChange}
      pager={{
        label: t("adminSubscriptions.pagination.label"),
        total: t("adminSubscriptions.pagination.total", { count: data?.total ?? 0 }),
        pageSizes: USER_PAGE_SIZES,
      }}
      stickyColumn="name"
    />
  );
}
