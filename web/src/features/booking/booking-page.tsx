import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Booking form for a babysitter: arrives with the booking issue.
export function BookingPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.booking")} />;
}
