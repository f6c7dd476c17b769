// /admin/subscriptions: the four stat cards, then every babysitter's plan, searched and filtered on
// the server (the filters live in the URL), sorted by a column's header, paged, and exported as CSV
// with exactly the same filters; each row's actions open their dialog. The console's frame draws
// the title (h1) above. Any deeper path goes back to the list.
import { useState } from "react";
import { useTranslation } from "@web/lib/i18n";
import { ExportCsv } from "../components/export-csv";
import { ListBody } from "../components/list-body";
import { SinglePageSection } from "../components/single-page-section";
import { useListQuery } from "../list/use-list-query";
import { exportSubscriptions } from "./api/export-subscriptions";
import { useSubscriptionList } from "./api/list-subscriptions";
import { type AskedAction, SubscriptionActionDialog } from "./components/subscription-actions";
import { SubscriptionFilters } from "./components/subscription-filters";
import { SubscriptionStats } from "./components/subscription-stats";
import { SubscriptionsTable } from "./components/subscriptions-table";
import { subscriptionsList } from "./list-params";
import { adminSubscriptionsTexts } from "./texts";

export function SubscriptionsSection() {
  return <SinglePageSection section="subscriptions" page={<SubscriptionsPage />} />;
}

function SubscriptionsPage() {
  const { t } = useTranslation(adminSubscriptionsTexts);
  const state = useListQuery(subscriptionsList);
  const { query, update, clearFilters } = state;
  const list = useSubscriptionList(query);
  const [action, setAction] = useState<AskedAction | null>(null);
  return (
    <div className="flex flex-col gap-4">
      {!(list.isError && !list.data) && <SubscriptionStats stats={list.data?.stats} />}
      <SubscriptionFilters query={query} onChange={update} onClear={clearFilters} />
      <ExportCsv exportFile={(separator) => exportSubscriptions(query, separator)} />
      <ListBody
        list={list}
        state={state}
        texts={{
          loadError: t("adminSubscriptions.table.loadError"),
          empty: t("adminSubscriptions.table.empty"),
          emptyPage: t("adminSubscriptions.table.emptyPage"),
        }}
      >
        {(data, refreshing) => (
          <SubscriptionsTable
            query={query}
            data={data}
            refreshing={refreshing}
            onChange={update}
            onAction={setAction}
          />
        )}
      </ListBody>
      <SubscriptionActionDialog action={action} onClose={() => setAction(null)} />
    </div>
  );
}
