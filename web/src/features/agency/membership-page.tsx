// /my-agency ('Mon agence', babysitters): her agency and since when, with 'Quitter l'agence' (asked
// first; the agency is told, her bookings stay hers), and the invitations waiting for her answer,
// each with 'Accepter' / 'Refuser'. One agency at most: accepting while in one is refused with the
// server's message (409 ALREADY_IN_AGENCY), shown as a toast.
import { Building2 } from "lucide-react";
import { useState } from "react";
import type { Membership } from "@db/validators/agencies";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { PageFrame } from "@web/components/ui/page-frame";
import { formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useAnswerInvitation, useLeaveAgency, useMembership } from "./api/membership";
import { ListSkeleton, LoadFailed } from "./components/load-states";
import { agencyTexts } from "./texts";

type Invitation = Membership["invitations"][number];

const SECTION = "rounded-2xl border border-night-100 bg-white p-6 shadow-sm";

export function MembershipPage() {
  const { t } = useTranslation(agencyTexts);
  const membership = useMembership();
  let body;
  if (membership.isPending) body = <ListSkeleton rows={2} className="h-28" />;
  else if (membership.isError) body = <LoadFailed onRetry={() => void membership.refetch()} />;
  else
    body = (
      <>
        <CurrentAgency agency={membership.data.agency} />
        <Invitations invitations={membership.data.invitations} />
      </>
    );
  return (
    <PageFrame title={t("agency.membership.title")} intro={t("agency.membership.intro")}>
      <div className="flex max-w-3xl flex-col gap-6">{body}</div>
    </PageFrame>
  );
}

function CurrentAgency({ agency }: { agency: Membership["agency"] }) {
  const { t } = useTranslation(agencyTexts);
  const leave = useLeaveAgency();
  const [asking, setAsking] = useState(false);
  const confirm = () => {
    if (!agency) return;
    leave.mutate(undefined, {
      onSuccess: () => notify.success(t("agency.membership.left", { name: agency.name })),
      onError: (error) => notify.error(serverMessage(error, t, "errors.internal")),
      onSettled: () => setAsking(false),
    });
  };
  return (
    <section aria-labelledby="my-agency-title" className={SECTION} data-testid="my-agency">
      <h2 id="my-agency-title" className="flex items-center gap-2 text-lg font-semibold text-night-900">
        <Building2 aria-hidden="true" className="h-5 w-5 text-glow-800" />
        {t("agency.membership.current")}
      </h2>
      {agency ? (
        <>
          <p className="mt-2 text-night-900">
            {t("agency.membership.member", { name: agency.name, date: formatDay(agency.joined_at) })}
          </p>
          <Button variant="danger" className="mt-4" onClick={() => setAsking(true)}>
            {t("agency.membership.leave")}
          </Button>
          <ConfirmDialog
            open={asking}
            title={t("agency.membership.leaveTitle", { name: agency.name })}
            message={t("agency.membership.leaveText")}
            confirmLabel={t("agency.membership.leave")}
            busy={leave.isPending}
            onConfirm={confirm}
            onCancel={() => setAsking(false)}
          />
        </>
      ) : (
        <p className="mt-2 text-slate-700">{t("agency.membership.none")}</p>
      )}
    </section>
  );
}

function Invitations({ invitations }: { invitations: Invitation[] }) {
  const { t } = useTranslation(agencyTexts);
  const answer = useAnswerInvitation();
  const send = (invitation: Invitation, choice: "accept" | "decline") =>
    answer.mutate(
      { invitationId: invitation.id, answer: choice },
      {
        onSuccess: () =>
          notify.success(
            t(choice === "accept" ? "agency.membership.joined" : "agency.membership.declined", {
              name: invitation.agency.name,
            }),
          ),
        onError: (error) => notify.error(serverMessage(error, t, "errors.internal")),
      },
    );
  const busy = (invitation: Invitation, choice: "accept" | "decline") =>
    answer.isPending && answer.variables?.invitationId === invitation.id && answer.variables.answer === choice;
  return (
    <section aria-labelledby="my-invitations-title" className={SECTION}>
      <h2 id="my-invitations-title" className="text-lg font-semibold text-night-900">
        {t("agency.membership.invitations")}
      </h2>
      {invitations.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("agency.membership.noInvitations")}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {invitations.map((invitation) => (
            <li key={invitation.id}>
              <article
                aria-label={invitation.agency.name}
                data-invitation-id={invitation.id}
                className="rounded-xl border border-night-100 p-4"
              >
                <p className="font-medium text-night-900">
                  {t("agency.membership.invitation", { name: invitation.agency.name })}
                </p>
                <p className="text-sm text-slate-700">
                  {t("agency.membership.receivedOn", { date: formatDay(invitation.created_at) })}
                </p>
                <div className="mt-3 flex flex-wrap gap-3">
                  <Button
                    variant="secondary"
                    loading={busy(invitation, "accept")}
                    disabled={answer.isPending}
                    onClick={() => send(invitation, "accept")}
                  >
                    {t("agency.membership.accept")}
                  </Button>
                  <Button
                    variant="ghost"
                    className="border border-night-600"
                    loading={busy(invitation, "decline")}
                    disabled={answer.isPending}
                    onClick={() => send(invitation, "decline")}
                  >
                    {t("agency.membership.decline")}
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
