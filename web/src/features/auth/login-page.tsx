import { useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useTranslation } from "@web/lib/i18n";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { CheckboxField } from "@web/components/form/checkbox-field";
import { lazyZodResolver } from "@web/components/form/lazy-zod-resolver";
import { errorText, showServerFieldError } from "@web/components/form/error-text";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api-client";
import { notify } from "@web/lib/notify";
import { safeRedirect, signedInHome } from "@web/lib/safe-redirect";
import { serverMessage } from "@web/lib/server-message";
import { type SignInInput, useSignIn } from "./api/sign-in";
import { AuthShell } from "./components/auth-shell";
import { OAuthButtons } from "./components/oauth-buttons";
import { TwoFactorStep } from "./components/two-factor-step";
import { authTexts } from "./texts";

const LOGIN_FIELDS = ["email", "password"] as const;

const signInResolver = lazyZodResolver(() => import("@db/validators/auth").then((module) => module.signInBodySchema));

export function LoginPage() {
  const { t } = useTranslation(authTexts);
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const form = useForm<SignInInput>({
    resolver: signInResolver,
    defaultValues: { email: "", password: "", rememberMe: false },
  });
  const { errors } = form.formState;
  // Two-factor on: the password was right, the code comes next (no session until then).
  const [askCode, setAskCode] = useState(false);

  const signedIn = (userType?: string) => {
    notify.success(t("auth.login.success"));
    const from = (location.state as { from?: unknown } | null)?.from;
    navigate(safeRedirect(from, signedInHome(userType)), { replace: true });
  };

  // On the request's promise, not the component's callbacks: once the session is known, AuthShell
  // moves on and this page is gone, but the welcome toast must still show.
  const onValid = (body: SignInInput) =>
    signIn.mutateAsync(body).then(
      (answer) => ("twoFactorRedirect" in answer ? setAskCode(true) : signedIn(answer.profile?.user_type)),
      (error: unknown) => showSignInError(error),
    );

  // Sign-in failures are toasts; the few-attempts-left warning comes in addition.
  const showSignInError = (error: unknown) => {
    console.error("sign-in failed", error);
    notify.error(serverMessage(error, t, "errors.invalidCredentials"));
    if (error instanceof ApiError && error.warning) notify.warning(error.warning);
    showServerFieldError(form.setError, error, LOGIN_FIELDS);
  };

  // "Login, invalid input: first validation error shown" as a toast, besides the inline messages.
  const onInvalid = (fieldErrors: FieldErrors<SignInInput>) => {
    const first = LOGIN_FIELDS.map((name) => fieldErrors[name]).find(Boolean);
    if (first?.message) notify.error(t(first.message));
  };

  if (askCode)
    return (
      <AuthShell title={t("auth.twoFactor.title")} subtitle={t("auth.login.subtitle")}>
        <TwoFactorStep
          onDone={signedIn}
          onBack={() => {
            setAskCode(false);
            form.resetField("password");
          }}
        />
      </AuthShell>
    );

  return (
    <AuthShell title={t("auth.login.title")} subtitle={t("auth.login.subtitle")}>
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="flex flex-col gap-4">
        <TextField
          label={t("auth.fields.email")}
          type="email"
          autoComplete="email"
          onFocus={signInResolver.preload}
          error={errorText(errors.email, t)}
          {...form.register("email")}
        />
        <TextField
          label={t("auth.fields.password")}
          type="password"
          autoComplete="current-password"
          onFocus={signInResolver.preload}
          error={errorText(errors.password, t)}
          {...form.register("password")}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField label={t("auth.login.rememberMe")} {...form.register("rememberMe")} />
          <Link to="/forgot-password" className="inline-block py-0.5 text-sm font-semibold text-glow-900 underline">
            {t("auth.login.forgotPassword")}
          </Link>
        </div>
        <Button type="submit" size="lg" loading={signIn.isPending}>
          {t("auth.login.submit")}
        </Button>
      </form>
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
