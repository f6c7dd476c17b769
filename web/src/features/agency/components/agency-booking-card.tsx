// One booking of a roster sitter as the agency reads it: the sitter, the family (its initial until
// the sitting is confirmed) and its city, the Paris date and times, the amount, the status and, for a
// confirmed or completed sitting, the children's first names and ages. A request still to answer
// offers 'Accepter pour <sitter>' and 'Refuser pour <sitter>' (the page asks before declining), and
// 'Proposer une autre baby-sitter' of the team, which the family agrees to or not.
import type { AgencyBookingAction, AgencyBookingDto } from "@db/validators/agencies";
import { Button } from "@web/components/ui/button";
import { formatEuros } from "@web/lib/format";
import { formatLongDate, formatTimeRange } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { agencyTexts } from "../texts";
import { BookingStatusPill } from "./booking-status";
import { ProposeSitter } from "./propose-sitter";

export const sitterName = (booking: AgencyBookingDto) => `${booking.sitter.first_name} ${booking.sitter.last_name}`;
export const familyName = (booking: AgencyBookingDto) => `${booking.family.first_name} ${booking.family.last_name}`;

type Props = {
  booking: AgencyBookingDto;
  /** The action under way on this booking, if any. */
  pending: AgencyBookingAction | null;
  /** Another booking's answer is under way: this one waits. */
  busy: boolean;
  onAction: (action: AgencyBookingAction) => void;
};

export function AgencyBookingCard({ booking, pending, busy, onAction }: Props) {
  const { t } = useTranslation(agencyTexts);
  const sitter = sitterName(booking);
  const family = booking.family.city
    ? t("agency.requests.familyCity", { name: familyName(booking), city: booking.family.city })
    : familyName(booking);
  return (
    <article
      data-booking-id={booking.id}
      aria-label={`${sitter} · ${formatLongDate(booking.start_time)}`}
      className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="break-words text-lg font-semibold text-night-900">{formatLongDate(booking.start_time)}</h2>
        <BookingStatusPill booking={booking} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm lg:grid-cols-4">
        <Fact label={t("agency.requests.sitter")}>{sitter}</Fact>
        <Fact label={t("agency.requests.family")}>{family}</Fact>
        <Fact label={t("agency.requests.when")} testId="booking-times">
          {formatTimeRange(booking.start_time, booking.end_time)}
        </Fact>
        <Fact label={t("agency.requests.amount")}>{formatEuros(booking.total_amount_cents)}</Fact>
        {booking.children.length > 0 && (
          <Fact label={t("agency.requests.children")} className="col-span-2 lg:col-span-4">
            {booking.children
              .map((child) => t("agency.requests.child", { name: child.first_name, age: child.age }))
              .join(" · ")}
          </Fact>
        )}
      </dl>
      {booking.actions.length > 0 && (
        <div className="mt-4 flex flex-wrap gap-3">
          {booking.actions.includes("accept") && (
            <Button
              variant="secondary"
              loading={pending === "accept"}
              disabled={busy || pending !== null}
              onClick={() => onAction("accept")}
            >
              {t("agency.requests.accept", { sitter: booking.sitter.first_name })}
            </Button>
          )}
          {booking.actions.includes("decline") && (
            <Button
              variant="ghost"
              className="border border-night-600"
              loading={pending === "decline"}
              disabled={busy || pending !== null}
              onClick={() => onAction("decline")}
            >
              {t("agency.requests.decline", { sitter: booking.sitter.first_name })}
            </Button>
          )}
          {booking.actions.includes("accept") && <ProposeSitter booking={booking} />}
        </div>
      )}
    </article>
  );
}

function Fact({
  label,
  className,
  testId,
  children,
}: {
  label: string;
  className?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className ? `min-w-0 ${className}` : "min-w-0"}>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="mt-0.5 break-words text-night-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
