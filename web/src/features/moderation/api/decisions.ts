// GET /api/moderation/decisions/{id}: a decision on the caller's own content (404 for anyone else's);
// POST .../appeal: her one appeal of a rejection, answered with the decision as it now stands.
import { type InferResponseType } from "hono/client";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

const decisionRoute = client.api.moderation.decisions[":id"];

export type Decision = InferResponseType<typeof decisionRoute.$get, 200>;

export const decisionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["moderation", "decision", id],
    queryFn: () => unwrap(decisionRoute.$get({ param: { id } })),
  });

export function useDecision(id: string) {
  return useQuery(decisionQueryOptions(id));
}

export const appealDecision = ({ id, text }: { id: string; text: string }) =>
  unwrap(decisionRoute.appeal.$post({ param: { id }, json: { text } }));

export function useAppealDecision() {
  return useMutation({
    mutationFn: appealDecision,
    onSuccess: (decision) => queryClient.setQueryData(decisionQueryOptions(decision.id).queryKey, decision),
    // Already appealed (another tab), or no longer open: the page shows where it stands.
    onError: (error, { id }) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: decisionQueryOptions(id).queryKey });
    },
  });
}
