// The agency's invitations (GET /api/agency/invitations, newest first), inviting a babysitter by
// email (POST; an address already invited answers that invitation) and withdrawing a pending one
// (DELETE /api/agency/invitations/{id}).
import { useMutation, useQuery } from "@tanstack/react-query";
import type { AgencyInvitationBody } from "@db/validators/agencies";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { FRESH_ON_EACH_VISIT, agencyKeys } from "./keys";

export const useInvitations = () =>
  useQuery({
    queryKey: agencyKeys.invitations(),
    queryFn: () => unwrap(client.api.agency.invitations.$get()),
    staleTime: FRESH_ON_EACH_VISIT,
  });

const refreshInvitations = () => queryClient.invalidateQueries({ queryKey: agencyKeys.invitations() });

export const useInvite = () =>
  useMutation({
    mutationFn: (body: AgencyInvitationBody) => unwrap(client.api.agency.invitations.$post({ json: body })),
    onSettled: refreshInvitations,
  });

export const useWithdrawInvitation = () =>
  useMutation({
    mutationFn: (invitationId: string) =>
      unwrap(client.api.agency.invitations[":invitationId"].$delete({ param: { invitationId } })),
    onSettled: refreshInvitations,
  });
