// Settings → Sécurité, two-factor backup codes shown once (at set-up, or new ones replacing the
// old): the list, a copy button and a text file to download (a data: link, nothing fetched).
import { buttonClasses } from "@web/components/ui/button-styles";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { securityTexts } from "../security-texts";

export function SecurityBackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation(securityTexts);
  const title = t("security.twoFactor.backupTitle");
  const file = `${t("security.backup.fileTitle")}\n\n${codes.join("\n")}\n`;

  const copy = () =>
    navigator.clipboard.writeText(codes.join("\n")).then(
      () => notify.success(t("security.backup.copied")),
      () => notify.error(t("security.backup.copyError")),
    );

  return (
    <div>
      <h3 className="font-semibold text-night-900">{title}</h3>
      <p className="text-sm text-slate-700">{t("security.twoFactor.backupText")}</p>
      <ul aria-label={title} className="mt-2 grid max-w-sm grid-cols-2 gap-1 font-mono text-sm text-night-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="secondary" size="sm" onClick={copy}>
          {t("security.backup.copy")}
        </Button>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download={t("security.backup.fileName")}
          className={buttonClasses("secondary", "sm")}
        >
          {t("security.backup.download")}
        </a>
      </div>
    </div>
  );
}
