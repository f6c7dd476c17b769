import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Checkout for a plan: arrives with the Stripe Billing issue.
export function PaymentPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.payment")} />;
}
