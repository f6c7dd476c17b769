// /admin/verifications: the documents people sent to have their identity verified, one queue per
// status (pending ones by default, who waited longest first; the status lives in the URL), 25 a
// page, with the stat cards. A row opens the document's page (verification-page.tsx). The console's
// frame draws the title (h1) above.
import { useTranslation } from "@web/lib/i18n";
import { ListBody } from "../components/list-body";
import { useListQuery } from "../list/use-list-query";
import { useVerificationQueue } from "./api/list-verifications";
import { VerificationFilters } from "./components/verification-filters";
import { VerificationStats } from "./components/verification-stats";
import { VerificationsTable } from "./components/verifications-table";
import { verificationsList } from "./list-params";
import { adminVerificationsTexts } from "./texts";

export function VerificationsPage() {
  const { t } = useTranslation(adminVerificationsTexts);
  const state = useListQuery(verificationsList);
  const { query, update } = state;
  const list = useVerificationQueue(query);
  return (
    <div className="flex flex-col gap-4">
      {!(list.isError && !list.data) && <VerificationStats stats={list.data?.stats} />}
      <VerificationFilters query={query} onChange={update} />
      <ListBody
        list={list}
        state={state}
        texts={{
          loadError: t("adminVerifications.table.loadError"),
          empty: t(`adminVerifications.table.empty.${query.status}`),
          emptyPage: t("adminVerifications.table.emptyPage"),
        }}
      >
        {(data, refreshing) => (
          <VerificationsTable query={query} data={data} refreshing={refreshing} onChange={update} />
        )}
      </ListBody>
    </div>
  );
}
