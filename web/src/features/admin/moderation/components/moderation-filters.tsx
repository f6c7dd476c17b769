// Which queue is shown (pending by default, approved, rejected or escalated: a choice is always
// made) and its filters, severity and type of content ('Effacer les filtres' empties those two).
import { FLAGGED_CONTENT_TYPES, MODERATION_STATUSES, SEVERITIES } from "@db/schema/enums";
import type { ModerationQueueQuery } from "@db/validators/moderation";
import { useTranslation } from "@web/lib/i18n";
import { FilterSelect, ListFilters } from "../../components/list-filters";
import type { ListUpdate } from "../../list/use-list-query";
import { moderationList } from "../list-params";
import { adminModerationTexts } from "../texts";

type FiltersProps = {
  query: ModerationQueueQuery;
  onChange: ListUpdate<ModerationQueueQuery>;
  onClear: () => void;
};

export function ModerationFilters({ query, onChange, onClear }: FiltersProps) {
  const { t } = useTranslation(adminModerationTexts);
  return (
    <ListFilters label={t("adminModeration.filters.label")} active={moderationList.hasFilters(query)} onClear={onClear}>
      <FilterSelect
        label={t("adminModeration.filters.status")}
        value={query.status}
        options={MODERATION_STATUSES.map((status) => [status, t(`adminModeration.statusFilter.${status}`)])}
        onSelect={(status) => onChange({ status: status as ModerationQueueQuery["status"] })}
        allOption={false}
      />
      <FilterSelect
        label={t("adminModeration.filters.severity")}
        value={query.severity}
        options={SEVERITIES.map((severity) => [severity, t(`adminModeration.severities.${severity}`)])}
        onSelect={(severity) => onChange({ severity: severity as ModerationQueueQuery["severity"] })}
        allOption={t("adminModeration.filters.allSeverities")}
      />
      <FilterSelect
        label={t("adminModeration.filters.type")}
        value={query.type}
        options={FLAGGED_CONTENT_TYPES.map((type) => [type, t(`adminModeration.types.${type}`)])}
        onSelect={(type) => onChange({ type: type as ModerationQueueQuery["type"] })}
      />
    </ListFilters>
  );
}
