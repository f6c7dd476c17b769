// Settings → Sécurité, active sessions: each device ('Chrome sur Linux'), its place when Cloudflare
// knew it ('Lieu inconnu' otherwise), when it started and was last seen (Paris time), the current
// one marked; sign one out, or every other one.
import { Button } from "@web/components/ui/button";
import { formatClockTime, formatLongDate } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { type AccountSession, useSessions } from "../api/get-sessions";
import { useRevokeOtherSessions } from "../api/revoke-other-sessions";
import { useRevokeSession } from "../api/revoke-session";
import { securityTexts } from "../security-texts";

type T = ReturnType<typeof useTranslation>["t"];

const when = (iso: string, t: T) =>
  t("security.sessions.at", { date: formatLongDate(iso), time: formatClockTime(iso) });

function deviceOf(session: AccountSession, t: T): string {
  if (session.browser && session.os) return t("security.sessions.device", { browser: session.browser, os: session.os });
  return session.browser ?? session.os ?? t("security.sessions.unknownDevice");
}

function placeOf(session: AccountSession, t: T): string {
  const parts = [session.city, session.country].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : t("security.sessions.unknownPlace");
}

export function SecuritySessions() {
  const { t } = useTranslation(securityTexts);
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const title = t("security.sessions.title");
  const failed = (error: unknown) => notify.error(serverMessage(error, t, "security.sessions.error"));

  if (sessions.isPending) return <div aria-busy="true" className="h-40 animate-pulse rounded-2xl bg-night-100" />;
  if (sessions.isError)
    return (
      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-night-100">
        <h2 className="text-lg font-semibold text-night-900">{title}</h2>
        <p className="mt-2 text-slate-700">{t("security.sessions.loadError")}</p>
        <Button className="mt-4" size="sm" onClick={() => sessions.refetch()}>
          {t("security.sessions.retry")}
        </Button>
      </section>
    );
  const list = sessions.data.sessions;
  const others = list.filter((session) => !session.current).length;

  return (
    <section
      aria-labelledby="security-sessions-title"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-night-100"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="security-sessions-title" className="text-lg font-semibold text-night-900">
          {title}
        </h2>
        {others > 0 && (
          <Button
            variant="secondary"
            size="sm"
            loading={revokeOthers.isPending}
            onClick={() =>
              revokeOthers.mutate(undefined, {
                onSuccess: () => notify.success(t("security.sessions.othersRevoked")),
                onError: failed,
              })
            }
          >
            {t("security.sessions.revokeOthers")}
          </Button>
        )}
      </div>
      <ul className="mt-4 divide-y divide-night-100">
        {list.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium text-night-900">
                {deviceOf(session, t)}
                {session.current && (
                  <span className="ml-2 rounded-full bg-glow-400 px-2 py-0.5 text-xs font-semibold text-night-950">
                    {t("security.sessions.current")}
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-700">{placeOf(session, t)}</p>
              <p className="text-sm text-slate-700">
                {t("security.sessions.created", { when: when(session.created_at, t) })} ·{" "}
                {t("security.sessions.lastSeen", { when: when(session.last_seen_at, t) })}
              </p>
            </div>
            {!session.current && (
              <Button
                variant="ghost"
                size="sm"
                loading={revoke.isPending && revoke.variables === session.id}
                aria-label={t("security.sessions.revokeOne", { device: deviceOf(session, t) })}
                onClick={() =>
                  revoke.mutate(session.id, {
                    onSuccess: () => notify.success(t("security.sessions.revoked")),
                    onError: failed,
                  })
                }
              >
                {t("security.sessions.revoke")}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
