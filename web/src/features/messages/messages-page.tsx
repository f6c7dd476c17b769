import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Conversations and realtime messages: arrive with the messaging issue.
export function MessagesPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.messages")} />;
}
