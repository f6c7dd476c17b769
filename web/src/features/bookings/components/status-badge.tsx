import { clsx } from "clsx";
import type { BookingCancelReason, BookingStatus } from "@db/schema/enums";
import { useTranslation } from "@web/lib/i18n";
import { bookingsTexts } from "../texts";

/** Each status its own colour, every pair AA-contrasted; the label says it for everyone. */
const COLOURS: Record<BookingStatus, string> = {
  pending: "bg-amber-100 text-amber-900 ring-amber-300",
  confirmed: "bg-green-100 text-green-900 ring-green-300",
  completed: "bg-night-100 text-night-900 ring-night-600/30",
  cancelled: "bg-slate-200 text-slate-800 ring-slate-400",
};

/** Who ended a cancelled booking and why (a declined request is not just 'Annulée'). */
const REASON_KEYS: Record<BookingCancelReason, string> = {
  cancelled: "bookings.status.cancelledByParent",
  declined: "bookings.status.declinedByBabysitter",
  withdrawn: "bookings.status.withdrawnByBabysitter",
  expired: "bookings.status.expired",
  account_deleted: "bookings.status.accountDeleted",
};

export function StatusBadge({
  booking,
}: {
  booking: { status: BookingStatus; cancel_reason: BookingCancelReason | null };
}) {
  const { t } = useTranslation(bookingsTexts);
  // Bookings cancelled before the reason was stored stay plain 'Annulée'.
  const reason = booking.status === "cancelled" && booking.cancel_reason ? REASON_KEYS[booking.cancel_reason] : null;
  return (
    <span
      data-testid="booking-status"
      className={clsx(
        "inline-flex max-w-[13rem] shrink-0 items-center rounded-full px-3 py-1 text-center text-xs font-semibold ring-1 ring-inset",
        COLOURS[booking.status],
      )}
    >
      {t(reason ?? `booking.status.${booking.status}`)}
    </span>
  );
}
