// A booking's buttons (core-flows §4), as the server decides them: the status changes the caller may
// make now (`actions`), Message and Call toward the other party on a confirmed sitting still to come
// (`can_contact`; the phone comes only then), and the review link once it is completed. Every change ends in a toast, and the lists reload.
import { MessageCircle, Phone, Star } from "lucide-react";
import { Link, useNavigate } from "react-router-dom";
import type { BookingAction } from "@db/schema/enums";
import { Button } from "@web/components/ui/button";
import { buttonClasses, type ButtonVariant } from "@web/components/ui/button-styles";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { PLAN_REQUIRED, useChangeBookingStatus } from "../api/change-booking-status";
import { errorWithAction } from "../error-with-action";
import type { Booking } from "../api/list-bookings";
import { bookingsTexts } from "../texts";

const VARIANTS: Record<BookingAction, ButtonVariant> = {
  accept: "secondary",
  complete: "secondary",
  decline: "ghost",
  cancel: "ghost",
};
const OUTLINED = "border border-night-600";

export function BookingActions({ booking }: { booking: Booking }) {
  const { t } = useTranslation(bookingsTexts);
  const change = useChangeBookingStatus();
  const navigate = useNavigate();
  const other = booking.other_party;
  const name = `${other.first_name} ${other.last_name}`;

  const run = (action: BookingAction) =>
    change.mutate(
      { id: booking.id, action },
      {
        onSuccess: () => notify.success(t("bookings.updated")),
        onError: (error) => {
          console.error("status change failed", error);
          // A sitter whose Discovery trial is over: one toast saying so, with the way to the plans
          // (alone, so its button is never under another toast).
          if (error instanceof ApiError && error.code === PLAN_REQUIRED) {
            errorWithAction(error.message || t("bookings.planRequired.fallback"), {
              label: t("bookings.planRequired.action"),
              onClick: () => void navigate("/#plans"),
            });
            return;
          }
          notify.error(t("bookings.updateError"));
          // The server says why (another party's action, the wrong status, too early): say it too.
          if (error instanceof ApiError && error.status < 500 && error.message) notify.warning(error.message);
        },
      },
    );

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
  return (
    <div role="group" aria-label={t("bookings.actions.label")} className="flex flex-wrap gap-2">
      {booking.actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={VARIANTS[action]}
          className={VARIANTS[action] === "ghost" ? OUTLINED : undefined}
          loading={change.isPending && change.variables?.action === action}
          disabled={change.isPending}
          onClick={() => run(action)}
        >
          {t(`bookings.actions.${action}`)}
        </Button>
      ))}
      {links}
    </div>
  );
}
