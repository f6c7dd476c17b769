import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/coming-soon-page";

// In-app notification centre: arrives with the notifications issue.
export function NotificationsPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.notifications")} />;
}
