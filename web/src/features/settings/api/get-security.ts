// GET /api/account/security: when the password was last set (null: Google or Facebook sign-in, no
// password) and whether two-factor is on.
import { useQuery } from "@tanstack/react-query";
import type { AccountSecurity } from "@db/validators/account";
import { client, unwrap } from "@web/lib/api-client";

export type { AccountSecurity };
export const SECURITY_KEY = ["account", "security"] as const;

export const getSecurity = (): Promise<AccountSecurity> => unwrap(client.api.account.security.$get());

export function useAccountSecurity() {
  return useQuery({ queryKey: SECURITY_KEY, queryFn: getSecurity });
}
