// Settings → Sécurité, two-factor authentication with an authenticator app: off → the password,
// then a QR code of the otpauth URI (also as a link, and its key for typing in) with the backup
// codes, shown once, and a first code that turns it on; on → off again with the password, or new
// backup codes with the password (shown once; the old ones stop working).
import { useMemo, useState, type FormEvent } from "react";
import { renderSVG } from "uqr";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useGenerateBackupCodes } from "../api/generate-backup-codes";
import { useAccountSecurity } from "../api/get-security";
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor } from "../api/two-factor";
import { securityTexts } from "../security-texts";
import { SecurityBackupCodes } from "./security-backup-codes";

type Setup = { totpURI: string; backupCodes: string[] };

const secretOf = (uri: string) => new URL(uri).searchParams.get("secret") ?? "";

/** The otpauth URI as a QR code: the library's SVG as an image (a data: URL, allowed by img-src). */
function QrCode({ uri, alt }: { uri: string; alt: string }) {
  const src = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`,
    [uri],
  );
  return <img src={src} alt={alt} width={192} height={192} className="rounded-lg ring-1 ring-night-100" />;
}

/** Two-factor on: new backup codes with the password, shown once. */
function NewBackupCodes({ onOpen }: { onOpen: (open: boolean) => void }) {
  const { t } = useTranslation(securityTexts);
  const generate = useGenerateBackupCodes();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const open = (value: boolean) => (setAsking(value), onOpen(value));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    generate.mutate(password, {
      onSuccess: ({ backupCodes }) => {
        setCodes(backupCodes);
        setAsking(false);
        notify.success(t("security.backup.regenerated"));
      },
      onError: (error) => notify.error(serverMessage(error, t, "security.backup.error")),
    });
    setPassword("");
  };

  if (codes)
    return (
      <div className="mt-6 flex flex-col gap-4">
        <SecurityBackupCodes codes={codes} />
        <Button variant="ghost" className="self-start" onClick={() => (setCodes(null), open(false))}>
          {t("security.backup.done")}
        </Button>
      </div>
    );
  if (!asking)
    return (
      <Button variant="secondary" className="mt-4" onClick={() => open(true)}>
        {t("security.backup.regenerate")}
      </Button>
    );
  return (
    <form noValidate onSubmit={submit} className="mt-4 flex max-w-md flex-col gap-3">
      <h3 className="font-semibold text-night-900">{t("security.backup.regenerate")}</h3>
      <p className="text-sm text-slate-700">{t("security.backup.regenerateText")}</p>
      <TextField
        label={t("security.backup.password")}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="flex gap-3">
        <Button type="submit" loading={generate.isPending}>
          {t("security.backup.submit")}
        </Button>
        <Button variant="ghost" onClick={() => open(false)}>
          {t("security.backup.cancel")}
        </Button>
      </div>
    </form>
  );
}

export function SecurityTwoFactor() {
  const { t } = useTranslation(securityTexts);
  const status = useAccountSecurity();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [setup, setSetup] = useState<Setup | null>(null);
  const [renewing, setRenewing] = useState(false);
  const failed = (error: unknown) => notify.error(serverMessage(error, t, "security.twoFactor.error"));
  const enabled = status.data?.two_factor_enabled ?? false;

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (enabled)
      disable.mutate(password, {
        onSuccess: () => notify.success(t("security.twoFactor.disabled")),
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
        notify.success(t("security.twoFactor.enabled"));
      },
      onError: failed,
    });
  };

  return (
    <section aria-labelledby="security-2fa-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-night-100">
      <h2 id="security-2fa-title" className="text-lg font-semibold text-night-900">
        {t("security.twoFactor.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {status.isPending
          ? t("security.twoFactor.loading")
          : t(enabled ? "security.twoFactor.on" : "security.twoFactor.off")}
      </p>
      {setup ? (
        <div className="mt-4 flex flex-col gap-4">
          <p className="text-slate-700">{t("security.twoFactor.scan")}</p>
          <QrCode uri={setup.totpURI} alt={t("security.twoFactor.qrAlt")} />
          <a href={setup.totpURI} className="self-start font-semibold text-glow-900 underline">
            {t("security.twoFactor.openApp")}
          </a>
          <p className="text-sm text-slate-700">
            {t("security.twoFactor.secret")}{" "}
            <code className="rounded bg-night-100 px-1.5 py-0.5 font-mono break-all text-night-900">
              {secretOf(setup.totpURI)}
            </code>
          </p>
          <SecurityBackupCodes codes={setup.backupCodes} />
          <form noValidate onSubmit={submitCode} className="flex max-w-md flex-col gap-3">
            <TextField
              label={t("security.twoFactor.code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <div className="flex gap-3">
              <Button type="submit" loading={confirm.isPending}>
                {t("security.twoFactor.confirm")}
              </Button>
              <Button variant="ghost" onClick={() => setSetup(null)}>
                {t("security.twoFactor.cancel")}
              </Button>
            </div>
          </form>
        </div>
      ) : (
        !status.isPending && (
          <>
            {!renewing && (
              <form noValidate onSubmit={submitPassword} className="mt-4 flex max-w-md flex-col gap-3">
                <TextField
                  label={t("security.twoFactor.password")}
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
                  {t(enabled ? "security.twoFactor.disable" : "security.twoFactor.enable")}
                </Button>
              </form>
            )}
            {enabled && <NewBackupCodes onOpen={setRenewing} />}
          </>
        )
      )}
    </section>
  );
}
