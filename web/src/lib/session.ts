// THE session query, shared by the frame and every feature: the signed-in user's profile, or null.
// Same shape as a feature's request file (fetcher, query options, hook). Being signed out is an
// answer, not an error: get-session answers 200 with null then (the browser logs no failed
// request), and with the profile when signed in, in one round trip.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, type Profile, unwrap } from "./api-client";
import { queryClient } from "./query-client";

export async function getSession(): Promise<Profile | null> {
  const session = await unwrap(client.api.auth["get-session"].$get());
  return session?.profile ?? null;
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ["session"], queryFn: getSession, staleTime: 60_000 });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** A request that changed the session and already knows the answer (sign-in, sign-out) says so here. */
export function setSession(profile: Profile | null): void {
  queryClient.setQueryData(sessionQueryOptions().queryKey, profile);
}

/** A request that changed the session without saying to whom: ask again. */
export function invalidateSession(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
}
