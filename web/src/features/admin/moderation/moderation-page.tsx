// /admin/moderation: what was flagged (by a member's report or the automatic filter), one queue per
// status (pending by default: the most severe first, then who waited longest), filtered by severity
// and type (all in the URL), 25 a page, with the stat cards. A row opens the item's page
// (item-page.tsx), where the decision is taken. The console's frame draws the title (h1) above.
import { useTranslation } from "@web/lib/i18n";
import { ListBody } from "../components/list-body";
import { useListQuery } from "../list/use-list-query";
import { useModerationQueue } from "./api/list-moderation";
import { ModerationFilters } from "./components/moderation-filters";
import { ModerationStats } from "./components/moderation-stats";
import { ModerationTable } from "./components/moderation-table";
import { moderationList } from "./list-params";
import { adminModerationTexts } from "./texts";

export function ModerationPage() {
  const { t } = useTranslation(adminModerationTexts);
  const state = useListQuery(moderationList);
  const { query, update, clearFilters } = state;
  const list = useModerationQueue(query);
  return (
    <div className="flex flex-col gap-4">
      {!(list.isError && !list.data) && <ModerationStats stats={list.data?.stats} />}
      <ModerationFilters query={query} onChange={update} onClear={clearFilters} />
      <ListBody
        list={list}
        state={state}
        texts={{
          loadError: t("adminModeration.table.loadError"),
          empty: t(`adminModeration.table.empty.${query.status}`),
          emptyPage: t("adminModeration.table.emptyPage"),
        }}
      >
        {(data, refreshing) => <ModerationTable query={query} data={data} refreshing={refreshing} onChange={update} />}
      </ListBody>
    </div>
  );
}
