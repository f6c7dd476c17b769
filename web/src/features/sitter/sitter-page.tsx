import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Public babysitter profile: arrives with the marketplace issue.
export function SitterPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.sitter")} />;
}
