// POST /api/admin/users/{profileId}/suspend | unsuspend | role | verification-email: each with the
// reason the admin writes (kept in the audit log); the answer is the row as it now stands and
// whether anything changed. Whatever the outcome, the lists and the account are asked again: a
// refusal (409: deleted meanwhile) says the page was out of date.
import { useMutation } from "@tanstack/react-query";
import type { AdminReasonBody, AdminRoleBody, AdminUserAction } from "@db/validators/admin-users";
import { client, unwrap } from "@web/lib/api-client";
import { refreshAfterAction } from "./keys";

export type UserAction =
  | { kind: "suspend" | "unsuspend" | "verificationEmail"; body: AdminReasonBody }
  | { kind: "role"; body: AdminRoleBody };
export type UserActionKind = UserAction["kind"];

const account = client.api.admin.users[":profileId"];

export function runUserAction(profileId: string, action: UserAction): Promise<AdminUserAction> {
  const param = { profileId };
  switch (action.kind) {
    case "suspend":
      return unwrap(account.suspend.$post({ param, json: action.body }));
    case "unsuspend":
      return unwrap(account.unsuspend.$post({ param, json: action.body }));
    case "verificationEmail":
      return unwrap(account["verification-email"].$post({ param, json: action.body }));
    case "role":
      return unwrap(account.role.$post({ param, json: action.body }));
  }
}

export const useUserAction = (profileId: string) =>
  useMutation({
    mutationFn: (action: UserAction) => runUserAction(profileId, action),
    onSettled: () => refreshAfterAction(profileId),
  });
