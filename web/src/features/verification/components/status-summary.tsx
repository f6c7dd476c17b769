// The top of the page: the badge when the profile is verified, otherwise what is still missing
// (each required kind not verified, with where it stands), and the privacy note.
import { Lock, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "@web/lib/i18n";
import type { IdentityDocument, VerificationStatus } from "../api/get-verification";
import { verificationTexts } from "../texts";

/** Whether the document counts now: approved, and not past its expiry. */
const isValid = (document: IdentityDocument | undefined, nowMs: number) =>
  document?.status === "approved" && (document.expires_at === null || Date.parse(document.expires_at) > nowMs);

export function StatusSummary({
  status,
  latestOf,
}: {
  status: VerificationStatus;
  latestOf: (kind: VerificationStatus["required"][number]) => IdentityDocument | undefined;
}) {
  const { t } = useTranslation(verificationTexts);
  const titleId = useId();
  const [nowMs] = useState(Date.now);
  const missing = status.required.filter((kind) => !isValid(latestOf(kind), nowMs));
  return (
    <div className="grid gap-4">
      {status.verified ? (
        <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-green-300 bg-green-50 p-5">
          <span className="inline-flex items-center gap-2 rounded-full bg-green-700 px-3 py-1 text-sm font-semibold text-white">
            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
            {t("verification.summary.verified")}
          </span>
          <p className="text-green-900">{t("verification.summary.verifiedText")}</p>
        </div>
      ) : (
        status.required.length > 0 && (
          <section aria-labelledby={titleId} className="rounded-2xl border border-amber-300 bg-amber-50 p-5">
            <h2 id={titleId} className="font-semibold text-night-900">
              {t("verification.summary.notVerified")}
            </h2>
            {missing.length > 0 && (
              <>
                <p className="mt-1 text-sm text-slate-800">{t("verification.summary.missing")}</p>
                <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
                  {missing.map((kind) => (
                    <li key={kind}>
                      {t("verification.summary.item", {
                        label: t(`verification.kinds.${kind}.label`),
                        state: t(`verification.status.${latestOf(kind)?.status ?? "none"}`).toLowerCase(),
                      })}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        )
      )}
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <Lock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-night-700" />
        {t("verification.privacy")}
      </p>
    </div>
  );
}
