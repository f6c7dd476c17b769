// POST /api/auth/two-factor/generate-backup-codes: 10 new backup codes with the password, shown once;
// the old ones stop working.
import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export const generateBackupCodes = (password: string) =>
  unwrap(client.api.auth["two-factor"]["generate-backup-codes"].$post({ json: { password } }));

export function useGenerateBackupCodes() {
  return useMutation({ mutationFn: generateBackupCodes });
}
