import { useTranslation } from "react-i18next";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Checkout for a plan: arrives with the Stripe Billing issue.
export function PaymentPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.payment")} />;
}
