import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Review form: arrives with the reviews issue.
export function ReviewPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.review")} />;
}
