// Numbered pages of SEARCH_PAGE_SIZE results, the page in the URL (a shared link opens the same
// page; the map shows the page's pins). Chosen over infinite scroll for that, and for keyboard users,
// who reach the footer.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { searchTexts } from "../texts";

type PaginationProps = { page: number; pages: number; onPage: (page: number) => void };

export function Pagination({ page, pages, onPage }: PaginationProps) {
  const { t } = useTranslation(searchTexts);
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("search.pagination.label")} className="mt-8 flex items-center justify-center gap-3">
      <Button
        variant="ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t("search.pagination.previousLabel")}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        {t("search.pagination.previous")}
      </Button>
      <p className="text-sm font-medium text-night-800">{t("search.pagination.status", { page, pages })}</p>
      <Button
        variant="ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t("search.pagination.nextLabel")}
      >
        {t("search.pagination.next")}
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Button>
    </nav>
  );
}
