// Which queue is shown: pending (the default), approved, rejected or expired documents. A choice is
// always made, so there is no 'Tous' and nothing to clear.
import { IDENTITY_DOCUMENT_STATUSES } from "@db/schema/enums";
import type { VerificationQueueQuery } from "@db/validators/verification";
import { useTranslation } from "@web/lib/i18n";
import { FilterSelect, ListFilters } from "../../components/list-filters";
import type { ListUpdate } from "../../list/use-list-query";
import { adminVerificationsTexts } from "../texts";

type FiltersProps = { query: VerificationQueueQuery; onChange: ListUpdate<VerificationQueueQuery> };

export function VerificationFilters({ query, onChange }: FiltersProps) {
  const { t } = useTranslation(adminVerificationsTexts);
  return (
    <ListFilters label={t("adminVerifications.filters.label")} active={false} onClear={() => undefined}>
      <FilterSelect
        label={t("adminVerifications.filters.status")}
        value={query.status}
        options={IDENTITY_DOCUMENT_STATUSES.map((status) => [
          status,
          t(`adminVerifications.filters.statuses.${status}`),
        ])}
        onSelect={(status) => onChange({ status: status as VerificationQueueQuery["status"] })}
        allOption={false}
      />
    </ListFilters>
  );
}
