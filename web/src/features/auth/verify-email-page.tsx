// /verify-email?token=…: the page the verification email links to. It confirms the token once as it
// opens and says how it went: done; expired, with a button for a new link; invalid. The link itself
// changes nothing until this page posts it (a mail scanner fetching the link confirms nothing).
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { PageFrame } from "@web/components/ui/page-frame";
import { Spinner } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useSession } from "@web/lib/session";
import { useSendVerificationEmail, useVerifyEmail } from "./api/email-verification";
import { authTexts } from "./texts";

type State = "checking" | "done" | "expired" | "invalid";

/** The address inside the token (the link's own, not secret): the expired state offers a new link for it. */
function emailInToken(token: string): string {
  try {
    const payload = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))) as { email?: unknown };
    return typeof payload.email === "string" ? payload.email : "";
  } catch {
    return "";
  }
}

export function VerifyEmailPage() {
  const { t } = useTranslation(authTexts);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const verify = useVerifyEmail();
  const [state, setState] = useState<State>(token ? "checking" : "invalid");
  const signedIn = Boolean(useSession().data);

  useEffect(() => {
    if (!token) return;
    verify.mutate(token, {
      onSuccess: () => setState("done"),
      onError: (error) => {
        if (error instanceof ApiError && error.code === "VERIFICATION_EXPIRED") setState("expired");
        else if (error instanceof ApiError && error.status < 500) setState("invalid");
        else notify.error(serverMessage(error, t, "errors.internal"));
      },
    });
    // Once per token: the mutation object changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  return (
    <PageFrame title={t(state === "done" ? "auth.verify.doneTitle" : "auth.verify.title")}>
      <div className="max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-night-100">
        {state === "checking" && (
          <p role="status" className="flex items-center gap-2 text-slate-700">
            <Spinner size="sm" decorative /> {t("auth.verify.checking")}
          </p>
        )}
        {state === "done" && (
          <div role="status">
            <p className="text-night-900">{t("auth.verify.done")}</p>
            <Link
              to={signedIn ? "/dashboard" : "/login"}
              className="mt-4 inline-block font-semibold text-glow-900 underline"
            >
              {t(signedIn ? "auth.verify.toDashboard" : "auth.verify.toLogin")}
            </Link>
          </div>
        )}
        {(state === "expired" || state === "invalid") && (
          <>
            <p role="alert" className="mb-4 text-night-900">
              {t(state === "expired" ? "auth.verify.expired" : "auth.verify.invalid")}
            </p>
            <ResendForm initialEmail={emailInToken(token)} signedIn={signedIn} />
          </>
        )}
      </div>
    </PageFrame>
  );
}

/** Signed in, one button (the account's address); signed out, the address to send a new link to. */
function ResendForm({ initialEmail, signedIn }: { initialEmail: string; signedIn: boolean }) {
  const { t } = useTranslation(authTexts);
  const send = useSendVerificationEmail();
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState(false);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    send.mutate(signedIn ? undefined : email.trim(), {
      onSuccess: () => {
        setSent(true);
        notify.success(t("auth.verify.sent"));
      },
      onError: (error) => notify.error(serverMessage(error, t, "errors.internal")),
    });
  };

  if (sent) return <p role="status">{t("auth.verify.sent")}</p>;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {!signedIn && (
        <TextField
          label={t("auth.fields.email")}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      )}
      <Button type="submit" loading={send.isPending}>
        {t("auth.verify.resend")}
      </Button>
    </form>
  );
}
