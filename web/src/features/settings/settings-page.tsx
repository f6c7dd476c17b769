import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Settings tabs (notifications, subscription, security, privacy): arrive with their issues.
export function SettingsPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.settings")} />;
}
