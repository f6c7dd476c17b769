import { useTranslation } from "react-i18next";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// In-app notification centre: arrives with the notifications issue.
export function NotificationsPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.notifications")} />;
}
