// /admin/audit: the log of security, money and administration actions over a period (the last 7 days
// unless another is picked), its stat cards, searched and filtered on the server (all in the URL),
// 50 entries a page, newest first unless the time's header turns the order, and exported as CSV
// with exactly the same filters. Read-only: no entry is changed from here (nor anywhere). The
// console's frame draws the title (h1) above; any deeper path goes back to the log.
import { useTranslation } from "@web/lib/i18n";
import { ExportCsv } from "../components/export-csv";
import { ListBody } from "../components/list-body";
import { SinglePageSection } from "../components/single-page-section";
import { useListQuery } from "../list/use-list-query";
import { exportAudit } from "./api/export-audit";
import { useAuditList } from "./api/list-audit";
import { AuditFilters } from "./components/audit-filters";
import { AuditStats } from "./components/audit-stats";
import { AuditTable } from "./components/audit-table";
import { auditList } from "./list-params";
import { adminAuditTexts } from "./texts";

export function AuditSection() {
  return <SinglePageSection section="audit" page={<AuditPage />} />;
}

function AuditPage() {
  const { t } = useTranslation(adminAuditTexts);
  const state = useListQuery(auditList);
  const { query, update, clearFilters } = state;
  const list = useAuditList(query);
  return (
    <div className="flex flex-col gap-4">
      {!(list.isError && !list.data) && <AuditStats stats={list.data?.stats} />}
      <AuditFilters query={query} onChange={update} onClear={clearFilters} />
      <ExportCsv exportFile={(separator) => exportAudit(query, separator)} />
      <ListBody
        list={list}
        state={state}
        texts={{
          loadError: t("adminAudit.table.loadError"),
          empty: t("adminAudit.table.empty"),
          emptyPage: t("adminAudit.table.emptyPage"),
        }}
      >
        {(data, refreshing) => <AuditTable query={query} data={data} refreshing={refreshing} onChange={update} />}
      </ListBody>
    </div>
  );
}
