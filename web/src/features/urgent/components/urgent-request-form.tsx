// The urgent request form (/urgent/new): date, times (an end earlier than the start is the next
// day), children, the address (the profile's, prefilled), special instructions, and to whom: her
// favourites then the nearest available babysitters (the default), or an agency's team (the choice
// shows only when some agency can receive one). The form checks the shared validator's rules
// (urgentRequestBodySchema, the booking form's slot rules); the server checks them all again and
// answers in the user's language. The values are kept for the tab (urgent-draft.ts).
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";
import { ADDRESS_MAX_LENGTH, BOOKING_MAX_DAYS_AHEAD, SPECIAL_INSTRUCTIONS_MAX_LENGTH } from "@db/constants/limits";
import { addDays, parisToday } from "@db/time/paris-time";
import { type UrgentRequestBody, urgentRequestBodySchema } from "@db/validators/urgent-requests";
import { CheckboxField } from "@web/components/form/checkbox-field";
import { errorText, showServerFieldError } from "@web/components/form/error-text";
import { TextAreaField } from "@web/components/form/text-area-field";
import { FieldError, FieldShell, fieldControlClasses, TextField, useFieldIds } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { UnverifiedNote } from "@web/components/unverified-note";
import type { Profile } from "@web/lib/api-client";
import { useEmailUnverified } from "@web/lib/email-verification";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useSendUrgentRequest, useUrgentAgencies } from "../api/urgent-requests";
import { urgentTexts } from "../texts";
import { clearUrgentDraft, loadUrgentDraft, saveUrgentDraft } from "../urgent-draft";

const FIELDS = [
  "date",
  "start_time",
  "end_time",
  "children_ids",
  "special_instructions",
  "address",
  "agency_id",
] as const;

type Child = { id: string; name: string; age: number };
type Form = ReturnType<typeof useForm<UrgentRequestBody>>;

/** "12 rue des Lilas, 69003 Lyon" from the profile's parts, whichever are there. */
const profileAddress = (profile: Pick<Profile, "address" | "postal_code" | "city">) =>
  [profile.address, [profile.postal_code, profile.city].filter(Boolean).join(" ")]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ")
    .slice(0, ADDRESS_MAX_LENGTH);

export function UrgentRequestForm({ profile, childList }: { profile: Profile; childList: Child[] }) {
  const { t } = useTranslation(urgentTexts);
  const navigate = useNavigate();
  const send = useSendUrgentRequest();
  const today = parisToday();
  const form = useForm<UrgentRequestBody>({
    resolver: zodResolver(urgentRequestBodySchema),
    defaultValues: loadUrgentDraft(
      {
        date: today,
        start_time: "",
        end_time: "",
        children_ids: [],
        special_instructions: "",
        address: profileAddress(profile),
      },
      childList.map((child) => child.id),
    ),
  });
  const { errors } = form.formState;
  const hasChildren = childList.length > 0;
  // An unconfirmed email may fill the form but not send it (the server would answer 403).
  const unverified = useEmailUnverified();
  const unverifiedNoteId = useId();

  // Every change is kept for the tab.
  const values = useWatch({ control: form.control });
  useEffect(() => saveUrgentDraft(values), [values]);

  const onValid = (body: UrgentRequestBody) =>
    send.mutate(body, {
      onSuccess: (request) => {
        clearUrgentDraft();
        notify.success(t("urgent.form.success"));
        void navigate(`/urgent/${request.id}`);
      },
      onError: (error) => {
        console.error("urgent request failed", error);
        notify.error(serverMessage(error, t, "urgent.form.error"));
        showServerFieldError(form.setError, error, FIELDS);
      },
    });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onValid)}
      className="flex flex-col gap-6 rounded-2xl border border-night-100 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 className="text-lg font-semibold">{t("urgent.form.legend")}</h2>
      <div className="flex flex-col gap-2">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t("urgent.form.date")}
            type="date"
            min={today}
            max={addDays(today, BOOKING_MAX_DAYS_AHEAD)}
            error={errorText(errors.date, t)}
            {...form.register("date")}
          />
          <TextField
            label={t("urgent.form.startTime")}
            type="time"
            error={errorText(errors.start_time, t)}
            {...form.register("start_time")}
          />
          <TextField
            label={t("urgent.form.endTime")}
            type="time"
            error={errorText(errors.end_time, t)}
            {...form.register("end_time")}
          />
        </div>
        <p className="text-xs text-slate-600">{t("urgent.form.nextDay")}</p>
      </div>

      <Controller
        control={form.control}
        name="children_ids"
        render={({ field, fieldState }) => (
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={fieldState.error ? "urgent-children-error" : undefined}
          >
            <legend className="mb-1 text-sm font-medium text-night-900">{t("urgent.form.children")}</legend>
            {childList.map((child) => (
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
                label={t("urgent.form.child", { name: child.name, count: child.age })}
              />
            ))}
            <p className={hasChildren ? "text-sm" : "rounded-xl bg-night-50 p-3 text-sm text-slate-700"}>
              {!hasChildren && `${t("urgent.form.noChildren")} `}
              {/* 'Mes enfants', and back here: the form's values wait in the draft. */}
              <Link
                to={`/profile?tab=children&back=${encodeURIComponent("/urgent/new")}`}
                className="inline-block py-0.5 font-semibold text-glow-900 underline"
              >
                {t("urgent.form.addChild")}
              </Link>
            </p>
            <FieldError id="urgent-children-error" message={errorText(fieldState.error, t)} />
          </fieldset>
        )}
      />

      <TextField
        label={t("urgent.form.address")}
        autoComplete="street-address"
        maxLength={ADDRESS_MAX_LENGTH}
        hint={t("urgent.form.addressHint")}
        error={errorText(errors.address, t)}
        {...form.register("address")}
      />

      <InstructionsField form={form} />
      <TargetField form={form} />

      <div className="flex flex-wrap items-center justify-end gap-3">
        {unverified && <UnverifiedNote id={unverifiedNoteId} className="basis-full justify-end" />}
        <Link to="/urgent" className={buttonClasses("ghost", "md", "border border-night-600")}>
          {t("urgent.form.cancel")}
        </Link>
        <Button
          type="submit"
          disabled={!hasChildren || unverified}
          aria-describedby={unverified ? unverifiedNoteId : undefined}
          loading={send.isPending}
        >
          {t("urgent.form.submit")}
        </Button>
      </div>
    </form>
  );
}

