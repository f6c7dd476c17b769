// POST /api/account/sessions/revoke-others: signs every other session of the caller's out.
import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { SESSIONS_KEY } from "./get-sessions";

export const revokeOtherSessions = () => unwrap(client.api.account.sessions["revoke-others"].$post());

export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
