// A console list's rows of one page, in a TanStack Table whose sorting and paging are the server's
// (manualSorting, manualPagination): a header's button asks for another order, the pager for another
// page, and both land in the URL through `onChange`. Skeleton rows while the first page loads; the
// page on screen dimmed while the next one comes. On a phone the table scrolls sideways inside its
// own box, never widening the page, its first column (`stickyColumn`) staying in view.
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type PaginationState,
  type RowData,
  type SortingState,
  type Updater,
  useReactTable,
} from "@tanstack/react-table";
import { clsx } from "clsx";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { SORT_DIRECTIONS } from "@db/validators/admin-users";
import { Pager, type PagerTexts } from "./pager";
import { REFRESHING } from "./refreshing";

declare module "@tanstack/react-table" {
  // The type parameters are the library's own: declaration merging must repeat them.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Long text (an audit entry's details): wraps within a readable width instead of one line. */
    wrap?: boolean;
  }
}

/** Where a list stands: its order and its page (the URL's sort, dir, page and page_size). */
export type TablePosition = {
  sort: string;
  dir: (typeof SORT_DIRECTIONS)[number];
  page: number;
  page_size: number;
};

const SKELETON_ROWS = 5;

const resolve = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === "function" ? (updater as (old: T) => T)(current) : updater;

/** Every list's rows have their id (the table's row ids). */
type Identified = { id: string };

type DataTableProps<Row extends Identified, Q extends TablePosition> = {
  /** The table's name (its caption, for screen readers). */
  caption: string;
  /** Announced while the first page loads. */
  loadingLabel: string;
  columns: ColumnDef<Row, unknown>[];
  query: Q;
  /** Undefined while the first page loads (skeleton rows). */
  data: { rows: Row[]; total: number } | undefined;
  /** Another page or order is on its way; the current one stays on screen meanwhile. */
  refreshing: boolean;
  onChange: (changes: Partial<Q>) => void;
  pager: PagerTexts & { pageSizes?: readonly number[] };
  /** The column that stays in view while the rest of the row scrolls sideways. */
  stickyColumn?: string;
};

export function DataTable<Row extends Identified, Q extends TablePosition>({
  caption,
  loadingLabel,
  columns,
  query,
  data,
  refreshing,
  onChange,
  pager,
  stickyColumn,
}: DataTableProps<Row, Q>) {
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
      if (next) onChange({ sort: next.id, dir: next.desc ? "desc" : "asc" } as Partial<Q>);
    },
    onPaginationChange: (updater) => {
      const next = resolve(updater, pagination);
      onChange(
        (next.pageSize === query.page_size ? { page: next.pageIndex + 1 } : { page_size: next.pageSize }) as Partial<Q>,
      );
    },
  });
  /** The sticky column's cells keep their row's background over what scrolls under them. */
  const sticky = (columnId: string, background: string) =>
    columnId === stickyColumn && clsx("sticky left-0 z-10 shadow-[1px_0_0_var(--color-night-100)]", background);

  return (
    <div className="flex flex-col gap-3">
      <div className="max-w-full overflow-x-auto rounded-2xl border border-night-100 bg-white shadow-sm">
        <table
          aria-busy={!data || refreshing || undefined}
          className={clsx("w-full text-left text-sm [overflow-wrap:normal]", refreshing && REFRESHING)}
        >
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-night-100 bg-night-50 text-night-900">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} sticky={sticky(header.column.id, "bg-night-50")} />
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
                          "px-2.5 py-2.5 align-top text-night-900",
                          cell.column.columnDef.meta?.wrap ? "min-w-64 max-w-md" : "whitespace-nowrap",
                          sticky(cell.column.id, "bg-white"),
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
            {loadingLabel}
          </span>
        )}
      </div>
      {data && <Pager table={table} {...pager} />}
    </div>
  );
}

function HeaderCell<Row>({ header, sticky }: { header: Header<Row, unknown>; sticky: string | false }) {
  const label = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort())
    return (
      <th scope="col" className={clsx("whitespace-nowrap bg-night-50 px-2.5 py-2.5 font-semibold", sticky)}>
        {label}
      </th>
    );
  const sorted = header.column.getIsSorted();
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
      className={clsx("whitespace-nowrap bg-night-50 px-1 py-1", sticky)}
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
