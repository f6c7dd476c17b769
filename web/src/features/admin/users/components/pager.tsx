// Under the table: how many accounts match, 'Page X sur Y', previous and next, and the page size.
// Every change goes through the table (its pagination state is the URL's), which hands it on.
import type { Table } from "@tanstack/react-table";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { type AdminUserRow, USER_PAGE_SIZES } from "@db/validators/admin-users";
import { Button } from "@web/components/ui/button";
import { formatNumber } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { adminUsersTexts } from "../texts";

export function Pager({ table, total }: { table: Table<AdminUserRow>; total: number }) {
  const { t } = useTranslation(adminUsersTexts);
  const sizeId = useId();
  const { pageIndex, pageSize } = table.getState().pagination;
  const pages = Math.max(1, table.getPageCount());
  return (
    <nav
      aria-label={t("adminUsers.pagination.label")}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-night-900"
    >
      <p aria-live="polite">
        {t("adminUsers.pagination.total", { count: total })}
        {" · "}
        {t("adminUsers.pagination.pageOf", { page: formatNumber(pageIndex + 1), pages: formatNumber(pages) })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="font-semibold">
            {t("adminUsers.pagination.pageSize")}
          </label>
          <select
            id={sizeId}
            value={pageSize}
            onChange={(event) => table.setPageSize(Number(event.target.value))}
            className="h-10 rounded-xl border border-night-600 bg-white px-2 text-night-900"
          >
            {USER_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="border border-night-600"
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.previousPage()}
        >
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          {t("adminUsers.pagination.previous")}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="border border-night-600"
          disabled={!table.getCanNextPage()}
          onClick={() => table.nextPage()}
        >
          {t("adminUsers.pagination.next")}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}
