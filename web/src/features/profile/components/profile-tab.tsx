import { clsx } from "clsx";
import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldCheck } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { errorText, showServerFieldError } from "@web/components/form/error-text";
import { TextAreaField } from "@web/components/form/text-area-field";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { LoadError } from "@web/components/ui/page-states";
import type { Profile } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { useUnsavedChanges } from "@web/lib/leave-guard";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useProfile } from "../api/get-profile";
import { type UpdateProfileInput, updateProfileInputSchema, useUpdateProfile } from "../api/update-profile";
import { profileTexts } from "../texts";
import { FormSkeleton } from "./form-skeleton";
import { PhotoPicker } from "./photo-picker";
import { useHashFocus } from "../use-hash-focus";

const FIELDS = ["first_name", "last_name", "phone", "city", "address", "postal_code", "bio"] as const;

/** The 'Profil' tab: the photo, then the form (email read-only). */
export function ProfileTab() {
  const { t } = useTranslation(profileTexts);
  const profile = useProfile();
  if (profile.isError)
    return <LoadError variant="card" toast message={t("profile.loadError")} onRetry={() => void profile.refetch()} />;
  if (!profile.data) return <FormSkeleton />;
  return (
    <div className="grid gap-8">
      <PhotoPicker profile={profile.data} />
      {(profile.data.user_type === "parent" || profile.data.user_type === "babysitter") && (
        <VerificationCard verified={profile.data.is_verified} />
      )}
      {/* Keyed by the profile's id: the form starts from the loaded values. */}
      <ProfileForm key={profile.data.id} profile={profile.data} />
    </div>
  );
}

/** Where the identity verification stands, and the way to /verification/upload. */
function VerificationCard({ verified }: { verified: boolean }) {
  const { t } = useTranslation(profileTexts);
  return (
    <section
      aria-labelledby="profile-verification-title"
      className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm"
    >
      <h2 id="profile-verification-title" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck aria-hidden="true" className="h-5 w-5 text-glow-800" />
        {t("profile.verification.title")}
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {t(verified ? "profile.verification.verified" : "profile.verification.notVerified")}
      </p>
      <Link
        to="/verification/upload"
        className={buttonClasses(
          verified ? "ghost" : "secondary",
          "md",
          clsx("mt-4", verified && "border border-night-600"),
        )}
      >
        {t(verified ? "profile.verification.see" : "profile.verification.start")}
      </Link>
    </section>
  );
}

const valuesOf = (profile: Profile): UpdateProfileInput => ({
  first_name: profile.first_name,
  last_name: profile.last_name,
  phone: profile.phone ?? "",
  city: profile.city ?? "",
  address: profile.address ?? "",
  postal_code: profile.postal_code ?? "",
  bio: profile.bio ?? "",
});

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(profileTexts);
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileInputSchema),
    defaultValues: valuesOf(profile),
  });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty); // saving resets the form to what was saved
  useHashFocus(); // the dashboard's checklist links to the bio
  const bio = useWatch({ control: form.control, name: "bio" }) ?? "";
  const optional = (key: string) => t("profile.fields.optional", { label: t(key) });

  const onValid = (body: UpdateProfileInput) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        notify.success(t("profile.updated"));
      },
      onError: (error) => {
        console.error("profile update failed", error);
        notify.error(serverMessage(error, t, "profile.updateError"));
        showServerFieldError(form.setError, error, FIELDS);
      },
    });

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t("profile.fields.firstName")}
        autoComplete="given-name"
        error={errorText(errors.first_name, t)}
        {...form.register("first_name")}
      />
      <TextField
        label={t("profile.fields.lastName")}
        autoComplete="family-name"
        error={errorText(errors.last_name, t)}
        {...form.register("last_name")}
      />
      <TextField
        label={t("profile.fields.email")}
        type="email"
        value={profile.email}
        readOnly
        hint={t("profile.fields.emailHint")}
      />
      <TextField
        label={t("profile.fields.phone")}
        type="tel"
        autoComplete="tel"
        error={errorText(errors.phone, t)}
        {...form.register("phone")}
      />
      <TextField
        label={optional("profile.fields.address")}
        autoComplete="street-address"
        error={errorText(errors.address, t)}
        {...form.register("address")}
      />
      <TextField
        label={optional("profile.fields.postalCode")}
        autoComplete="postal-code"
        inputMode="numeric"
        error={errorText(errors.postal_code, t)}
        {...form.register("postal_code")}
      />
      <TextField
        label={t("profile.fields.city")}
        autoComplete="address-level2"
        error={errorText(errors.city, t)}
        {...form.register("city")}
      />
      <TextAreaField
        id="bio"
        className="sm:col-span-2"
        label={optional("profile.fields.bio")}
        rows={5}
        hint={t("profile.fields.bioCount", { count: bio.length })}
        error={errorText(errors.bio, t)}
        {...form.register("bio")}
      />
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" loading={update.isPending}>
          {t("profile.save")}
        </Button>
      </div>
    </form>
  );
}
