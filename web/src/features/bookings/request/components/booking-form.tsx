// Step 1 of /booking/{babysitterId}: date, times, children, special instructions, the estimated
// total, Cancel and Continue. The form checks the shared validator's rules; the server checks them
// all again and answers in the user's language. An end at or before the start is the next day.
// Continue first asks the server's preview: when the slot is outside the babysitter's availability
// or a child is already booked then, the parent reads why and sends anyway or changes the request.
// The values are kept for the tab (booking-draft.ts).
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { BOOKING_MAX_DAYS_AHEAD, SPECIAL_INSTRUCTIONS_MAX_LENGTH } from "@db/constants/limits";
import { addDays, parisToday } from "@db/time/paris-time";
import { afterTaxCreditCents } from "@db/constants/tax-credit";
import { estimateBooking, slotInstants } from "@db/validators/booking";
import { CheckboxField } from "@web/components/form/checkbox-field";
import { errorText, showServerFieldError } from "@web/components/form/error-text";
import { TextAreaField } from "@web/components/form/text-area-field";
import { FieldError, TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { UnverifiedNote } from "@web/components/unverified-note";
import { useEmailUnverified } from "@web/lib/email-verification";
import { formatEuros } from "@web/lib/format";
import { formatNumber, formatTimeRange } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import {
  type CreateBookingInput,
  type CreatedBooking,
  createBookingInputSchema,
  useCreateBooking,
} from "../api/create-booking";
import type { BookingFormData } from "../api/get-booking-form";
import { type BookingWarning, usePreviewBooking } from "../api/preview-booking";
import { clearBookingDraft, loadBookingDraft, saveBookingDraft } from "../booking-draft";
import { bookingTexts } from "../texts";
import { BookingWarnings } from "./booking-warnings";

const FIELDS = ["date", "start_time", "end_time", "children_ids", "special_instructions"] as const;

export function BookingForm({
  data,
  onCreated,
}: {
  data: BookingFormData;
  onCreated: (booking: CreatedBooking) => void;
}) {
  const { t } = useTranslation(bookingTexts);
  const sitterId = data.babysitter.id;
  const create = useCreateBooking();
  const preview = usePreviewBooking();
  // The warnings and the values they were found for: any change makes them moot.
  const [warned, setWarned] = useState<{ key: string; warnings: BookingWarning[] } | null>(null);
  const form = useForm<CreateBookingInput>({
    resolver: zodResolver(createBookingInputSchema),
    defaultValues: loadBookingDraft(
      sitterId,
      data.children.map((child) => child.id),
    ),
  });
  const { errors } = form.formState;
  const hasChildren = data.children.length > 0;
  // An unconfirmed email may fill the form but not send it (the server would answer 403).
  const unverified = useEmailUnverified();
  const unverifiedNoteId = useId();
  const today = parisToday();

  // Every change is kept for the tab.
  const values = useWatch({ control: form.control });
  useEffect(() => saveBookingDraft(sitterId, values), [values, sitterId]);
  const warnings = warned && warned.key === valuesKey(values) ? warned.warnings : [];

  const onFailed = (error: unknown) => {
    console.error("booking failed", error);
    notify.error(serverMessage(error, t, "booking.form.error"));
    showServerFieldError(form.setError, error, FIELDS);
  };

  const send = (values: CreateBookingInput) =>
    create.mutate(
      { ...values, babysitter_id: sitterId },
      {
        onSuccess: ({ booking }) => {
          clearBookingDraft(sitterId);
          notify.success(t("booking.form.success"));
          onCreated(booking);
        },
        onError: onFailed,
      },
    );

  // Continue: the server's preview first; nothing to warn about sends at once.
  const onValid = (values: CreateBookingInput) =>
    preview.mutate(
      { ...values, babysitter_id: sitterId },
      {
        onSuccess: (answer) =>
          answer.warnings.length > 0
            ? setWarned({ key: valuesKey(form.getValues()), warnings: answer.warnings })
            : send(values),
        onError: onFailed,
      },
    );

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onValid)}
      className="flex flex-col gap-6 rounded-2xl border border-night-100 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 className="text-lg font-semibold">{t("booking.form.legend")}</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t("booking.form.date")}
          type="date"
          min={today}
          max={addDays(today, BOOKING_MAX_DAYS_AHEAD)}
          error={errorText(errors.date, t)}
          {...form.register("date")}
        />
        <TextField
          label={t("booking.form.startTime")}
          type="time"
          error={errorText(errors.start_time, t)}
          {...form.register("start_time")}
        />
        <TextField
          label={t("booking.form.endTime")}
          type="time"
          error={errorText(errors.end_time, t)}
          {...form.register("end_time")}
        />
      </div>

      <Controller
        control={form.control}
        name="children_ids"
        render={({ field, fieldState }) => (
          <fieldset className="flex flex-col gap-2" aria-describedby={fieldState.error ? "children-error" : undefined}>
            <legend className="mb-1 text-sm font-medium text-night-900">{t("booking.form.children")}</legend>
            {data.children.map((child) => (
              <CheckboxField
                key={child.id}
                name={field.name}
                value={child.id}
                checked={field.value.includes(child.id)}
                onBlur={field.onBlur}
                onChange={(event) =>
                  field.onChange(
                    event.target.checked ? [...field.value, child.id] : field.value.filter((id) => id !== child.id),
                  )
                }
                label={t("booking.form.child", {
                  name: child.name,
                  count: child.age,
                })}
              />
            ))}
            <p className={hasChildren ? "text-sm" : "rounded-xl bg-night-50 p-3 text-sm text-slate-700"}>
              {!hasChildren && `${t("booking.form.noChildren")} `}
              {/* 'Mes enfants', and back here: the form's values wait in the draft. */}
              <Link
                to={`/profile?tab=children&back=${encodeURIComponent(`/booking/${sitterId}`)}`}
                className="inline-block py-0.5 font-semibold text-glow-900 underline"
              >
                {t("booking.form.addChild")}
              </Link>
            </p>
            <FieldError id="children-error" message={errorText(fieldState.error, t)} />
          </fieldset>
        )}
      />

      <InstructionsField form={form} />
      <Estimate form={form} hourlyRateCents={data.babysitter.hourly_rate_cents} />

      {warnings.length > 0 ? (
        <BookingWarnings
          warnings={warnings}
          sitterName={data.babysitter.first_name}
          sending={create.isPending}
          onSendAnyway={() => send(form.getValues())}
          onChange={() => setWarned(null)}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-end gap-3">
          {unverified && <UnverifiedNote id={unverifiedNoteId} className="basis-full justify-end" />}
          <Link to="/search" className={buttonClasses("ghost", "md", "border border-night-600")}>
            {t("booking.form.cancel")}
          </Link>
          <Button
            type="submit"
            disabled={!hasChildren || unverified}
            aria-describedby={unverified ? unverifiedNoteId : undefined}
            loading={preview.isPending || create.isPending}
          >
            {t("booking.form.continue")}
          </Button>
        </div>
      )}
    </form>
  );
}

