// /admin/moderation/<id>: one flagged item as the moderator needs it. What was flagged (the content
// as text, never as HTML; a photo shown), whether it is hidden now, the report (reason, the
// reporter's words, who or the automatic filter, the signals found, the AI score), its author, an
// appeal's link to the decision it contests, and the decision: 'Approuver', 'Rejeter' (with the
// statement of reasons) or 'Escalader' while it is pending, the decision taken once it is not.
// 'Retour' leads back to the queue as the admin left it.
import { ArrowLeft } from "lucide-react";
import { Link, useLocation, useParams } from "react-router-dom";
import { LoadError } from "@web/components/ui/page-states";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { adminSectionPath } from "../admin-sections";
import { Skeleton, SkeletonBlock } from "../components/skeleton";
import { useModerationItem } from "./api/get-item";
import { AuthorCard } from "./components/author-card";
import { ContentCard } from "./components/content-card";
import { DecisionPanel } from "./components/decision-panel";
import { ReportCard } from "./components/report-card";
import { listPathFrom } from "../list/list-params";
import { adminModerationTexts } from "./texts";

export function ItemPage() {
  const { t } = useTranslation(adminModerationTexts);
  const { state } = useLocation();
  return (
    <div className="flex flex-col gap-4">
      <Link
        to={listPathFrom(state, adminSectionPath("moderation"))}
        className="inline-flex items-center gap-1.5 self-start py-1 font-semibold text-glow-900 underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t("adminModeration.item.back")}
      </Link>
      <ItemRecord itemId={useParams().itemId ?? ""} />
    </div>
  );
}

function ItemRecord({ itemId }: { itemId: string }) {
  const { t } = useTranslation(adminModerationTexts);
  const item = useModerationItem(itemId);
  if (item.isPending) return <RecordSkeleton />;
  if (item.isError) {
    // An unknown or malformed id is an answer: trying again cannot help.
    const missing = item.error instanceof ApiError && (item.error.status === 404 || item.error.status === 400);
    return (
      <LoadError
        variant="card"
        message={t(missing ? "adminModeration.item.notFound" : "adminModeration.item.loadError")}
        onRetry={missing ? undefined : () => void item.refetch()}
      />
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
        <ContentCard item={item.data} />
        <ReportCard item={item.data} />
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        {/* Keyed by the item: another one's page starts with an empty statement. */}
        <DecisionPanel key={item.data.id} item={item.data} />
        <AuthorCard author={item.data.author} />
      </div>
    </div>
  );
}

function RecordSkeleton() {
  return (
    <Skeleton className="grid gap-4 lg:grid-cols-3">
      <div className="flex flex-col gap-4 lg:col-span-2">
        <SkeletonBlock className="h-48" />
        <SkeletonBlock className="h-64" />
      </div>
      <div className="flex flex-col gap-4">
        <SkeletonBlock className="h-72" />
        <SkeletonBlock className="h-40" />
      </div>
    </Skeleton>
  );
}
