// Two-factor for Settings → Sécurité (whether it is on: get-security.ts): set-up with the password
// (POST /api/auth/two-factor/enable: the otpauth URI and backup codes, once), the first code that
// turns it on (verify-totp), and off with the password (disable).
import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { SECURITY_KEY } from "./get-security";
import { SESSIONS_KEY } from "./get-sessions";

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: SECURITY_KEY }),
    queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  ]);

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => unwrap(client.api.auth["two-factor"].enable.$post({ json: { password } })),
  });
}

export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: (code: string) => unwrap(client.api.auth["two-factor"]["verify-totp"].$post({ json: { code } })),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => unwrap(client.api.auth["two-factor"].disable.$post({ json: { password } })),
    onSuccess: refresh,
  });
}
