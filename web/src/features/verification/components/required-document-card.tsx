// One card per kind the role needs: its name and what to send, the latest document's state, and
// the form while nothing of that kind waits or is verified (after a refusal, an expiry, or when an
// approved criminal record is close enough to its expiry to be renewed).
import { useId, useState } from "react";
import { RENEWAL_WINDOW_DAYS } from "@db/constants/verification";
import { DAY_MS } from "@db/time/paris-time";
import { useTranslation } from "@web/lib/i18n";
import type { DocumentKind, IdentityDocument } from "../api/get-verification";
import { verificationTexts } from "../texts";
import { DocumentActions, DocumentDetails, StatusBadge } from "./document-status";
import { DocumentForm } from "./document-form";

/** Whether an approved document may be sent again now: a criminal record within its renewal window. */
export const renewable = (document: IdentityDocument, nowMs: number) =>
  document.status === "approved" &&
  document.expires_at !== null &&
  Date.parse(document.expires_at) - nowMs <= RENEWAL_WINDOW_DAYS * DAY_MS;

export function RequiredDocumentCard({ kind, latest }: { kind: DocumentKind; latest: IdentityDocument | undefined }) {
  const { t } = useTranslation(verificationTexts);
  const titleId = useId();
  const [nowMs] = useState(Date.now);
  const label = t(`verification.kinds.${kind}.label`);
  const renew = latest !== undefined && renewable(latest, nowMs);
  const showForm = !latest || latest.status === "rejected" || latest.status === "expired" || renew;
  return (
    <section
      aria-labelledby={titleId}
      data-testid={`document-${kind}`}
      className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-night-900">
          {label}
        </h2>
        <StatusBadge status={latest?.status ?? "none"} />
      </div>
      <p className="mt-1 text-sm text-slate-700">{t(`verification.kinds.${kind}.help`)}</p>
      {latest && (
        <div className="mt-4 flex flex-col gap-3 rounded-xl bg-night-50 p-4">
          <DocumentDetails document={latest} />
          <DocumentActions document={latest} label={label} />
        </div>
      )}
      {showForm && (
        <div className="mt-4">
          {latest?.status === "rejected" && (
            <p className="mb-3 text-sm font-medium text-night-900">{t("verification.status.sendNew")}</p>
          )}
          {latest?.status === "expired" && (
            <p className="mb-3 text-sm font-medium text-night-900">{t("verification.status.expiredText")}</p>
          )}
          {renew && <p className="mb-3 text-sm font-medium text-night-900">{t("verification.status.renew")}</p>}
          <DocumentForm kind={kind} labelledBy={titleId} />
        </div>
      )}
    </section>
  );
}
