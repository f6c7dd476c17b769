// GET /api/account/sessions: the caller's live sessions, the current one first.
import { useQuery } from "@tanstack/react-query";
import type { AccountSession } from "@db/validators/account";
import { client, unwrap } from "@web/lib/api-client";

export type { AccountSession };
export const SESSIONS_KEY = ["account", "sessions"] as const;

export const getSessions = (): Promise<{ sessions: AccountSession[] }> => unwrap(client.api.account.sessions.$get());

export function useSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: getSessions });
}
