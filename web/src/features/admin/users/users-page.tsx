// /admin/users: every account, searched and filtered on the server (the filters live in the URL, so
// a view can be bookmarked and shared), sorted by a column's header, paged, and exported as CSV
// with exactly the same filters. The console's frame draws the title (h1) above.
import { useTranslation } from "@web/lib/i18n";
import { ExportCsv } from "../components/export-csv";
import { ListBody } from "../components/list-body";
import { useListQuery } from "../list/use-list-query";
import { exportUsers } from "./api/export-users";
import { useUserList } from "./api/list-users";
import { UserFilters } from "./components/user-filters";
import { UsersTable } from "./components/users-table";
import { usersList } from "./list-params";
import { adminUsersTexts } from "./texts";

export function UsersPage() {
  const { t } = useTranslation(adminUsersTexts);
  const state = useListQuery(usersList);
  const { query, update, clearFilters } = state;
  const list = useUserList(query);
  return (
    <div className="flex flex-col gap-4">
      <UserFilters query={query} onChange={update} onClear={clearFilters} />
      <ExportCsv exportFile={(separator) => exportUsers(query, separator)} />
      <ListBody
        list={list}
        state={state}
        texts={{
          loadError: t("adminUsers.table.loadError"),
          empty: t("adminUsers.table.empty"),
          emptyPage: t("adminUsers.table.emptyPage"),
        }}
      >
        {(data, refreshing) => <UsersTable query={query} data={data} refreshing={refreshing} onChange={update} />}
      </ListBody>
    </div>
  );
}
