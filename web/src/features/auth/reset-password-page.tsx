import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "@web/lib/i18n";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { errorText } from "@web/components/form/error-text";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { PageFrame } from "@web/components/ui/page-frame";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { Spinner } from "@web/components/ui/spinner";
import { useResetLink } from "./api/check-reset-link";
import { type ResetPasswordInput, resetPasswordInputSchema, useResetPassword } from "./api/reset-password";
import { RequestResetForm } from "./components/request-reset-form";
import { authTexts } from "./texts";

export function ResetPasswordPage() {
  const { t } = useTranslation(authTexts);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const reset = useResetPassword();
  // The link is checked as the page opens: a dead one is said now, with a way to get a new one.
  const link = useResetLink(token);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordInputSchema),
    defaultValues: { password: "", confirm_password: "" },
  });
  const { errors } = form.formState;

  const onValid = ({ password }: ResetPasswordInput) =>
    reset.mutate(
      { newPassword: password, token },
      {
        onSuccess: () => {
          notify.success(t("auth.reset.success"));
          navigate("/login", { replace: true });
        },
        onError: (error) => notify.error(serverMessage(error, t, "auth.reset.invalidLink")),
      },
    );

  if (!token && !params.get("error")) {
    return (
      <PageFrame title={t("auth.reset.title")}>
        <p className="text-slate-700">{t("auth.reset.missingToken")}</p>
        <Link to="/forgot-password" className="mt-4 inline-block font-semibold text-glow-900 underline">
          {t("auth.reset.requestNew")}
        </Link>
      </PageFrame>
    );
  }

  if (token && link.isPending) {
    return (
      <PageFrame title={t("auth.reset.title")}>
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Spinner size="sm" decorative /> {t("auth.reset.checking")}
        </p>
      </PageFrame>
    );
  }

  // The email's link redirects here with ?error=TOKEN_EXPIRED or INVALID_TOKEN when it is dead.
  const state = token
    ? (link.data?.state ?? "invalid")
    : params.get("error") === "TOKEN_EXPIRED"
      ? "expired"
      : "invalid";
  if (state !== "valid") {
    return (
      <PageFrame title={t("auth.reset.title")}>
        <p role="alert" className="mb-4 text-night-900">
          {t(state === "expired" ? "auth.reset.expiredLink" : "auth.reset.unknownLink")}
        </p>
        <RequestResetForm />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t("auth.reset.title")} intro={t("auth.reset.intro")}>
      <form
        noValidate
        onSubmit={form.handleSubmit(onValid)}
        className="flex max-w-md flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-night-100"
      >
        <TextField
          label={t("auth.fields.newPassword")}
          type="password"
          autoComplete="new-password"
          hint={t("auth.register.passwordHint")}
          error={errorText(errors.password, t)}
          {...form.register("password")}
        />
        <TextField
          label={t("auth.fields.confirmPassword")}
          type="password"
          autoComplete="new-password"
          error={errorText(errors.confirm_password, t)}
          {...form.register("confirm_password")}
        />
        <Button type="submit" loading={reset.isPending}>
          {t("auth.reset.submit")}
        </Button>
      </form>
    </PageFrame>
  );
}
