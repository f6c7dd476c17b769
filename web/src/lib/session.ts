// THE session query: GET /api/me under the key ["me"]. A 401 means "signed out" (null), not an error.
import { useQuery } from "@tanstack/react-query";
import { ApiError, clearToken, client, postAuth, type Profile, unwrap } from "./api-client";
import { queryClient } from "./query-client";

export const SESSION_QUERY_KEY = ["me"] as const;

export async function fetchSession(): Promise<Profile | null> {
  try {
    const { profile } = await unwrap(client.api.me.$get());
    return profile;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useSession() {
  return useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 60_000 });
}

export async function refreshSession(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  await queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY });
}

/** Sign out on the server, forget the desktop token, and drop every cached private answer. */
export async function signOut(): Promise<void> {
  try {
    await postAuth("/api/auth/sign-out", {});
  } finally {
    clearToken();
    queryClient.removeQueries();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
  }
}

/** Where to go after sign-in: the remembered in-app path, never an outside URL. */
export function safeRedirect(candidate: unknown, fallback = "/dashboard"): string {
  if (typeof candidate !== "string" || !candidate.startsWith("/") || candidate.startsWith("//")) return fallback;
  if (candidate.startsWith("/login") || candidate.startsWith("/register")) return fallback;
  return candidate;
}
