import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/coming-soon-page";

// Identity verification upload: arrives with the trust-and-safety issue.
export function VerificationUploadPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.verification")} />;
}
