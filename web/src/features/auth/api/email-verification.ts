// Email verification: the link's token confirmed (POST /api/auth/verify-email), a new link asked
// (POST /api/auth/send-verification-email), and whether the signed-in account is confirmed (the
// session's user, read by the banner and the actions an unconfirmed account may not use).
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

const VERIFICATION_KEY = ["email-verification"] as const;

/** null when signed out; else the account's address and whether it is confirmed. */
export async function getEmailVerification() {
  const session = await unwrap(client.api.auth["get-session"].$get());
  return session && { email: session.user.email, verified: session.user.emailVerified };
}

export const emailVerificationQueryOptions = () =>
  queryOptions({ queryKey: VERIFICATION_KEY, queryFn: getEmailVerification, staleTime: 60_000 });

export function useEmailVerification() {
  return useQuery(emailVerificationQueryOptions());
}

export const verifyEmail = (token: string) => unwrap(client.api.auth["verify-email"].$post({ json: { token } }));

export function useVerifyEmail() {
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_KEY }),
  });
}

/** Signed in, the account's own address is used (email may be left out). */
export const sendVerificationEmail = (email?: string) =>
  unwrap(client.api.auth["send-verification-email"].$post({ json: email ? { email } : {} }));

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
