// POST /api/auth/two-factor/verify-totp or /verify-backup-code: the second step of a sign-in with
// two-factor on; the server then sets the session cookie, and the session is read again.
import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { refreshSession } from "@web/lib/session";

export type TwoFactorCode = { code: string; backup: boolean };

export const verifyTwoFactor = ({ code, backup }: TwoFactorCode) =>
  backup
    ? unwrap(client.api.auth["two-factor"]["verify-backup-code"].$post({ json: { code } }))
    : unwrap(client.api.auth["two-factor"]["verify-totp"].$post({ json: { code } }));

/** Verifies the code, then reads the session it opened: the profile (whose type picks where she lands). */
export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: async (input: TwoFactorCode) => {
      await verifyTwoFactor(input);
      return refreshSession();
    },
  });
}
