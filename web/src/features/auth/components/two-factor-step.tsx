// The sign-in's second step when two-factor is on: the 6-digit code from the authenticator app, or
// one of the backup codes. The password step is forgotten on 'Retour'.
import { useState, type FormEvent } from "react";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useVerifyTwoFactor } from "../api/verify-two-factor";
import { authTexts } from "../texts";

/** `onDone` receives the signed-in user's type (an admin in the desktop app lands on the console). */
export function TwoFactorStep({ onDone, onBack }: { onDone: (userType?: string) => void; onBack: () => void }) {
  const { t } = useTranslation(authTexts);
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const verify = useVerifyTwoFactor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, "");
    const valid = backup ? /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(trimmed) : /^\d{6}$/.test(trimmed);
    if (!valid) return setError(t("auth.twoFactor.invalid"));
    setError(undefined);
    // On the request's promise: the session it opens unmounts this step (see login-page.tsx).
    verify.mutateAsync({ code: trimmed, backup }).then(
      (profile) => onDone(profile?.user_type),
      (failure: unknown) => notify.error(serverMessage(failure, t, "auth.twoFactor.invalid")),
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-slate-700">{t(backup ? "auth.twoFactor.backupIntro" : "auth.twoFactor.intro")}</p>
      <TextField
        label={t(backup ? "auth.twoFactor.backupLabel" : "auth.twoFactor.label")}
        inputMode={backup ? "text" : "numeric"}
        autoComplete="one-time-code"
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" size="lg" loading={verify.isPending}>
        {t("auth.twoFactor.submit")}
      </Button>
      <div className="flex flex-wrap justify-between gap-3">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setBackup(!backup);
            setCode("");
            setError(undefined);
          }}
        >
          {t(backup ? "auth.twoFactor.useApp" : "auth.twoFactor.useBackup")}
        </Button>
        <Button variant="ghost" size="sm" onClick={onBack}>
          {t("auth.twoFactor.back")}
        </Button>
      </div>
    </form>
  );
}
