import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// One booking (linked from emails and SMS): arrives with the booking issue.
export function BookingDetailPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.bookingDetail")} />;
}
