import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldErrors, useForm } from "react-hook-form";
import { useTranslation } from "@web/lib/i18n";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { type SignInBody, signInBodySchema } from "@db/validators/auth";
import { Button } from "@web/components/ui/button";
import { CheckboxField } from "@web/components/ui/checkbox-field";
import { TextField } from "@web/components/ui/text-field";
import { ApiError } from "@web/lib/api-client";
import { notify } from "@web/lib/notify";
import { safeRedirect } from "@web/lib/session";
import { useSignIn } from "./api/auth-requests";
import { serverMessage } from "./api/error-messages";
import { AuthShell } from "./components/auth-shell";
import { errorText, SERVER_ERROR_TYPE } from "./components/form-error";
import { OAuthButtons } from "./components/oauth-buttons";

const LOGIN_FIELDS = ["email", "password"] as const;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const form = useForm<SignInBody>({
    resolver: zodResolver(signInBodySchema),
    defaultValues: { email: "", password: "", rememberMe: false },
  });
  const { errors } = form.formState;

  const onValid = (body: SignInBody) =>
    signIn.mutate(body, {
      onSuccess: () => {
        notify.success(t("auth.login.success"));
        navigate(safeRedirect((location.state as { from?: unknown } | null)?.from), { replace: true });
      },
      onError: (error) => showSignInError(error),
    });

  // Spec §8: failures are toasts; the few-attempts-left warning comes in addition.
  const showSignInError = (error: unknown) => {
    console.error("sign-in failed", error);
    notify.error(serverMessage(error, t, "errors.invalidCredentials"));
    if (!(error instanceof ApiError)) return;
    if (error.warning) notify.warning(error.warning);
    const field = LOGIN_FIELDS.find((name) => name === error.field);
    if (error.status === 400 && field) form.setError(field, { type: SERVER_ERROR_TYPE, message: error.message });
  };

  // "Login, invalid input: first validation error shown" as a toast, besides the inline messages.
  const onInvalid = (fieldErrors: FieldErrors<SignInBody>) => {
    const first = LOGIN_FIELDS.map((name) => fieldErrors[name]).find(Boolean);
    if (first?.message) notify.error(t(first.message));
  };

  return (
    <AuthShell title={t("auth.login.title")} subtitle={t("auth.login.subtitle")}>
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="flex flex-col gap-4">
        <TextField
          label={t("auth.fields.email")}
          type="email"
          autoComplete="email"
          error={errorText(errors.email, t)}
          {...form.register("email")}
        />
        <TextField
          label={t("auth.fields.password")}
          type="password"
          autoComplete="current-password"
          error={errorText(errors.password, t)}
          {...form.register("password")}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField label={t("auth.login.rememberMe")} {...form.register("rememberMe")} />
          <Link to="/forgot-password" className="text-sm font-semibold text-glow-900 underline">
            {t("auth.login.forgotPassword")}
          </Link>
        </div>
        <Button type="submit" size="lg" loading={signIn.isPending}>
          {t("auth.login.submit")}
        </Button>
      </form>
      <div className="my-6 flex items-center gap-3 text-sm text-slate-700">
        <span className="h-px flex-1 bg-slate-300" />
        {t("auth.oauth.or")}
        <span className="h-px flex-1 bg-slate-300" />
      </div>
      <OAuthButtons />
      <p className="mt-6 text-center text-sm text-slate-700">
        {t("auth.login.noAccount")}{" "}
        <Link to="/register" className="font-semibold text-glow-900 underline">
          {t("auth.login.toRegister")}
        </Link>
      </p>
    </AuthShell>
  );
}
