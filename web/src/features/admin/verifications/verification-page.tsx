// /admin/verifications/<id>: one document as the reviewer needs it. What it is (kind, detail, sent,
// a criminal record's issue and expiry dates), its files (images inline, a PDF through a link; the
// links asked afresh on each opening), its owner to compare it with, the owner's other documents,
// and the decision: 'Approuver' or 'Refuser' (a reason from the list, a note) while it is pending,
// the decision taken once it is not. 'Retour' leads back to the queue as the admin left it.
import { ArrowLeft } from "lucide-react";
import { Link, useLocation, useParams } from "react-router-dom";
import { LoadError } from "@web/components/ui/page-states";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { adminSectionPath } from "../admin-sections";
import { Skeleton, SkeletonBlock } from "../components/skeleton";
import { useVerificationReview } from "./api/get-verification";
import { DecisionPanel } from "./components/decision-panel";
import { DocumentCard } from "./components/document-card";
import { DocumentViewer } from "./components/document-viewer";
import { OtherDocuments } from "./components/other-documents";
import { OwnerCard } from "./components/owner-card";
import { listPathFrom } from "../list/list-params";
import { adminVerificationsTexts } from "./texts";

export function VerificationPage() {
  const { t } = useTranslation(adminVerificationsTexts);
  const { state } = useLocation();
  return (
    <div className="flex flex-col gap-4">
      <Link
        to={listPathFrom(state, adminSectionPath("verifications"))}
        className="inline-flex items-center gap-1.5 self-start py-1 font-semibold text-glow-900 underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t("adminVerifications.document.back")}
      </Link>
      <DocumentRecord documentId={useParams().documentId ?? ""} />
    </div>
  );
}

function DocumentRecord({ documentId }: { documentId: string }) {
  const { t } = useTranslation(adminVerificationsTexts);
  const review = useVerificationReview(documentId);
  if (review.isPending) return <RecordSkeleton />;
  if (review.isError) {
    // An unknown or malformed id is an answer: trying again cannot help.
    const missing = review.error instanceof ApiError && (review.error.status === 404 || review.error.status === 400);
    return (
      <LoadError
        variant="card"
        message={t(missing ? "adminVerifications.document.notFound" : "adminVerifications.document.loadError")}
        onRetry={missing ? undefined : () => void review.refetch()}
      />
    );
  }
  const { document, others } = review.data;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
        <DocumentCard document={document} />
        {/* Keyed by the document: another one's page asks for its own links, never shows these. */}
        <DocumentViewer key={document.id} document={document} />
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <DecisionPanel key={document.id} document={document} />
        <OwnerCard owner={document.owner} />
        <OtherDocuments others={others} owner={document.owner} />
      </div>
    </div>
  );
}

function RecordSkeleton() {
  return (
    <Skeleton className="grid gap-4 lg:grid-cols-3">
      <div className="flex flex-col gap-4 lg:col-span-2">
        <SkeletonBlock className="h-32" />
        <SkeletonBlock className="h-80" />
      </div>
      <div className="flex flex-col gap-4">
        <SkeletonBlock className="h-40" />
        <SkeletonBlock className="h-48" />
      </div>
    </Skeleton>
  );
}
