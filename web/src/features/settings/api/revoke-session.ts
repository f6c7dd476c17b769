// DELETE /api/account/sessions/:id: signs one of the caller's sessions out.
import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { SESSIONS_KEY } from "./get-sessions";

export const revokeSession = (id: string) => unwrap(client.api.account.sessions[":id"].$delete({ param: { id } }));

export function useRevokeSession() {
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
