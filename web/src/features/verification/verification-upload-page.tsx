// /verification/upload: a parent or babysitter sends the documents that verify her profile (signed
// in only: the route sits behind RequireAuth). The badge or what is missing, the privacy note, one
// card per required kind with its latest document and the form, and for a babysitter her optional
// diplomas and references. Everything here travels in the page's own chunk.
import { PageFrame } from "@web/components/ui/page-frame";
import { LoadError, PageLoading } from "@web/components/ui/page-states";
import { useTranslation } from "@web/lib/i18n";
import { useSession } from "@web/lib/session";
import { type DocumentKind, useVerification } from "./api/get-verification";
import { ExtrasSection } from "./components/extras-section";
import { RequiredDocumentCard } from "./components/required-document-card";
import { StatusSummary } from "./components/status-summary";
import { verificationTexts } from "./texts";

const EXTRA_KINDS: readonly DocumentKind[] = ["diploma", "reference"];

export function VerificationUploadPage() {
  const { t } = useTranslation(verificationTexts);
  const { data: session } = useSession();
  const verification = useVerification();
  const title = t("pages.verification");
  if (verification.isError)
    return (
      <LoadError
        variant="page"
        title={title}
        toast
        message={t("verification.loadError")}
        onRetry={() => void verification.refetch()}
      />
    );
  if (!verification.data) return <PageLoading title={title} className="h-96" />;

  const status = verification.data;
  // Newest first: a kind's first document is its latest.
  const latestOf = (kind: DocumentKind) => status.documents.find((document) => document.kind === kind);
  return (
    <PageFrame title={title} intro={t("verification.intro")}>
      <div className="grid max-w-3xl gap-6">
        <StatusSummary status={status} latestOf={latestOf} />
        {status.required.length === 0 && <p className="text-slate-700">{t("verification.notRequired")}</p>}
        {status.required.map((kind) => (
          <RequiredDocumentCard key={kind} kind={kind} latest={latestOf(kind)} />
        ))}
        {session?.user_type === "babysitter" && (
          <ExtrasSection documents={status.documents.filter((document) => EXTRA_KINDS.includes(document.kind))} />
        )}
      </div>
    </PageFrame>
  );
}
