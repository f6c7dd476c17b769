// GET /api/config: which sign-in providers this server has keys for.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export const getAuthConfig = () => unwrap(client.api.config.$get());

export const authConfigQueryOptions = () =>
  queryOptions({ queryKey: ["config"], queryFn: getAuthConfig, staleTime: Infinity });

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
