// A booking's buttons, as the server decides them: the status changes the caller may make now
// (`actions`), Message and Call toward the other party on a confirmed sitting still to come
// (`can_contact`; the phone comes only then), and the review link once it is completed. Every change
// ends in a toast, and the lists reload. 'Annuler', 'Refuser' and 'Annuler la garde' cannot be undone:
// they ask first, and a parent cancelling a confirmed sitting reads its terms there (free until 24 h
// before, then a fee she accepts by confirming: the server refuses any other figure). A change runs
// once at a time: a second click while the first request runs does nothing (and the server answers a
// repeat with the booking as it is, so even a request that got through shows no error).
import { MessageCircle, Phone, Star } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { BookingAction } from "@db/schema/enums";
import { Button } from "@web/components/ui/button";
import { buttonClasses, type ButtonVariant } from "@web/components/ui/button-styles";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { ApiError } from "@web/lib/api-client";
import { formatLongDate } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { PLAN_REQUIRED, useChangeBookingStatus } from "../api/change-booking-status";
import { errorWithAction } from "../error-with-action";
import type { Booking } from "../api/list-bookings";
import { bookingsTexts } from "../texts";
import { cancellationValues } from "./cancellation-terms";

const VARIANTS: Record<BookingAction, ButtonVariant> = {
  accept: "secondary",
  complete: "secondary",
  decline: "ghost",
  cancel: "ghost",
  withdraw: "ghost",
};
const OUTLINED = "border border-night-600";

/** The changes that end a booking for good: asked before they are sent. */
const ASK_FIRST = ["cancel", "decline", "withdraw"] as const;
type AskedAction = (typeof ASK_FIRST)[number];
const asksFirst = (action: BookingAction): action is AskedAction => (ASK_FIRST as readonly string[]).includes(action);

/** A parent's 'Annuler' on a confirmed sitting (it has terms) is not a request's: its own label and texts. */
const labelKey = (action: BookingAction, booking: Booking) =>
  action === "cancel" && booking.cancellation ? "cancelSitting" : action;

/** The confirm texts: a confirmed sitting's cancellation says whether it is still free. */
function confirmKey(action: AskedAction, booking: Booking) {
  if (action !== "cancel" || !booking.cancellation) return action;
  return booking.cancellation.fee_cents > 0 ? "cancelLate" : "cancelSitting";
}

export function BookingActions({ booking }: { booking: Booking }) {
  const { t } = useTranslation(bookingsTexts);
  const change = useChangeBookingStatus();
  const navigate = useNavigate();
  const other = booking.other_party;
  const name = `${other.first_name} ${other.last_name}`;
  const [asking, setAsking] = useState<AskedAction | null>(null);
  // Set synchronously on the first click, before React re-renders the disabled buttons: a
  // double click sends one request.
  const running = useRef(false);

  const run = (action: BookingAction) => {
    if (running.current) return;
    running.current = true;
    // The fee the dialog showed, sent back as accepted: if the 24 h mark passed meanwhile, the server
    // answers LATE_FEE_NOT_ACCEPTED (its message shown below) and the reloaded card shows the new terms.
    const lateFee = action === "cancel" ? booking.cancellation?.fee_cents : undefined;
    // On the request's own promise, not mutate's callbacks: the change reloads the lists (and the
    // realtime event says so too), which can move this card to another tab and unmount it before
    // the answer is read; mutate's callbacks would then never run, and the toast would be lost.
    change
      .mutateAsync({ id: booking.id, action, late_fee_cents: lateFee || undefined })
      .then(
        () => notify.success(t("bookings.updated")),
        (error: unknown) => {
          console.error("status change failed", error);
          // A sitter whose Discovery trial is over: one toast saying so, with the way to the plans
          // (alone, so its button is never under another toast).
          if (error instanceof ApiError && error.code === PLAN_REQUIRED) {
            errorWithAction(error.message || t("bookings.planRequired.fallback"), {
              label: t("bookings.planRequired.action"),
              onClick: () => void navigate("/payment"),
            });
            return;
          }
          notify.error(t("bookings.updateError"));
          // The server says why (another party's action, the wrong status, too early): say it too.
          if (error instanceof ApiError && error.status < 500 && error.message) notify.warning(error.message);
        },
      )
      .finally(() => {
        running.current = false;
        setAsking(null);
      });
  };

  const links = [
    booking.can_contact && (
      <Link
        key="message"
        to={`/messages?to=${encodeURIComponent(other.id)}`}
        aria-label={t("bookings.actions.messageTo", { name })}
        className={buttonClasses("ghost", "sm", OUTLINED)}
      >
        <MessageCircle aria-hidden="true" className="h-4 w-4" />
        {t("bookings.actions.message")}
      </Link>
    ),
    booking.can_contact && other.phone && (
      <a
        key="call"
        href={`tel:${other.phone.replace(/\s/g, "")}`}
        aria-label={t("bookings.actions.callTo", { name })}
        className={buttonClasses("ghost", "sm", OUTLINED)}
      >
        <Phone aria-hidden="true" className="h-4 w-4" />
        {t("bookings.actions.call")}
      </a>
    ),
    booking.can_review && (
      <Link
        key="review"
        to={`/review/${booking.id}`}
        aria-label={t("bookings.actions.reviewAbout", { name })}
        className={buttonClasses("primary", "sm")}
      >
        <Star aria-hidden="true" className="h-4 w-4" />
        {t("bookings.actions.review")}
      </Link>
    ),
  ].filter(Boolean);

  if (booking.actions.length === 0 && links.length === 0) return null;
  const texts = `bookings.confirm.${confirmKey(asking ?? "cancel", booking)}`;
  const values = {
    name,
    date: formatLongDate(booking.start_time),
    ...(booking.cancellation && cancellationValues(t, booking.cancellation)),
  };
  return (
    <div role="group" aria-label={t("bookings.actions.label")} className="flex flex-wrap gap-2">
      {booking.actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={VARIANTS[action]}
          className={VARIANTS[action] === "ghost" ? OUTLINED : undefined}
          loading={change.isPending && change.variables?.action === action && asking === null}
          disabled={change.isPending}
          onClick={() => (asksFirst(action) ? setAsking(action) : run(action))}
        >
          {t(`bookings.actions.${labelKey(action, booking)}`)}
        </Button>
      ))}
      {links}
      {booking.actions.some(asksFirst) && (
        <ConfirmDialog
          open={asking !== null}
          title={t(`${texts}.title`)}
          message={t(`${texts}.message`, values)}
          confirmLabel={t(`${texts}.confirm`, values)}
          cancelLabel={t(`${texts}.keep`)}
          onConfirm={() => asking && run(asking)}
          onCancel={() => setAsking(null)}
          busy={change.isPending}
        />
      )}
    </div>
  );
}
