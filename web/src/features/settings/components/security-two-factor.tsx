// Settings → Sécurité, two-factor authentication with an authenticator app: off → the password,
// then the otpauth link and its secret (for the app) with the backup codes, shown once, and a first
// code that turns it on; on → off again with the password.
import { useState, type FormEvent } from "react";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor, useTwoFactorStatus } from "../api/two-factor";
import { settingsTexts } from "../texts";

type Setup = { totpURI: string; backupCodes: string[] };

const secretOf = (uri: string) => new URL(uri).searchParams.get("secret") ?? "";

export function SecurityTwoFactor() {
  const { t } = useTranslation(settingsTexts);
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [setup, setSetup] = useState<Setup | null>(null);
  const failed = (error: unknown) => notify.error(serverMessage(error, t, "settings.security.twoFactor.error"));
  const enabled = status.data?.enabled ?? false;

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (enabled)
      disable.mutate(password, {
        onSuccess: () => notify.success(t("settings.security.twoFactor.disabled")),
        onError: failed,
      });
    else start.mutate(password, { onSuccess: setSetup, onError: failed });
    setPassword("");
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.replace(/\s/g, ""), {
      onSuccess: () => {
        setSetup(null);
        setCode("");
        notify.success(t("settings.security.twoFactor.enabled"));
      },
      onError: failed,
    });
  };

  return (
    <section aria-labelledby="security-2fa-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-night-100">
      <h2 id="security-2fa-title" className="text-lg font-semibold text-night-900">
        {t("settings.security.twoFactor.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {status.isPending
          ? t("settings.security.twoFactor.loading")
          : t(enabled ? "settings.security.twoFactor.on" : "settings.security.twoFactor.off")}
      </p>
      {setup ? (
        <div className="mt-4 flex flex-col gap-4">
          <p className="text-slate-700">{t("settings.security.twoFactor.scan")}</p>
          <a href={setup.totpURI} className="font-semibold text-glow-900 underline">
            {t("settings.security.twoFactor.openApp")}
          </a>
          <p className="text-sm text-slate-700">
            {t("settings.security.twoFactor.secret")}{" "}
            <code className="rounded bg-night-100 px-1.5 py-0.5 font-mono text-night-900">
              {secretOf(setup.totpURI)}
            </code>
          </p>
          <div>
            <h3 className="font-semibold text-night-900">{t("settings.security.twoFactor.backupTitle")}</h3>
            <p className="text-sm text-slate-700">{t("settings.security.twoFactor.backupText")}</p>
            <ul
              aria-label={t("settings.security.twoFactor.backupTitle")}
              className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm text-night-900"
            >
              {setup.backupCodes.map((backup) => (
                <li key={backup}>{backup}</li>
              ))}
            </ul>
          </div>
          <form noValidate onSubmit={submitCode} className="flex max-w-md flex-col gap-3">
            <TextField
              label={t("settings.security.twoFactor.code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <div className="flex gap-3">
              <Button type="submit" loading={confirm.isPending}>
                {t("settings.security.twoFactor.confirm")}
              </Button>
              <Button variant="ghost" onClick={() => setSetup(null)}>
                {t("settings.security.twoFactor.cancel")}
              </Button>
            </div>
          </form>
        </div>
      ) : (
        !status.isPending && (
          <form noValidate onSubmit={submitPassword} className="mt-4 flex max-w-md flex-col gap-3">
            <TextField
              label={t("settings.security.twoFactor.password")}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Button
              type="submit"
              variant={enabled ? "danger" : "primary"}
              loading={start.isPending || disable.isPending}
              className="self-start"
            >
              {t(enabled ? "settings.security.twoFactor.disable" : "settings.security.twoFactor.enable")}
            </Button>
          </form>
        )
      )}
    </section>
  );
}
