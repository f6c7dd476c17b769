// Two blocks of the booking detail. The family's address, to the babysitter once the booking is
// confirmed (before, she knows the city; the API sends the address only then). And 'Ajouter à mon
// agenda' for both parties of a confirmed booking: an .ics file of the sitting (UTC times, UID the
// booking's id).
import { CalendarPlus, Home } from "lucide-react";
import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { downloadCalendar } from "../api/download-calendar";
import type { Booking } from "../api/list-bookings";
import { visitTexts } from "../visit-texts";

export function FamilyAddress({ booking }: { booking: Booking }) {
  const { t } = useTranslation(visitTexts);
  if (booking.role !== "babysitter" || booking.status !== "confirmed") return null;
  const address = booking.other_party.address;
  return (
    <section
      aria-labelledby="family-address-title"
      className="rounded-2xl border border-night-100 bg-white p-5 text-sm shadow-sm"
    >
      <h2 id="family-address-title" className="flex items-center gap-2 font-semibold text-night-900">
        <Home aria-hidden="true" className="h-4 w-4 text-night-700" />
        {t("bookings.visit.addressTitle")}
      </h2>
      {address ? (
        <>
          <address className="mt-2 not-italic text-night-900" data-testid="family-address">
            {address}
          </address>
          <p className="mt-1 text-slate-700">{t("bookings.visit.addressNote")}</p>
        </>
      ) : (
        <p className="mt-2 text-slate-700">{t("bookings.visit.addressMissing")}</p>
      )}
    </section>
  );
}

export function AddToCalendar({ booking }: { booking: Booking }) {
  const { t } = useTranslation(visitTexts);
  const [busy, setBusy] = useState(false);
  if (booking.status !== "confirmed") return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadCalendar(booking.id);
      notify.success(t("bookings.visit.calendarDone"));
    } catch (error) {
      console.error("calendar file not downloaded", error);
      notify.error(t("bookings.visit.calendarError"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" className="self-start" loading={busy} onClick={() => void download()}>
      <CalendarPlus aria-hidden="true" className="h-4 w-4" />
      {t("bookings.visit.calendar")}
    </Button>
  );
}