type Form = ReturnType<typeof useForm<CreateBookingInput>>;

/** What the request says, as one comparable string. */
const valuesKey = (values: Partial<CreateBookingInput>) =>
  JSON.stringify([
    values.date,
    values.start_time,
    values.end_time,
    values.children_ids,
    values.special_instructions ?? "",
  ]);

function InstructionsField({ form }: { form: Form }) {
  const { t } = useTranslation(bookingTexts);
  const text = useWatch({ control: form.control, name: "special_instructions" }) ?? "";
  return (
    <TextAreaField
      label={t("booking.form.instructions")}
      maxLength={SPECIAL_INSTRUCTIONS_MAX_LENGTH}
      hint={t("booking.form.instructionsCount", { count: text.length })}
      error={errorText(form.formState.errors.special_instructions, t)}
      {...form.register("special_instructions")}
    />
  );
}

/**
 * The times as they will be stored ("20:00 – 01:00 (+1 j)" past midnight) and hours x the sitter's
 * rate, as the server will compute it (real elapsed time), never below 0.
 */
function Estimate({ form, hourlyRateCents }: { form: Form; hourlyRateCents: number }) {
  const { t } = useTranslation(bookingTexts);
  const [date, start_time, end_time] = useWatch({ control: form.control, name: ["date", "start_time", "end_time"] });
  const { hours, totalCents } = estimateBooking(hourlyRateCents, { date, start_time, end_time });
  const instants = slotInstants({ date, start_time, end_time });
  const times =
    instants && formatTimeRange(new Date(instants.startMs).toISOString(), new Date(instants.endMs).toISOString());
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-night-50 p-4" aria-live="polite">
      <div>
        <p className="text-sm font-medium text-night-900">{t("booking.form.estimate")}</p>
        <p className="text-sm text-slate-700" data-testid="booking-estimate-detail">
          {hours > 0 && times
            ? t("booking.form.estimateDetail", {
                times,
                hours: formatNumber(hours, 2),
                rate: formatEuros(hourlyRateCents),
              })
            : t("booking.form.estimateEmpty")}
        </p>
      </div>
      <div className="text-right">
        <p className="text-2xl font-bold text-night-900" data-testid="booking-estimate">
          {formatEuros(totalCents)}
        </p>
        {totalCents > 0 && (
          <p className="text-xs text-slate-700" data-testid="booking-after-tax-credit">
            {t("booking.form.afterTaxCredit", { amount: formatEuros(afterTaxCreditCents(totalCents)) })}
          </p>
        )}
      </div>
    </div>
  );
}
