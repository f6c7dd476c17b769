import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/coming-soon-page";

// Email unsubscribe (linked from emails): arrives with the notifications issue.
export function UnsubscribePage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.unsubscribe")} />;
}
