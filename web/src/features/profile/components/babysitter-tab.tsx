import { zodResolver } from "@hookform/resolvers/zod";
import { ExternalLink } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { AGE_GROUP_OPTIONS, LANGUAGE_OPTIONS, SPECIALTY_OPTIONS } from "@db/constants/search-filters";
import type { BabysitterProfileBody, BabysitterProfileDto } from "@db/validators/profile";
import { CheckboxField } from "@web/components/form/checkbox-field";
import { errorText, showServerFieldError } from "@web/components/form/error-text";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { LoadError } from "@web/components/ui/page-states";
import { currentLanguage, useTranslation } from "@web/lib/i18n";
import { useUnsavedChanges } from "@web/lib/leave-guard";
import { notify } from "@web/lib/notify";
import { useSession } from "@web/lib/session";
import { useBabysitterProfile } from "../api/get-babysitter-profile";
import {
  type BabysitterProfileInput,
  babysitterProfileInputSchema,
  useSaveBabysitterProfile,
} from "../api/save-babysitter-profile";
import { profileTexts } from "../texts";
import { type AvailabilityErrors, AvailabilityEditor } from "./availability-editor";
import { CertificationsEditor } from "./certifications-editor";
import { FormSkeleton } from "./form-skeleton";
import { OptionCheckboxes } from "./option-checkboxes";
import { useHashFocus } from "../use-hash-focus";

const FIELDS = ["hourly_rate", "experience_years"] as const;

/** 1850 -> "18,50" in French, "18.50" in English, 1800 -> "18": the rate as the visitor types it (both are read). */
const eurosText = (cents: number) =>
  cents % 100 === 0
    ? String(cents / 100)
    : (cents / 100).toFixed(2).replace(".", currentLanguage() === "fr" ? "," : ".");

const valuesOf = (saved: BabysitterProfileDto): BabysitterProfileInput => ({
  hourly_rate: eurosText(saved.hourly_rate_cents),
  experience_years: saved.experience_years,
  languages: saved.languages,
  specialties: saved.specialties,
  certifications: saved.certifications,
  age_groups: saved.age_groups,
  available_hours: saved.available_hours,
  emergency_available: saved.emergency_available,
  has_references: saved.has_references,
});

/** 'Profil baby-sitter': rate, experience, lists, certifications, options and the weekly grid. */
export function BabysitterTab() {
  const { t } = useTranslation(profileTexts);
  const details = useBabysitterProfile();
  if (details.isError)
    return <LoadError variant="card" toast message={t("profile.loadError")} onRetry={() => void details.refetch()} />;
  if (!details.data) return <FormSkeleton fields={8} />;
  return <BabysitterForm saved={details.data} />;
}

function BabysitterForm({ saved }: { saved: BabysitterProfileDto }) {
  const { t } = useTranslation(profileTexts);
  const { data: session } = useSession();
  const save = useSaveBabysitterProfile();
  const form = useForm<BabysitterProfileInput, unknown, BabysitterProfileBody>({
    resolver: zodResolver(babysitterProfileInputSchema),
    defaultValues: valuesOf(saved),
  });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty); // saving resets the form to what was saved
  useHashFocus(); // the dashboard's checklist links to the rate and the availability

  const onValid = (body: BabysitterProfileBody) =>
    save.mutate(body, {
      onSuccess: (result) => {
        form.reset(valuesOf(result));
        notify.success(t("profile.babysitter.saved"));
      },
      onError: (error) => {
        console.error("babysitter profile not saved", error);
        notify.error(t("profile.babysitter.saveError"));
        showServerFieldError(form.setError, error, FIELDS);
      },
    });

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700">{t("profile.babysitter.intro")}</p>
        {session && (
          <Link
            to={`/babysitter/${session.id}`}
            className="inline-flex items-center gap-1.5 py-0.5 text-sm font-semibold text-glow-900 underline"
          >
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            {t("profile.babysitter.viewPublic")}
          </Link>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="hourly-rate"
          label={t("profile.babysitter.hourlyRate")}
          inputMode="decimal"
          hint={t("profile.babysitter.hourlyRateHint")}
          error={errorText(errors.hourly_rate, t)}
          {...form.register("hourly_rate")}
        />
        <TextField
          label={t("profile.babysitter.experience")}
          type="number"
          min={0}
          inputMode="numeric"
          error={errorText(errors.experience_years, t)}
          {...form.register("experience_years", { valueAsNumber: true })}
        />
      </div>
      <OptionCheckboxes
        legend={t("profile.babysitter.languages")}
        options={LANGUAGE_OPTIONS}
        registration={form.register("languages")}
      />
      <OptionCheckboxes
        legend={t("profile.babysitter.specialties")}
        options={SPECIALTY_OPTIONS}
        registration={form.register("specialties")}
      />
      <OptionCheckboxes
        legend={t("profile.babysitter.ageGroups")}
        options={AGE_GROUP_OPTIONS}
        registration={form.register("age_groups")}
      />
      <Controller
        control={form.control}
        name="certifications"
        render={({ field }) => (
          <CertificationsEditor value={field.value} onChange={field.onChange} errors={errors.certifications} />
        )}
      />
      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium text-night-900">{t("profile.babysitter.options")}</legend>
        <CheckboxField label={t("profile.babysitter.emergency")} {...form.register("emergency_available")} />
        <CheckboxField label={t("profile.babysitter.references")} {...form.register("has_references")} />
      </fieldset>
      <Controller
        control={form.control}
        name="available_hours"
        render={({ field }) => (
          <AvailabilityEditor
            value={field.value}
            onChange={field.onChange}
            errors={errors.available_hours as AvailabilityErrors | undefined}
          />
        )}
      />
      <div>
        <Button type="submit" size="lg" loading={save.isPending}>
          {t("profile.save")}
        </Button>
      </div>
    </form>
  );
}
