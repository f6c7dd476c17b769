// The owner's other documents, newest first, each with its status and a link to its own page:
// what she already had approved or refused tells the reviewer what this one completes or repeats.
import { Link, useLocation } from "react-router-dom";
import type { OwnDocumentDto, ReviewDocumentDto } from "@db/validators/verification";
import { useTranslation } from "@web/lib/i18n";
import { useDateTime } from "../../components/date-time";
import { documentPath } from "../list-params";
import { adminVerificationsTexts } from "../texts";
import { DocumentStatusBadge } from "./document-status-badge";
import { useDocumentLabels } from "./labels";
import { Panel } from "../../components/panel";

type OtherDocumentsProps = { others: OwnDocumentDto[]; owner: ReviewDocumentDto["owner"] };

export function OtherDocuments({ others, owner }: OtherDocumentsProps) {
  const { t } = useTranslation(adminVerificationsTexts);
  const labels = useDocumentLabels();
  const dateTime = useDateTime();
  // The way back to the queue rides along from one document to the next.
  const { state } = useLocation();
  return (
    <Panel title={t("adminVerifications.others.title")}>
      {others.length === 0 ? (
        <p className="text-slate-700">{t("adminVerifications.others.empty")}</p>
      ) : (
        <ul
          aria-label={t("adminVerifications.others.label", { name: `${owner.first_name} ${owner.last_name}` })}
          className="flex flex-col divide-y divide-night-100"
        >
          {others.map((other) => {
            const detail = labels.detail(other);
            return (
              <li key={other.id} className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    to={documentPath(other.id)}
                    state={state}
                    className="inline-block py-0.5 font-semibold text-glow-900 underline"
                  >
                    {labels.kind(other)}
                  </Link>
                  <DocumentStatusBadge status={other.status} />
                </div>
                {detail && <p className="break-words text-sm text-night-900">{detail}</p>}
                <p className="text-sm text-slate-700">
                  {t("adminVerifications.document.sentOn", { date: dateTime(other.created_at) })}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
