// GET /api/verification: the kinds that verify the caller's role, whether she is verified, and her
// documents newest first (the page's one query; every change refetches it).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type InferResponseType } from "hono/client";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

export type VerificationStatus = InferResponseType<typeof client.api.verification.$get, 200>;
export type IdentityDocument = VerificationStatus["documents"][number];
export type DocumentKind = IdentityDocument["kind"];

export const getVerification = () => unwrap(client.api.verification.$get());

export const verificationQueryOptions = () => queryOptions({ queryKey: ["verification"], queryFn: getVerification });

export function useVerification() {
  return useQuery(verificationQueryOptions());
}

/** Asks again after a change (sent, withdrawn, or refused because the list was out of date). */
export const refetchVerification = () =>
  queryClient.invalidateQueries({ queryKey: verificationQueryOptions().queryKey });
