// Whether the signed-in account's email is confirmed (the session's user, GET /api/auth/get-session).
// An unconfirmed account may sign in and look around, but not send messages nor book (the server
// answers 403 EMAIL_NOT_VERIFIED): the frame's banner, the sitter page's buttons, the booking form
// and the message composer read this to say so before the user tries. Shared by those features,
// so it lives here; the auth feature keeps the link's confirmation and the resend.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { useSession } from "@web/lib/session";

export const EMAIL_VERIFICATION_KEY = ["email-verification"] as const;

/** null when signed out; else the account's address and whether it is confirmed. */
async function getEmailVerification() {
  const session = await unwrap(client.api.auth["get-session"].$get());
  return session && { email: session.user.email, verified: session.user.emailVerified };
}

export const emailVerificationQueryOptions = () =>
  queryOptions({ queryKey: EMAIL_VERIFICATION_KEY, queryFn: getEmailVerification, staleTime: 60_000 });

export function useEmailVerification() {
  return useQuery(emailVerificationQueryOptions());
}

/** True only when a signed-in account is known to be unconfirmed (never while it loads). */
export function useEmailUnverified(): boolean {
  const { data: profile } = useSession();
  const { data } = useQuery({ ...emailVerificationQueryOptions(), enabled: Boolean(profile) });
  return Boolean(profile && data && !data.verified);
}
