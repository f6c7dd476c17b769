// The log's period (1, 7, 30 or 90 days; 7 by default), its search box (action, resource, details,
// name or address) and its filters: status and severity.
import { AUDIT_STATUSES, SEVERITIES } from "@db/schema/enums";
import { AUDIT_PERIODS, AUDIT_SEARCH_MAX_LENGTH, type AuditQuery } from "@db/validators/admin-audit";
import { useTranslation } from "@web/lib/i18n";
import { useAuditLabels } from "../../components/audit-labels";
import { FilterSelect, ListFilters, SearchBox } from "../../components/list-filters";
import type { ListUpdate } from "../../list/use-list-query";
import { auditList } from "../list-params";
import { adminAuditTexts } from "../texts";

type FiltersProps = { query: AuditQuery; onChange: ListUpdate<AuditQuery>; onClear: () => void };

export function AuditFilters({ query, onChange, onClear }: FiltersProps) {
  const { t } = useTranslation(adminAuditTexts);
  const labels = useAuditLabels();
  return (
    <ListFilters label={t("adminAudit.filters.label")} active={auditList.hasFilters(query)} onClear={onClear}>
      <SearchBox
        q={query.q ?? ""}
        label={t("adminAudit.filters.search")}
        placeholder={t("adminAudit.filters.searchPlaceholder")}
        maxLength={AUDIT_SEARCH_MAX_LENGTH}
        onChange={onChange}
      />
      <FilterSelect
        label={t("adminAudit.filters.period")}
        value={query.period}
        options={AUDIT_PERIODS.map((period) => [period, t(`adminAudit.periods.${period}`)])}
        onSelect={(period) => onChange({ period: period as AuditQuery["period"] })}
        allOption={false}
      />
      <FilterSelect
        label={t("adminAudit.filters.status")}
        value={query.status}
        options={AUDIT_STATUSES.map((status) => [status, labels.status(status)])}
        onSelect={(status) => onChange({ status: status as AuditQuery["status"] })}
      />
      <FilterSelect
        label={t("adminAudit.filters.severity")}
        value={query.severity}
        options={SEVERITIES.map((severity) => [severity, t(`adminAudit.severities.${severity}`)])}
        onSelect={(severity) => onChange({ severity: severity as AuditQuery["severity"] })}
        allOption={t("adminAudit.filters.allSeverities")}
      />
    </ListFilters>
  );
}
