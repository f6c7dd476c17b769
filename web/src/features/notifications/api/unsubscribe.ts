// POST /api/unsubscribe?token=: turns the link's list off ('Me désabonner'); idempotent.
import { useMutation } from "@tanstack/react-query";
import type { Unsubscribed } from "@db/validators/unsubscribe";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

export const unsubscribe = (token: string): Promise<Unsubscribed> =>
  unwrap(client.api.unsubscribe.$post({ query: { token } }));

/**
 * A signed-in member's cached answers (the preferences screen's among them) are marked stale, so
 * the switch shows off when the preferences open next; nothing is asked again meanwhile.
 */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: unsubscribe,
    onSuccess: () => queryClient.invalidateQueries({ refetchType: "none" }),
  });
