// /admin/users/<profileId>: one account (its card, the actions an admin may take, its bookings, plan,
// invoices, reports and audit trail). 'Retour' leads back to the list as the admin left it (the
// filters ride in the link's state), or to the bare list from a shared link.
import { ArrowLeft } from "lucide-react";
import { Link, useLocation, useParams } from "react-router-dom";
import { LoadError } from "@web/components/ui/page-states";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { adminSectionPath } from "../admin-sections";
import { useAdminUser } from "./api/get-user";
import { AccountCard } from "./components/account-card";
import { UserActions } from "./components/user-actions";
import { UserHistory } from "./components/user-history";
import { listPathFrom } from "../list/list-params";
import { adminUsersTexts } from "./texts";

export function UserPage() {
  const { t } = useTranslation(adminUsersTexts);
  const { state } = useLocation();
  return (
    <div className="flex flex-col gap-4">
      <Link
        to={listPathFrom(state, adminSectionPath("users"))}
        className="inline-flex items-center gap-1.5 self-start py-1 font-semibold text-glow-900 underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t("adminUsers.user.back")}
      </Link>
      <UserRecord profileId={useParams().profileId ?? ""} />
    </div>
  );
}

function UserRecord({ profileId }: { profileId: string }) {
  const { t } = useTranslation(adminUsersTexts);
  const user = useAdminUser(profileId);
  if (user.isPending) return <RecordSkeleton />;
  if (user.isError) {
    // An unknown or malformed id is an answer: trying again cannot help.
    const missing = user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400);
    return (
      <LoadError
        variant="card"
        message={t(missing ? "adminUsers.user.notFound" : "adminUsers.user.loadError")}
        onRetry={missing ? undefined : () => void user.refetch()}
      />
    );
  }
  return (
    <>
      <AccountCard user={user.data.user} />
      <UserActions user={user.data.user} />
      <UserHistory detail={user.data} />
    </>
  );
}

function RecordSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        {t("common.loading")}
      </span>
      <div className="h-56 animate-pulse rounded-2xl bg-night-100" />
      <div className="h-24 animate-pulse rounded-2xl bg-night-100" />
      <div className="h-40 animate-pulse rounded-2xl bg-night-100" />
    </div>
  );
}
