// POST /api/auth/sign-in/email: sets the session cookie and answers with the profile, or (two-factor
// on) `twoFactorRedirect`: the code comes next (api/verify-two-factor.ts).
import { useMutation } from "@tanstack/react-query";
import type { SignInBody } from "@db/validators/auth";
import { client, unwrap } from "@web/lib/api-client";
import { EMAIL_VERIFICATION_KEY } from "@web/lib/email-verification";
import { queryClient } from "@web/lib/query-client";
import { invalidateSession, setSession } from "@web/lib/session";

export type SignInInput = SignInBody;

export const signIn = (input: SignInInput) => unwrap(client.api.auth["sign-in"].email.$post({ json: input }));

export function useSignIn() {
  return useMutation({
    mutationFn: signIn,
    // The answer names the user: the session is known at once, and the next page renders without
    // asking the server again.
    // With two-factor on, the answer is `twoFactorRedirect` instead: no session until the code.
    onSuccess: (answer) => {
      if (!("profile" in answer)) return;
      // Whether the email is confirmed comes with it too (the banner and the actions read it).
      queryClient.setQueryData(EMAIL_VERIFICATION_KEY, {
        email: answer.user.email,
        verified: answer.user.emailVerified,
      });
      return answer.profile ? setSession(answer.profile) : invalidateSession();
    },
  });
}
