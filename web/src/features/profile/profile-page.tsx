import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Profile, children and babysitter profile tabs: arrive with the profile issue.
export function ProfilePage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.profile")} />;
}
