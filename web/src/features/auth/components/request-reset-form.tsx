// The email field that asks for a reset link: on /forgot-password, and on /reset-password when the
// link has expired or is unknown (a new one right there, without going back).
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "@web/lib/i18n";
import { Link } from "react-router-dom";
import { errorText } from "@web/components/form/error-text";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api-client";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import {
  type RequestPasswordResetInput,
  requestPasswordResetInputSchema,
  useRequestPasswordReset,
} from "../api/request-password-reset";
import { authTexts } from "../texts";

export function RequestResetForm() {
  const { t } = useTranslation(authTexts);
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const form = useForm<RequestPasswordResetInput>({
    resolver: zodResolver(requestPasswordResetInputSchema),
    defaultValues: { email: "" },
  });

  // The answer never reveals whether the address has an account; only real failures
  // (throttled, unreachable server) are reported.
  const onValid = (input: RequestPasswordResetInput) =>
    request.mutate(input, {
      onSuccess: () => setSent(true),
      onError: (error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
          setSent(true);
          return;
        }
        notify.error(serverMessage(error, t, "errors.internal"));
      },
    });

  return (
    <div className="max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-night-100">
      {sent ? (
        <div role="status">
          <p className="text-night-900">{t("auth.forgot.sent")}</p>
          <Link to="/login" className="mt-4 inline-block font-semibold text-glow-900 underline">
            {t("auth.forgot.backToLogin")}
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={form.handleSubmit(onValid)} className="flex flex-col gap-4">
          <TextField
            label={t("auth.fields.email")}
            type="email"
            autoComplete="email"
            error={errorText(form.formState.errors.email, t)}
            {...form.register("email")}
          />
          <Button type="submit" loading={request.isPending}>
            {t("auth.forgot.submit")}
          </Button>
          <Link to="/login" className="text-sm font-semibold text-glow-900 underline">
            {t("auth.forgot.backToLogin")}
          </Link>
        </form>
      )}
    </div>
  );
}
