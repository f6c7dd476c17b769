// What stands under a list's filters: its table, or why there is none. The first page failed to load
// (the error and a retry); nothing matches (with 'Effacer les filtres' when a filter is set); a page
// past the end (an old link, fewer rows since: the first page is offered). The table stays on screen
// while another page or order loads, and when a refresh fails after a page was shown.
import type { UseQueryResult } from "@tanstack/react-query";
import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { LoadError } from "@web/components/ui/page-states";
import { useTranslation } from "@web/lib/i18n";
import { adminSharedTexts } from "./texts";

export type ListBodyTexts = {
  /** The first page could not load. */
  loadError: string;
  /** No row matches the filters. */
  empty: string;
  /** The page asked for is past the last one. */
  emptyPage: string;
};

type ListBodyProps<Data extends { rows: unknown[]; total: number }> = {
  list: UseQueryResult<Data>;
  /** The list's URL state (useListQuery): whether a filter is set, to clear them, to go to page 1. */
  state: { filtered: boolean; clearFilters: () => void; update: (changes: { page: number }) => void };
  texts: ListBodyTexts;
  /** The table, with the page (undefined while the first one loads) and whether another is on its way. */
  children: (data: Data | undefined, refreshing: boolean) => ReactNode;
};

export function ListBody<Data extends { rows: unknown[]; total: number }>({
  list,
  state,
  texts,
  children,
}: ListBodyProps<Data>) {
  const { t } = useTranslation(adminSharedTexts);
  if (list.isError && !list.data)
    return <LoadError variant="card" message={texts.loadError} onRetry={() => void list.refetch()} />;
  const data = list.data;
  if (data?.total === 0 && !list.isPlaceholderData)
    return <EmptyState message={texts.empty} onClear={state.filtered ? state.clearFilters : undefined} />;
  if (data?.rows.length === 0 && !list.isPlaceholderData)
    return (
      <EmptyState message={texts.emptyPage}>
        <Button variant="secondary" onClick={() => state.update({ page: 1 })}>
          {t("adminShared.table.firstPage")}
        </Button>
      </EmptyState>
    );
  return children(data, list.isPlaceholderData);
}

function EmptyState({ message, onClear, children }: { message: string; onClear?: () => void; children?: ReactNode }) {
  const { t } = useTranslation(adminSharedTexts);
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-night-600/40 bg-white p-6">
      <SearchX aria-hidden="true" className="h-8 w-8 text-night-700" />
      <p role="status" className="font-semibold text-night-900">
        {message}
      </p>
      {onClear && (
        <Button variant="secondary" onClick={onClear}>
          {t("adminShared.filters.clear")}
        </Button>
      )}
      {children}
    </div>
  );
}
