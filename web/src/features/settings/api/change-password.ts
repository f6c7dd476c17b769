// POST /api/auth/change-password: the current password and a new one; every other session ends and
// this one gets a fresh cookie (the server sets it), the owner is emailed; the password's date moves.
import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordBody } from "@db/validators/account";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { SECURITY_KEY } from "./get-security";
import { SESSIONS_KEY } from "./get-sessions";

export const changePassword = (body: ChangePasswordBody) =>
  unwrap(client.api.auth["change-password"].$post({ json: body }));

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: SECURITY_KEY }),
      ]),
  });
}
