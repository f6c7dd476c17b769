import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Payment confirmation: arrives with the Stripe Billing issue.
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.paymentSuccess")} />;
}
