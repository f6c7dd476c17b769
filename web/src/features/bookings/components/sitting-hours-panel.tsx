// The real hours on the booking's page. Once the sitting is over the babysitter declares its real
// start and end (filled in from her arrival and departure taps, or the booked times); the parent
// then confirms them, or disputes them saying why, within 24 hours. Both read where the answer
// stands and what is owed, as the server computed it.
import { type FormEvent, useState } from "react";
import { HOURS_DISPUTE_MAX_LENGTH, HOURS_DISPUTE_MIN_LENGTH } from "@db/constants/sitting";
import { formatDuration, parisDateOf, parisTimeOf, parisToUtcIso } from "@db/time/paris-time";
import { fieldControlClasses, FieldShell, useFieldIds } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { formatEuros } from "@web/lib/format";
import { formatClockTime, formatLongDate, formatTimeRange } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import type { Booking } from "../api/list-bookings";
import { useAnswerHours, useDeclareHours } from "../api/sitting-hours";
import { bookingsTexts } from "../texts";

type Hours = NonNullable<Booking["hours"]>;

/** An instant as a datetime-local value in Paris time ("2026-11-28T18:05"). */
const parisLocalValue = (iso: string) => `${parisDateOf(Date.parse(iso))}T${parisTimeOf(Date.parse(iso))}`;

/** A datetime-local value read as Paris time, as the API stores it (null when incomplete). */
const utcOfLocalValue = (value: string) => {
  const [date, time] = value.split("T");
  return date && time ? parisToUtcIso(date, time) : null;
};

export function SittingHoursPanel({ booking }: { booking: Booking }) {
  const { t } = useTranslation(bookingsTexts);
  if (!booking.hours && !booking.can_declare_hours) return null;
  return (
    <section aria-labelledby="hours-title" className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <h2 id="hours-title" className="text-lg font-semibold text-night-900">
        {t("bookings.hours.title")}
      </h2>
      {booking.hours ? <DeclaredHours booking={booking} hours={booking.hours} /> : <DeclareForm booking={booking} />}
    </section>
  );
}

function DeclaredHours({ booking, hours }: { booking: Booking; hours: Hours }) {
  const { t } = useTranslation(bookingsTexts);
  const status =
    hours.status === "proposed" && hours.answer_by
      ? t(`bookings.hours.status.proposed.${booking.role}`, {
          date: formatLongDate(hours.answer_by),
          time: formatClockTime(hours.answer_by),
        })
      : t(`bookings.hours.status.${hours.status}`);
  return (
    <div className="mt-2 flex flex-col gap-2 text-sm">
      <p className="font-medium text-night-900" data-testid="declared-hours">
        {t("bookings.hours.summary", {
          range: formatTimeRange(hours.start, hours.end),
          duration: formatDuration(hours.minutes),
          amount: formatEuros(hours.amount_cents),
        })}
      </p>
      <p data-testid="hours-status">{status}</p>
      {booking.can_answer_hours && <ParentAnswer bookingId={booking.id} />}
    </div>
  );
}

function DeclareForm({ booking }: { booking: Booking }) {
  const { t } = useTranslation(bookingsTexts);
  const declare = useDeclareHours();
  // Declaring opens once the sitting is over: her departure tap, or else the booked end (then past).
  const departure = booking.checked_out_at ?? booking.end_time;
  const [start, setStart] = useState(parisLocalValue(booking.checked_in_at ?? booking.start_time));
  const [end, setEnd] = useState(parisLocalValue(departure));
  const startIds = useFieldIds(undefined);
  const endIds = useFieldIds(undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [startIso, endIso] = [utcOfLocalValue(start), utcOfLocalValue(end)];
    if (!startIso || !endIso || declare.isPending) return;
    try {
      await declare.mutateAsync({ id: booking.id, start: startIso, end: endIso });
      notify.success(t("bookings.hours.declared"));
    } catch (error) {
      notify.error(serverMessage(error, t, "bookings.hours.error"));
    }
  };

  return (
    <form className="mt-2 flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
      <p className="text-sm text-slate-700">{t("bookings.hours.intro")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FieldShell ids={startIds} label={t("bookings.hours.start")}>
          <input
            id={startIds.inputId}
            type="datetime-local"
            required
            value={start}
            onChange={(event) => setStart(event.target.value)}
            className={fieldControlClasses()}
          />
        </FieldShell>
        <FieldShell ids={endIds} label={t("bookings.hours.end")}>
          <input
            id={endIds.inputId}
            type="datetime-local"
            required
            value={end}
            onChange={(event) => setEnd(event.target.value)}
            className={fieldControlClasses()}
          />
        </FieldShell>
      </div>
      <Button type="submit" loading={declare.isPending} className="self-start">
        {t("bookings.hours.declare")}
      </Button>
    </form>
  );
}

function ParentAnswer({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation(bookingsTexts);
  const answer = useAnswerHours();
  const [disputing, setDisputing] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const reasonIds = useFieldIds(undefined, error, t("bookings.hours.disputeHint", { min: HOURS_DISPUTE_MIN_LENGTH }));

  const send = async (input: Parameters<typeof answer.mutateAsync>[0], done: string) => {
    if (answer.isPending) return;
    try {
      await answer.mutateAsync(input);
      notify.success(t(done));
    } catch (failure) {
      const message = serverMessage(failure, t, "bookings.hours.error");
      if (input.answer === "dispute") setError(message);
      else notify.error(message);
    }
  };

  const dispute = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < HOURS_DISPUTE_MIN_LENGTH) {
      setError(t("bookings.hours.disputeHint", { min: HOURS_DISPUTE_MIN_LENGTH }));
      return;
    }
    void send({ id: bookingId, answer: "dispute", reason: reason.trim() }, "bookings.hours.disputed");
  };

  if (!disputing)
    return (
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          loading={answer.isPending}
          onClick={() => void send({ id: bookingId, answer: "confirm" }, "bookings.hours.confirmed")}
        >
          {t("bookings.hours.confirm")}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setDisputing(true)}>
          {t("bookings.hours.dispute")}
        </Button>
      </div>
    );
  return (
    <form className="flex flex-col gap-3" onSubmit={dispute} noValidate>
      <FieldShell
        ids={reasonIds}
        label={t("bookings.hours.disputeReason")}
        hint={t("bookings.hours.disputeHint", { min: HOURS_DISPUTE_MIN_LENGTH })}
        error={error}
      >
        <textarea
          id={reasonIds.inputId}
          value={reason}
          rows={3}
          maxLength={HOURS_DISPUTE_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={reasonIds.describedBy}
          onChange={(event) => setReason(event.target.value)}
          className={fieldControlClasses(error)}
        />
      </FieldShell>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={answer.isPending}>
          {t("bookings.hours.sendDispute")}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setDisputing(false)}>
          {t("bookings.hours.cancel")}
        </Button>
      </div>
    </form>
  );
}
