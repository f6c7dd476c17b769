// Settings → Sécurité, password: when it was last changed (a real date, Paris time, in the
// interface's language), then the current password, the new one (the registration's rules) and its
// confirmation. On success every other session is signed out (the server says so by email too);
// 'Mot de passe actuel incorrect' comes from the server. An account that signs in with Google or
// Facebook has no password: it is told how to create one.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { PASSWORD_MIN_LENGTH } from "@db/constants/limits";
import { type ChangePasswordForm, changePasswordFormSchema } from "@db/validators/account";
import { errorText } from "@web/components/form/error-text";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { useUnsavedChanges } from "@web/lib/leave-guard";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useChangePassword } from "../api/change-password";
import { useAccountSecurity } from "../api/get-security";
import { securityTexts } from "../security-texts";

const EMPTY: ChangePasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** An account without a password (Google or Facebook sign-in): a reset link lets it choose one. */
function NoPassword() {
  const { t } = useTranslation(securityTexts);
  return (
    <div className="mt-3 flex flex-col gap-3">
      <p className="text-slate-700">{t("security.password.none")}</p>
      <p className="text-sm text-slate-700">{t("security.password.noneHow")}</p>
      <Link to="/forgot-password" className={buttonClasses("secondary", undefined, "self-start")}>
        {t("security.password.noneLink")}
      </Link>
    </div>
  );
}

export function SecurityPasswordForm() {
  const { t, language } = useTranslation(securityTexts);
  const security = useAccountSecurity();
  const changedAt = security.data?.password_changed_at;
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty); // typed passwords are not dropped without asking; a change resets the form

  const onValid = ({ currentPassword, newPassword }: ChangePasswordForm) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          notify.success(t("security.password.changed"));
        },
        onError: (error) => notify.error(serverMessage(error, t, "security.password.error")),
      },
    );

  return (
    <section
      aria-labelledby="security-password-title"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-night-100"
    >
      <h2 id="security-password-title" className="text-lg font-semibold text-night-900">
        {t("security.password.title")}
      </h2>
      {(security.isPending || changedAt) && (
        <p className="mt-1 text-sm text-slate-700">
          {changedAt
            ? t("security.password.changedAt", { date: formatDay(changedAt, language) })
            : t("security.password.loading")}
        </p>
      )}
      {changedAt === null ? (
        <NoPassword />
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">{t("security.password.intro")}</p>
          <form noValidate onSubmit={form.handleSubmit(onValid)} className="mt-4 flex max-w-md flex-col gap-4">
            <TextField
              label={t("security.password.current")}
              type="password"
              autoComplete="current-password"
              error={errorText(errors.currentPassword, t)}
              {...form.register("currentPassword")}
            />
            <TextField
              label={t("security.password.new")}
              type="password"
              autoComplete="new-password"
              hint={t("security.password.hint", { min: PASSWORD_MIN_LENGTH })}
              error={errorText(errors.newPassword, t)}
              {...form.register("newPassword")}
            />
            <TextField
              label={t("security.password.confirm")}
              type="password"
              autoComplete="new-password"
              error={errorText(errors.confirmPassword, t)}
              {...form.register("confirmPassword")}
            />
            <Button type="submit" loading={change.isPending} className="self-start">
              {t("security.password.submit")}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
