// GET /api/auth/reset-link: whether the reset link still works (valid, expired, invalid), asked when
// the reset page opens, so nobody types a new password twice for a dead link.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export const checkResetLink = (token: string) => unwrap(client.api.auth["reset-link"].$get({ query: { token } }));

export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["reset-link", token],
    queryFn: () => checkResetLink(token),
    staleTime: Infinity,
    retry: false,
  });

export function useResetLink(token: string) {
  return useQuery({ ...resetLinkQueryOptions(token), enabled: token !== "" });
}
