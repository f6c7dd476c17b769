// A babysitter's optional 'Diplômes et références': what she sent (each with its state), and a form
// for each. They do not count towards the badge; the team checks them like the others.
import { useId } from "react";
import { useTranslation } from "@web/lib/i18n";
import type { IdentityDocument } from "../api/get-verification";
import { verificationTexts } from "../texts";
import { DocumentActions, DocumentDetails, StatusBadge } from "./document-status";
import { DocumentForm } from "./document-form";

export function ExtrasSection({ documents }: { documents: IdentityDocument[] }) {
  const { t } = useTranslation(verificationTexts);
  const titleId = useId();
  const sentId = useId();
  const diplomaId = useId();
  const referenceId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
      <h2 id={titleId} className="text-lg font-semibold text-night-900">
        {t("verification.extras.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("verification.extras.intro")}</p>

      <h3 id={sentId} className="mt-6 font-semibold text-night-900">
        {t("verification.extras.sent")}
      </h3>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t("verification.extras.none")}</p>
      ) : (
        <ul aria-labelledby={sentId} className="mt-2 grid gap-3">
          {documents.map((document) => (
            <ExtraDocument key={document.id} document={document} />
          ))}
        </ul>
      )}

      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <div>
          <h3 id={diplomaId} className="mb-3 font-semibold text-night-900">
            {t("verification.extras.diplomaTitle")}
          </h3>
          <DocumentForm kind="diploma" labelledBy={diplomaId} />
        </div>
        <div>
          <h3 id={referenceId} className="mb-3 font-semibold text-night-900">
            {t("verification.extras.referenceTitle")}
          </h3>
          <DocumentForm kind="reference" labelledBy={referenceId} />
        </div>
      </div>
    </section>
  );
}

function ExtraDocument({ document }: { document: IdentityDocument }) {
  const { t } = useTranslation(verificationTexts);
  const isDiploma = document.kind === "diploma";
  const title = isDiploma
    ? t("verification.extras.diplomaName", { name: t(`verification.diplomas.${document.detail}`) })
    : t("verification.kinds.reference.label");
  return (
    <li className="flex flex-col gap-3 rounded-xl bg-night-50 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="font-semibold text-night-900">{title}</p>
        <StatusBadge status={document.status} />
      </div>
      {!isDiploma && document.detail && (
        <p className="whitespace-pre-line break-words text-sm text-night-900">{document.detail}</p>
      )}
      <DocumentDetails document={document} />
      <DocumentActions document={document} label={title} />
    </li>
  );
}
