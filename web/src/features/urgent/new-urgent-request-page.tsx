// /urgent/new ('Demande urgente', parents): one request that reaches up to 10 babysitters at once;
// the first to accept gets the sitting. The form needs the parent's children (GET /api/children);
// her address comes from her profile. Sent, it leads to the request's page (/urgent/{id}).
import { Link } from "react-router-dom";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { LoadError, PageLoading } from "@web/components/ui/page-states";
import { useTranslation } from "@web/lib/i18n";
import { useSession } from "@web/lib/session";
import { useOwnChildren } from "./api/urgent-requests";
import { UrgentRequestForm } from "./components/urgent-request-form";
import { urgentTexts } from "./texts";

export function NewUrgentRequestPage() {
  const { t } = useTranslation(urgentTexts);
  const { data: profile } = useSession();
  if (!profile) return null; // the guard only renders this page with a session
  if (profile.user_type !== "parent")
    return (
      <PageFrame title={t("urgent.request.title")}>
        <p className="text-slate-700">{t("urgent.form.parentsOnly")}</p>
        {profile.user_type === "babysitter" && (
          <Link to="/urgent" className={buttonClasses("secondary", "md", "mt-4")}>
            {t("urgent.incoming.title")}
          </Link>
        )}
      </PageFrame>
    );
  return <ParentForm profile={profile} />;
}

function ParentForm({ profile }: { profile: NonNullable<ReturnType<typeof useSession>["data"]> }) {
  const { t } = useTranslation(urgentTexts);
  const children = useOwnChildren();
  if (children.isPending) return <PageLoading title={t("urgent.request.title")} className="h-96" />;
  if (children.isError)
    return (
      <LoadError
        variant="page"
        toast
        title={t("urgent.request.title")}
        message={t("urgent.form.loadError")}
        onRetry={() => void children.refetch()}
      />
    );
  return (
    <PageFrame title={t("urgent.request.title")} intro={<p>{t("urgent.explain")}</p>}>
      <div className="flex max-w-3xl flex-col gap-6">
        <UrgentRequestForm profile={profile} childList={children.data} />
      </div>
    </PageFrame>
  );
}
