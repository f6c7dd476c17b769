// Email verification: the link's token confirmed (POST /api/auth/verify-email), a new link asked
// (POST /api/auth/send-verification-email). Whether the account is confirmed is read in
// lib/email-verification.ts (other features need it too).
import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { EMAIL_VERIFICATION_KEY } from "@web/lib/email-verification";
import { queryClient } from "@web/lib/query-client";

export const verifyEmail = (token: string) => unwrap(client.api.auth["verify-email"].$post({ json: { token } }));

export function useVerifyEmail() {
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMAIL_VERIFICATION_KEY }),
  });
}

/** Signed in, the account's own address is used (email may be left out). */
export const sendVerificationEmail = (email?: string) =>
  unwrap(client.api.auth["send-verification-email"].$post({ json: email ? { email } : {} }));

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
