// The words of an audit entry, shared by the Audit section and an account's audit trail: an action's
// readable name (its dotted name when it has none yet, db/constants/audit.ts lists them), a status
// and a severity.
import type { AuditStatus, Severity } from "@db/schema/enums";
import { useTranslation } from "@web/lib/i18n";
import { adminSharedTexts } from "./texts";

export function useAuditLabels() {
  const { t } = useTranslation(adminSharedTexts);
  return {
    // Action names are dotted ("admin.user.suspend"): their texts' keys use underscores.
    action: (action: string) => t(`adminShared.audit.actions.${action.replaceAll(".", "_")}`, { defaultValue: action }),
    status: (status: AuditStatus) => t(`adminShared.audit.statuses.${status}`),
    severity: (severity: Severity) => t(`adminShared.severities.${severity}`),
  };
}
