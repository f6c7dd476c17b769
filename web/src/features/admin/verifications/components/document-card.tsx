// The document itself, at the top of its page: its kind (the page's h2), its status, its detail (a
// diploma's name, a reference's note), when it was sent and its file; a criminal record's issue
// date and, once approved, when it lapses.
import { useId } from "react";
import type { ReviewDocumentDto } from "@db/validators/verification";
import { formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { useDateTime } from "../../components/date-time";
import { adminVerificationsTexts } from "../texts";
import { DocumentStatusBadge } from "./document-status-badge";
import { useDocumentLabels } from "./labels";
import { Field } from "../../components/panel";

/** A YYYY-MM-DD date as an instant of that day (noon UTC is that day in Paris too). */
const dayOf = (date: string) => `${date}T12:00:00.000Z`;

export function DocumentCard({ document }: { document: ReviewDocumentDto }) {
  const { t, language } = useTranslation(adminVerificationsTexts);
  const dateTime = useDateTime();
  const labels = useDocumentLabels();
  const headingId = useId();
  const detail = labels.detail(document);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-2xl font-bold">
          {labels.kind(document)}
        </h2>
        <DocumentStatusBadge status={document.status} />
      </div>
      {detail && <p className="mt-1 whitespace-pre-line break-words text-night-900">{detail}</p>}
      <p className="mt-1 text-slate-700">
        {t("adminVerifications.document.sentOn", { date: dateTime(document.created_at) })}
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Field label={t("adminVerifications.document.fileName")}>{document.file_name}</Field>
        {document.issued_on && (
          <Field label={t("adminVerifications.document.issuedOn")}>
            {formatDay(dayOf(document.issued_on), language)}
          </Field>
        )}
        {document.expires_at && (
          <Field label={t("adminVerifications.document.expiresAt")}>{formatDay(document.expires_at, language)}</Field>
        )}
      </dl>
    </section>
  );
}
