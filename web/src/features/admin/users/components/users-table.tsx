// The accounts of one page (../../components/data-table.tsx draws them, sorts and pages on the
// server): a row's name links to the account's page, carrying the list's query string for its way back.
import { type ColumnDef, createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link, useLocation } from "react-router-dom";
import { type AdminUserRow, type AdminUsersPage, USER_PAGE_SIZES, type UsersQuery } from "@db/validators/admin-users";
import { formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { adminSectionPath } from "../../admin-sections";
import { DataTable } from "../../components/data-table";
import type { ListUpdate } from "../../list/use-list-query";
import type { ListLinkState } from "../../list/list-params";
import { adminUsersTexts } from "../texts";
import { AccountStatusBadge } from "./status-badge";

const column = createColumnHelper<AdminUserRow>();

function useColumns(listSearch: string) {
  const { t, language } = useTranslation(adminUsersTexts);
  return useMemo(
    () =>
      [
        // The list's query string rides along in the link's state, so the account's 'Retour' finds the same view.
        column.accessor((row) => `${row.first_name} ${row.last_name}`, {
          id: "name",
          header: t("adminUsers.columns.name"),
          cell: (info) => (
            <Link
              to={`${adminSectionPath("users")}/${info.row.original.id}`}
              state={{ listSearch } satisfies ListLinkState}
              className="font-semibold text-glow-900 underline"
            >
              {info.getValue()}
            </Link>
          ),
        }),
        column.accessor("email", { header: t("adminUsers.columns.email") }),
        column.accessor("phone", {
          header: t("adminUsers.columns.phone"),
          enableSorting: false,
          cell: (info) => info.getValue() ?? t("adminShared.none"),
        }),
        column.accessor("city", {
          header: t("adminUsers.columns.city"),
          cell: (info) => info.getValue() ?? t("adminShared.none"),
        }),
        column.accessor("role", {
          header: t("adminUsers.columns.role"),
          cell: (info) => t(`adminUsers.roles.${info.getValue()}`),
        }),
        column.accessor("status", {
          header: t("adminUsers.columns.status"),
          enableSorting: false,
          cell: (info) => <AccountStatusBadge status={info.getValue()} />,
        }),
        column.accessor("verified", {
          header: t("adminUsers.columns.verified"),
          enableSorting: false,
          cell: (info) => t(info.getValue() ? "adminUsers.yes" : "adminUsers.no"),
        }),
        column.accessor("plan", {
          header: t("adminUsers.columns.plan"),
          enableSorting: false,
          cell: (info) => {
            const plan = info.getValue();
            return plan ? t(`adminShared.plans.${plan}`) : t("adminShared.none");
          },
        }),
        // Newest first when this order is picked: who signed up lately is what one looks for.
        column.accessor("created_at", {
          id: "created",
          header: t("adminUsers.columns.created"),
          sortDescFirst: true,
          cell: (info) => formatDay(info.getValue(), language),
        }),
      ] as ColumnDef<AdminUserRow, unknown>[],
    [t, language, listSearch],
  );
}

type UsersTableProps = {
  query: UsersQuery;
  data: AdminUsersPage | undefined;
  refreshing: boolean;
  onChange: ListUpdate<UsersQuery>;
};

export function UsersTable({ query, data, refreshing, onChange }: UsersTableProps) {
  const { t } = useTranslation(adminUsersTexts);
  const columns = useColumns(useLocation().search);
  return (
    <DataTable
      caption={t("adminUsers.table.label")}
      loadingLabel={t("adminUsers.table.loading")}
      columns={columns}
      query={query}
      data={data}
      refreshing={refreshing}
      onChange={onChange}
      pager={{
        label: t("adminUsers.pagination.label"),
        total: t("adminUsers.pagination.total", { count: data?.total ?? 0 }),
        pageSizes: USER_PAGE_SIZES,
      }}
      stickyColumn="name"
    />
  );
}
