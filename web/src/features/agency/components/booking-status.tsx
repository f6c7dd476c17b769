// A booking's status as the agency reads it: the shared words ('En attente', 'Confirmée'...), a
// request still to answer in amber, a confirmed sitting in green; a cancelled one says who ended it.
import type { BookingStatus } from "@db/schema/enums";
import type { AgencyBookingDto } from "@db/validators/agencies";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { useTranslation } from "@web/lib/i18n";
import { agencyTexts } from "../texts";

export const STATUS_TONES: Record<BookingStatus, BadgeTone> = {
  pending: "amber",
  confirmed: "green",
  completed: "blue",
  cancelled: "slate",
};

export function BookingStatusPill({ booking }: { booking: Pick<AgencyBookingDto, "status" | "cancel_reason"> }) {
  const { t } = useTranslation(agencyTexts);
  const label =
    booking.status === "cancelled" && booking.cancel_reason
      ? t(`agency.requests.cancelReasons.${booking.cancel_reason}`)
      : t(`booking.status.${booking.status}`);
  return (
    <Badge tone={STATUS_TONES[booking.status]} testId="booking-status">
      {label}
    </Badge>
  );
}
