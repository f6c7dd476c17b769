// Under a list's table: how many rows match, 'Page X sur Y', previous and next, and the page size
// when the list lets the admin choose it. Every change goes through the table (its pagination state
// is the URL's), which hands it on.
import type { Table } from "@tanstack/react-table";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { Button } from "@web/components/ui/button";
import { formatNumber } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { adminSharedTexts } from "./texts";

export type PagerTexts = {
  /** The pager's name for screen readers, e.g. 'Pagination des utilisateurs'. */
  label: string;
  /** How many rows match, e.g. '12 utilisateurs'. */
  total: string;
};

type PagerProps<Row> = PagerTexts & {
  table: Table<Row>;
  /** The sizes offered; none: the page size is fixed, no select. */
  pageSizes?: readonly number[];
};

export function Pager<Row>({ table, label, total, pageSizes }: PagerProps<Row>) {
  const { t } = useTranslation(adminSharedTexts);
  const { pageIndex } = table.getState().pagination;
  const pages = Math.max(1, table.getPageCount());
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm text-night-900">
      <p aria-live="polite">
        {total}
        {" · "}
        {t("adminShared.pagination.pageOf", { page: formatNumber(pageIndex + 1), pages: formatNumber(pages) })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {pageSizes && <PageSize table={table} sizes={pageSizes} />}
        <Button
          variant="ghost"
          size="sm"
          className="border border-night-600"
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.previousPage()}
        >
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          {t("adminShared.pagination.previous")}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="border border-night-600"
          disabled={!table.getCanNextPage()}
          onClick={() => table.nextPage()}
        >
          {t("adminShared.pagination.next")}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}

function PageSize<Row>({ table, sizes }: { table: Table<Row>; sizes: readonly number[] }) {
  const { t } = useTranslation(adminSharedTexts);
  const sizeId = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={sizeId} className="font-semibold">
        {t("adminShared.pagination.pageSize")}
      </label>
      <select
        id={sizeId}
        value={table.getState().pagination.pageSize}
        onChange={(event) => table.setPageSize(Number(event.target.value))}
        className="h-10 rounded-xl border border-night-600 bg-white px-2 text-night-900"
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
