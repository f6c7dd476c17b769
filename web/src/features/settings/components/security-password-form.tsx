// Settings → Sécurité, password (money-and-operations §2 Settings item 3): the current password,
// the new one (the registration's rules) and its confirmation. On success every other session is
// signed out (the server says so by email too); 'Mot de passe actuel incorrect' comes from the server.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { PASSWORD_MIN_LENGTH } from "@db/constants/limits";
import { type ChangePasswordForm, changePasswordFormSchema } from "@db/validators/account";
import { errorText } from "@web/components/form/error-text";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useChangePassword } from "../api/change-password";
import { settingsTexts } from "../texts";

const EMPTY: ChangePasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function SecurityPasswordForm() {
  const { t } = useTranslation(settingsTexts);
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onValid = ({ currentPassword, newPassword }: ChangePasswordForm) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          notify.success(t("settings.security.password.changed"));
        },
        onError: (error) => notify.error(serverMessage(error, t, "settings.security.password.error")),
      },
    );

  return (
    <section
      aria-labelledby="security-password-title"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-night-100"
    >
      <h2 id="security-password-title" className="text-lg font-semibold text-night-900">
        {t("settings.security.password.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("settings.security.password.intro")}</p>
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="mt-4 flex max-w-md flex-col gap-4">
        <TextField
          label={t("settings.security.password.current")}
          type="password"
          autoComplete="current-password"
          error={errorText(errors.currentPassword, t)}
          {...form.register("currentPassword")}
        />
        <TextField
          label={t("settings.security.password.new")}
          type="password"
          autoComplete="new-password"
          hint={t("settings.security.password.hint", { min: PASSWORD_MIN_LENGTH })}
          error={errorText(errors.newPassword, t)}
          {...form.register("newPassword")}
        />
        <TextField
          label={t("settings.security.password.confirm")}
          type="password"
          autoComplete="new-password"
          error={errorText(errors.confirmPassword, t)}
          {...form.register("confirmPassword")}
        />
        <Button type="submit" loading={change.isPending} className="self-start">
          {t("settings.security.password.submit")}
        </Button>
      </form>
    </section>
  );
}
