// The sitting on the booking's page: 'Arrivée 18:02' / 'Partie 21:10' for both parties (the parent's
// page follows live: a tap notifies her, and the socket's notification frame reloads the booking),
// a warning when a tap was far from home, and the babysitter's two buttons, each one tap.
import { useQueryClient } from "@tanstack/react-query";
import { MapPin } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api-client";
import { formatClockTime } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { useRealtimeEvents } from "@web/lib/realtime/hooks";
import { currentPosition, useSittingTap, type SittingTap } from "../api/sitting-tap";
import type { Booking } from "../api/list-bookings";
import { bookingsTexts } from "../texts";

export function SittingPanel({ booking }: { booking: Booking }) {
  const { t } = useTranslation(bookingsTexts);
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.type === "notification")
      void queryClient.invalidateQueries({ queryKey: ["bookings", "detail", booking.id] });
  });
  const shown = booking.checked_in_at || booking.can_check_in || booking.can_check_out;
  if (!shown) return null;
  return (
    <section aria-labelledby="sitting-title" className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <h2 id="sitting-title" className="text-lg font-semibold text-night-900">
        {t("bookings.sitting.title")}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="sitting-times">
        {booking.checked_in_at && (
          <li>{t("bookings.sitting.arrived", { time: formatClockTime(booking.checked_in_at) })}</li>
        )}
        {booking.checked_out_at && (
          <li>{t("bookings.sitting.left", { time: formatClockTime(booking.checked_out_at) })}</li>
        )}
      </ul>
      {booking.far_from_home && (
        <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-amber-900" role="note">
          <MapPin aria-hidden="true" className="h-4 w-4" />
          {t("bookings.sitting.farFromHome")}
        </p>
      )}
      {(booking.can_check_in || booking.can_check_out) && (
        <SitterTaps booking={booking} tap={booking.can_check_in ? "check-in" : "check-out"} />
      )}
    </section>
  );
}

function SitterTaps({ booking, tap }: { booking: Booking; tap: SittingTap }) {
  const { t } = useTranslation(bookingsTexts);
  const [sharePosition, setSharePosition] = useState(false);
  const mutation = useSittingTap();
  const running = useRef(false);
  const shareId = useId();

  const send = async () => {
    if (running.current) return;
    running.current = true;
    try {
      const position = sharePosition ? await currentPosition() : undefined;
      await mutation.mutateAsync({ id: booking.id, tap, position });
      notify.success(t(tap === "check-in" ? "bookings.sitting.checkedIn" : "bookings.sitting.checkedOut"));
    } catch (error) {
      notify.error(error instanceof ApiError && error.message ? error.message : t("bookings.updateError"));
    } finally {
      running.current = false;
    }
  };

  return (
    <div className="mt-4 flex flex-col gap-3">
      <div className="flex items-start gap-2 text-sm">
        <input
          id={shareId}
          type="checkbox"
          className="mt-0.5 h-5 w-5"
          checked={sharePosition}
          onChange={(event) => setSharePosition(event.target.checked)}
        />
        <label htmlFor={shareId}>{t("bookings.sitting.sharePosition")}</label>
      </div>
      <Button type="button" onClick={() => void send()} disabled={mutation.isPending} className="self-start">
        {t(tap === "check-in" ? "bookings.sitting.checkIn" : "bookings.sitting.checkOut")}
      </Button>
    </div>
  );
}
