// /admin/users: every account, searched and filtered on the server (the filters live in the URL, so
// a view can be bookmarked and shared), sorted by a column's header, paged, and exported as CSV
// with exactly the same filters. The console's frame draws the title (h1) above.
import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import type { UsersQuery } from "@db/validators/admin-users";
import { LoadError } from "@web/components/ui/page-states";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { useUserList } from "./api/list-users";
import { ExportCsv } from "./components/export-csv";
import { UserFilters } from "./components/user-filters";
import { UsersTable } from "./components/users-table";
import { hasFilters } from "./list-params";
import { adminUsersTexts } from "./texts";
import { type ListUpdate, useListQuery } from "./use-list-query";

export function UsersPage() {
  const { query, update, clearFilters } = useListQuery();
  return (
    <div className="flex flex-col gap-4">
      <UserFilters query={query} onChange={update} onClear={clearFilters} />
      <div className="flex justify-end">
        <ExportCsv query={query} />
      </div>
      <UserList query={query} onChange={update} onClear={clearFilters} />
    </div>
  );
}

function UserList({ query, onChange, onClear }: { query: UsersQuery; onChange: ListUpdate; onClear: () => void }) {
  const { t } = useTranslation(adminUsersTexts);
  const list = useUserList(query);
  if (list.isError && !list.data)
    return <LoadError variant="card" message={t("adminUsers.table.loadError")} onRetry={() => void list.refetch()} />;
  const data = list.data;
  if (data?.total === 0 && !list.isPlaceholderData)
    return <EmptyState onClear={hasFilters(query) ? onClear : undefined} />;
  // A page past the end (an old link, fewer accounts since): say so and offer the first page.
  if (data?.rows.length === 0 && !list.isPlaceholderData)
    return (
      <EmptyState message={t("adminUsers.table.emptyPage")}>
        <Button variant="secondary" onClick={() => onChange({ page: 1 })}>
          {t("adminUsers.table.firstPage")}
        </Button>
      </EmptyState>
    );
  return <UsersTable query={query} data={data} refreshing={list.isPlaceholderData} onChange={onChange} />;
}

type EmptyStateProps = { message?: string; onClear?: () => void; children?: ReactNode };

function EmptyState({ message, onClear, children }: EmptyStateProps) {
  const { t } = useTranslation(adminUsersTexts);
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-night-600/40 bg-white p-6">
      <SearchX aria-hidden="true" className="h-8 w-8 text-night-700" />
      <p role="status" className="font-semibold text-night-900">
        {message ?? t("adminUsers.table.empty")}
      </p>
      {onClear && (
        <Button variant="secondary" onClick={onClear}>
          {t("adminUsers.filters.clear")}
        </Button>
      )}
      {children}
    </div>
  );
}
