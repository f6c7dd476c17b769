// Route guards. They only decide what to render: every API route checks the session and the role
// again on the server, the browser is never trusted.
import { useTranslation } from "@web/lib/i18n";
import { useState } from "react";
import { Link, Navigate, Outlet, useLocation } from "react-router-dom";
import { buttonClasses } from "@web/components/ui/button-styles";
import { Button } from "@web/components/ui/button";
import { PageSpinner } from "@web/components/ui/spinner";
import type { UserType } from "@web/lib/api-client";
import { useSession } from "@web/lib/session";

const TECH_TEAM_EMAIL = "equipe-technique@veilleuse.fr";

/** Signed-in only; a signed-out visitor goes to /login, which brings them back afterwards. */
export function RequireAuth() {
  const gate = useSessionGate();
  return gate.element ?? <Outlet />;
}

export function RequireAdmin() {
  return <RequireRole only="admin" />;
}

/** What a signed-in user of another role reads on a page kept for one role. */
const DENIED_TEXT_KEYS: Record<Exclude<UserType, "parent">, string> = {
  admin: "admin.accessDenied.text",
  agency: "guards.agencyOnly",
  babysitter: "guards.babysitterOnly",
};

/**
 * Signed-in users of the role `only` (the console: admins; the agency space: agency managers; 'Mon
 * agence': babysitters); anyone else signed in reads 'Accès refusé' and the way out.
 */
export function RequireRole({ only }: { only: keyof typeof DENIED_TEXT_KEYS }) {
  const gate = useSessionGate();
  if (gate.element) return gate.element;
  if (gate.profile?.user_type !== only) return <AccessDenied textKey={DENIED_TEXT_KEYS[only]} />;
  return <Outlet />;
}

function useSessionGate() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession({ confirmSignedOut: true });
  const [mountedAt] = useState(Date.now);
  if (session.isPending) return { element: <PageSpinner label={t("common.checkingSession")} /> };
  if (session.isError) return { element: <SessionError onRetry={() => void session.refetch()} /> };
  // Signed out from the page this guard was showing (sign-out, account deleted): that flow leads
  // on (home), not the guard to /login. A guard mounted afterwards sends to /login as usual.
  if (!session.data && session.endedAt !== null && session.endedAt >= mountedAt) return { element: <></> };
  if (!session.data) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return { element: <Navigate to="/login" replace state={{ from }} /> };
  }
  return { element: null, profile: session.data };
}

function SessionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t("common.sessionErrorTitle")}</h1>
      <p className="mt-3 text-slate-700">{t("common.sessionErrorText")}</p>
      <Button className="mt-6" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </div>
  );
}

function AccessDenied({ textKey }: { textKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-night-900">{t("admin.accessDenied.title")}</h1>
      <p className="mt-4 text-slate-700">{t(textKey)}</p>
      <p className="mt-4 text-slate-700">
        {t("admin.accessDenied.contact")}{" "}
        <a className="font-semibold text-glow-900 underline" href={`mailto:${TECH_TEAM_EMAIL}`}>
          {TECH_TEAM_EMAIL}
        </a>
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/dashboard" className={buttonClasses("secondary")}>
          {t("admin.accessDenied.toDashboard")}
        </Link>
        <Link to="/" className={buttonClasses("ghost", "md", "border border-night-600")}>
          {t("admin.accessDenied.toHome")}
        </Link>
      </div>
    </div>
  );
}
