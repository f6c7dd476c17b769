// /agency/invitations ('Invitations'): the form to invite a babysitter by her email address (the same
// rule as the server's, agencyInvitationBodySchema; a refusal about the address, such as 'already in
// the team', shows under the field), then the agency's invitations, newest first, each with its
// status ('En attente', 'Acceptée', 'Refusée', 'Retirée') and 'Retirer' while it is pending.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import {
  type AgencyInvitationBody,
  agencyInvitationBodySchema,
  type AgencyInvitationDto,
} from "@db/validators/agencies";
import type { AgencyInvitationStatus } from "@db/schema/enums";
import { errorText } from "@web/components/form/error-text";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api-client";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useInvitations, useInvite, useWithdrawInvitation } from "./api/invitations";
import { AgencyPage } from "./components/agency-page";
import { ListSkeleton, LoadFailed } from "./components/load-states";
import { agencyTexts } from "./texts";

const STATUS_TONES: Record<AgencyInvitationStatus, BadgeTone> = {
  pending: "amber",
  accepted: "green",
  declined: "red",
  cancelled: "slate",
};

const SECTION = "rounded-2xl border border-night-100 bg-white p-6 shadow-sm";

export function InvitationsPage() {
  const { t } = useTranslation(agencyTexts);
  return (
    <AgencyPage title={t("agency.invitations.title")} intro={t("agency.invitations.intro")}>
      <div className="flex max-w-3xl flex-col gap-6">
        <InviteForm />
        <InvitationList />
      </div>
    </AgencyPage>
  );
}

function InviteForm() {
  const { t } = useTranslation(agencyTexts);
  const invite = useInvite();
  const form = useForm<AgencyInvitationBody>({
    resolver: zodResolver(agencyInvitationBodySchema),
    defaultValues: { email: "" },
  });
  const onValid = (body: AgencyInvitationBody) =>
    invite.mutate(body, {
      onSuccess: () => {
        notify.success(t("agency.invitations.sent"));
        form.reset({ email: "" });
      },
      onError: (error) => {
        const message = serverMessage(error, t, "errors.internal");
        notify.error(message);
        // Every refusal of this form is about the address (invalid, already in the team, too many today).
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
          form.setError("email", { type: "server", message: error.message }, { shouldFocus: true });
      },
    });
  return (
    <section aria-labelledby="invite-title" className={SECTION}>
      <h2 id="invite-title" className="text-lg font-semibold text-night-900">
        {t("agency.invitations.formTitle")}
      </h2>
      <form
        noValidate
        onSubmit={form.handleSubmit(onValid)}
        className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start"
      >
        <TextField
          className="flex-1"
          label={t("agency.invitations.email")}
          type="email"
          autoComplete="off"
          error={errorText(form.formState.errors.email, t)}
          {...form.register("email")}
        />
        <Button type="submit" variant="secondary" className="sm:mt-7" loading={invite.isPending}>
          {t("agency.invitations.send")}
        </Button>
      </form>
    </section>
  );
}

function InvitationList() {
  const { t } = useTranslation(agencyTexts);
  const list = useInvitations();
  const withdraw = useWithdrawInvitation();
  const onWithdraw = (invitation: AgencyInvitationDto) =>
    withdraw.mutate(invitation.id, {
      onSuccess: () => notify.success(t("agency.invitations.withdrawn")),
      onError: (error) => notify.error(serverMessage(error, t, "errors.internal")),
    });
  let body;
  if (list.isPending) body = <ListSkeleton rows={2} className="h-16" />;
  else if (list.isError) body = <LoadFailed onRetry={() => void list.refetch()} />;
  else if (list.data.invitations.length === 0) body = <p className="text-slate-700">{t("agency.invitations.empty")}</p>;
  else
    body = (
      <ul className="flex flex-col divide-y divide-night-100">
        {list.data.invitations.map((invitation) => (
          <li key={invitation.id} data-invitation-id={invitation.id} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium text-night-900">
                {invitation.sitter
                  ? `${invitation.sitter.first_name} ${invitation.sitter.last_name}`
                  : invitation.email}
              </p>
              {invitation.sitter && <p className="break-words text-sm text-slate-700">{invitation.email}</p>}
              <p className="text-sm text-slate-700">
                {t("agency.invitations.sentOn", { date: formatDay(invitation.created_at) })}
                {invitation.responded_at &&
                  ` · ${t("agency.invitations.answeredOn", { date: formatDay(invitation.responded_at) })}`}
              </p>
            </div>
            <Badge tone={STATUS_TONES[invitation.status]} testId="invitation-status">
              {t(`agency.invitations.statuses.${invitation.status}`)}
            </Badge>
            {invitation.status === "pending" && (
              <Button
                variant="ghost"
                size="sm"
                className="border border-night-600"
                loading={withdraw.isPending && withdraw.variables === invitation.id}
                onClick={() => onWithdraw(invitation)}
              >
                {t("agency.invitations.withdraw")}
              </Button>
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="invitations-title" className={SECTION}>
      <h2 id="invitations-title" className="mb-2 text-lg font-semibold text-night-900">
        {t("agency.invitations.listTitle")}
      </h2>
      {body}
    </section>
  );
}