function InstructionsField({ form }: { form: Form }) {
  const { t } = useTranslation(urgentTexts);
  const text = useWatch({ control: form.control, name: "special_instructions" }) ?? "";
  return (
    <TextAreaField
      label={t("urgent.form.instructions")}
      rows={3}
      maxLength={SPECIAL_INSTRUCTIONS_MAX_LENGTH}
      hint={t("urgent.form.instructionsCount", { count: text.length })}
      error={errorText(form.formState.errors.special_instructions, t)}
      {...form.register("special_instructions")}
    />
  );
}

/**
 * 'À qui ?': her favourites then the nearest available babysitters, or an agency (the first of the
 * list once chosen, so one is always picked). Without any agency to send to, nothing to choose:
 * the default is said as a line.
 */
function TargetField({ form }: { form: Form }) {
  const { t } = useTranslation(urgentTexts);
  const agencies = useUrgentAgencies().data ?? [];
  const agencyId = useWatch({ control: form.control, name: "agency_id" });
  const ids = useFieldIds(undefined, errorText(form.formState.errors.agency_id, t));
  const name = useId();
  const toAgency = Boolean(agencyId) && agencies.length > 0;
  const choose = (value: string | undefined) => form.setValue("agency_id", value, { shouldDirty: true });

  if (agencies.length === 0)
    return (
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-night-900">{t("urgent.form.target")}</p>
        <p className="text-sm text-slate-700">{t("urgent.form.targetFavourites")}</p>
      </div>
    );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-night-900">{t("urgent.form.target")}</legend>
      <label className="flex min-h-6 items-start gap-2.5 text-sm text-night-900">
        <input
          type="radio"
          name={name}
          checked={!toAgency}
          onChange={() => choose(undefined)}
          className="mt-0.5 h-5 w-5 shrink-0 accent-night-800"
        />
        {t("urgent.form.targetFavourites")}
      </label>
      <label className="flex min-h-6 items-start gap-2.5 text-sm text-night-900">
        <input
          type="radio"
          name={name}
          checked={toAgency}
          onChange={() => choose(agencies[0].id)}
          className="mt-0.5 h-5 w-5 shrink-0 accent-night-800"
        />
        {t("urgent.form.targetAgency")}
      </label>
      {toAgency && (
        <FieldShell
          ids={ids}
          label={t("urgent.form.agency")}
          error={errorText(form.formState.errors.agency_id, t)}
          className="sm:max-w-md"
        >
          <select
            id={ids.inputId}
            value={agencyId}
            onChange={(event) => choose(event.target.value)}
            aria-invalid={form.formState.errors.agency_id ? true : undefined}
            aria-describedby={ids.describedBy}
            className={fieldControlClasses(errorText(form.formState.errors.agency_id, t))}
          >
            {agencies.map((agency) => (
              <option key={agency.id} value={agency.id}>
                {t("urgent.form.agencyOption", { name: agency.name, count: agency.roster_size })}
              </option>
            ))}
          </select>
        </FieldShell>
      )}
    </fieldset>
  );
}
