// A babysitter's side (GET /api/agency-membership): her agency and the invitations waiting for her
// answer; accepting or declining one, and leaving her agency. Each answers the membership as it now
// stands, which the page shows at once.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { Membership } from "@db/validators/agencies";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { FRESH_ON_EACH_VISIT, agencyKeys } from "./keys";

const membership = client.api["agency-membership"];

export const useMembership = () =>
  useQuery({
    queryKey: agencyKeys.membership,
    queryFn: () => unwrap(membership.$get()),
    staleTime: FRESH_ON_EACH_VISIT,
  });

const mutationOptions = {
  onSuccess: (answer: Membership) => queryClient.setQueryData(agencyKeys.membership, answer),
  onSettled: () => queryClient.invalidateQueries({ queryKey: agencyKeys.membership }),
};

export const useAnswerInvitation = () =>
  useMutation({
    mutationFn: ({ invitationId, answer }: { invitationId: string; answer: "accept" | "decline" }) => {
      const route = membership.invitations[":invitationId"];
      const param = { invitationId };
      return unwrap(answer === "accept" ? route.accept.$post({ param }) : route.decline.$post({ param }));
    },
    ...mutationOptions,
  });

export const useLeaveAgency = () => useMutation({ mutationFn: () => unwrap(membership.$delete()), ...mutationOptions });
