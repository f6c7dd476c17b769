// The accounts of one page, in a TanStack Table whose sorting and paging are the server's
// (manualSorting, manualPagination): a header's button asks for another order, the pager for another
// page, and both land in the URL through `onChange`. On a phone the table scrolls sideways inside its
// own box, never widening the page.
import {
  type ColumnDef,
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  type Header,
  type PaginationState,
  type SortingState,
  type Updater,
  useReactTable,
} from "@tanstack/react-table";
import { clsx } from "clsx";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useMemo } from "react";
import { Link, useLocation } from "react-router-dom";
import type { AdminUserRow, AdminUsersPage, UsersQuery } from "@db/validators/admin-users";
import { formatDay } from "@web/lib/format-paris";
import { type TFunction, useTranslation } from "@web/lib/i18n";
import { adminSectionPath } from "../../admin-sections";
import type { UserLinkState } from "../list-params";
import { adminUsersTexts } from "../texts";
import type { ListUpdate } from "../use-list-query";
import { AccountStatusBadge } from "./status-badge";
import { Pager } from "./pager";

const column = createColumnHelper<AdminUserRow>();
const SKELETON_ROWS = 5;

function useColumns(t: TFunction, listSearch: string) {
  const { language } = useTranslation(adminUsersTexts);
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
              state={{ listSearch } satisfies UserLinkState}
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
          cell: (info) => info.getValue() ?? t("adminUsers.none"),
        }),
        column.accessor("city", {
          header: t("adminUsers.columns.city"),
          cell: (info) => info.getValue() ?? t("adminUsers.none"),
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
            return plan ? t(`adminUsers.plans.${plan}`) : t("adminUsers.none");
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

/** The name stays in view while the rest of the row scrolls sideways (a phone, a narrow window). */
const stickyName = (columnId: string, background: string) =>
  columnId === "name" && clsx("sticky left-0 z-10 shadow-[1px_0_0_var(--color-night-100)]", background);

const resolve = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === "function" ? (updater as (old: T) => T)(current) : updater;

type UsersTableProps = {
  query: UsersQuery;
  /** Undefined while the first page loads (skeleton rows). */
  data: AdminUsersPage | undefined;
  /** Another page or order is on its way; the current one stays on screen meanwhile. */
  refreshing: boolean;
  onChange: ListUpdate;
};

export function UsersTable({ query, data, refreshing, onChange }: UsersTableProps) {
  const { t } = useTranslation(adminUsersTexts);
  const { search } = useLocation();
  const columns = useColumns(t, search);
  const sorting: SortingState = [{ id: query.sort, desc: query.dir === "desc" }];
  const pagination: PaginationState = { pageIndex: query.page - 1, pageSize: query.page_size };
  // The app is not built with the React Compiler, whose memoizing this warning is about; nothing
  // below is memoized on the table's functions (Pager draws again with the page).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data?.rows ?? [],
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    rowCount: data?.total ?? 0,
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: { sorting, pagination },
    onSortingChange: (updater) => {
      const [next] = resolve(updater, sorting);
      if (next) onChange({ sort: next.id as UsersQuery["sort"], dir: next.desc ? "desc" : "asc" });
    },
    onPaginationChange: (updater) => {
      const next = resolve(updater, pagination);
      onChange(
        next.pageSize === query.page_size
          ? { page: next.pageIndex + 1 }
          : { page_size: next.pageSize as UsersQuery["page_size"] },
      );
    },
  });

  return (
    <div className="flex flex-col gap-3">
      <div className="max-w-full overflow-x-auto rounded-2xl border border-night-100 bg-white shadow-sm">
        <table
          aria-busy={!data || refreshing || undefined}
          className={clsx("w-full text-left text-sm [overflow-wrap:normal]", refreshing && "opacity-60")}
        >
          <caption className="sr-only">{t("adminUsers.table.label")}</caption>
          <thead className="border-b border-night-100 bg-night-50 text-night-900">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-night-100">
            {data
              ? table.getRowModel().rows.map((row) => (
                  <tr key={row.id}>
                    {row.getVisibleCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={clsx(
                          "whitespace-nowrap px-2.5 py-2.5 text-night-900",
                          stickyName(cell.column.id, "bg-white"),
                        )}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))
              : Array.from({ length: SKELETON_ROWS }, (_, index) => <SkeletonRow key={index} cells={columns.length} />)}
          </tbody>
        </table>
        {!data && (
          <span className="sr-only" role="status">
            {t("adminUsers.table.loading")}
          </span>
        )}
      </div>
      {data && <Pager table={table} total={data.total} />}
    </div>
  );
}

function HeaderCell({ header }: { header: Header<AdminUserRow, unknown> }) {
  const label = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort())
    return (
      <th scope="col" className="whitespace-nowrap bg-night-50 px-2.5 py-2.5 font-semibold">
        {label}
      </th>
    );
  const sorted = header.column.getIsSorted();
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
      className={clsx("whitespace-nowrap bg-night-50 px-1 py-1", stickyName(header.column.id, "bg-night-50"))}
    >
      <button
        type="button"
        onClick={header.column.getToggleSortingHandler()}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-1.5 font-semibold hover:bg-night-100"
      >
        {label}
        <Icon aria-hidden="true" className={clsx("h-4 w-4", sorted ? "text-night-900" : "text-slate-500")} />
      </button>
    </th>
  );
}

function SkeletonRow({ cells }: { cells: number }) {
  return (
    <tr aria-hidden="true">
      {Array.from({ length: cells }, (_, index) => (
        <td key={index} className="px-3 py-3">
          <span className="block h-4 animate-pulse rounded bg-night-100" />
        </td>
      ))}
    </tr>
  );
}
