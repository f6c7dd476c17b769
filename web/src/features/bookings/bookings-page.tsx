import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Bookings list with filter tabs: arrives with the booking issue.
export function BookingsPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.bookings")} />;
}
