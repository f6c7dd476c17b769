// THE session, shared by the frame and every feature: the signed-in user's profile, or null. A
// small zustand store rather than a react-query query, so the first load of / (whose header and
// home page read it) carries neither react-query nor the typed API client. Being signed out is an answer, not an error: get-session answers
// 200 with null then, and with the profile when signed in, in one round trip.
// Same rules as the app's queries: an answer is fresh for a minute (a page mounted later asks again
// after that), a failure other than a 4xx is retried twice (1 s, then 2 s later), and a failed
// request keeps the last known profile.
import { useEffect, useState } from "react";
import { create } from "zustand";
import type { Profile } from "./api-client";
import { ApiError, apiFetch, baseUrl } from "./api-fetch";

const FRESH_MS = 60_000;
const RETRIES = 2;

type SessionState = {
  status: "pending" | "success" | "error";
  profile: Profile | null | undefined;
  fetchedAt: number;
  /** When this tab ended the session (sign-out, account deleted), until someone signs in again. */
  endedAt: number | null;
};

const useSessionStore = create<SessionState>(() => ({
  status: "pending",
  profile: undefined,
  fetchedAt: 0,
  endedAt: null,
}));

/** GET /api/auth/get-session through the API's one fetch (the typed client is not on the first load). */
export async function getSession(): Promise<Profile | null> {
  const response = await apiFetch(`${baseUrl()}/api/auth/get-session`);
  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, "");
  const session = (await response.json()) as { profile: Profile } | null;
  return session?.profile ?? null;
}

const isWorthRetrying = (error: unknown) => !(error instanceof ApiError && error.status < 500);

/**
 * Moves on every change of the session this tab knows of (a sign-in or sign-out answered here, a
 * request that changed it): an answer to a question asked before it describes the session before
 * the change and is dropped. Without it, the "signed out" answer to the login page's first question,
 * arriving after the sign-in, put the visitor's header back (the user menu closed under the click).
 */
let generation = 0;
let inFlight: { generation: number; done: Promise<void> } | undefined;

/** Asks the server (one request at a time, however many ask since the last change). */
function fetchSession(): Promise<void> {
  if (inFlight?.generation === generation) return inFlight.done;
  const asked = generation;
  const current = () => generation === asked;
  const done = (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const profile = await getSession();
        if (!current()) return;
        useSessionStore.setState((state) => ({
          status: "success",
          profile,
          fetchedAt: Date.now(),
          endedAt: profile ? null : state.endedAt,
        }));
        return;
      } catch (error) {
        if (!current()) return;
        if (attempt >= RETRIES || !isWorthRetrying(error)) {
          useSessionStore.setState({ status: "error", fetchedAt: 0 });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
      }
    }
  })().finally(() => {
    if (inFlight?.done === done) inFlight = undefined;
  });
  inFlight = { generation: asked, done };
  return done;
}

/**
 * Asks the server now, before any page mounts: the entry does so as it starts, so the answer is on
 * its way while the page's chunks load (useSession's first mount then joins that request).
 */
export function prefetchSession(): void {
  void fetchSession();
}

const isStale = () => Date.now() - useSessionStore.getState().fetchedAt > FRESH_MS;

export type SessionResult = {
  data: Profile | null | undefined;
  endedAt: number | null;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<void>;
};

/**
 * The profile (undefined until the first answer), as `data`. The pre-render and the hydration read
 * the store's first state (pending), which is what the HTML was drawn with. `confirmSignedOut`: a
 * "signed out" answer, however fresh, is asked again before the page acts on it (a guard sending
 * the visitor to /login), as they may have signed in since, in another tab.
 */
export function useSession({ confirmSignedOut = false }: { confirmSignedOut?: boolean } = {}): SessionResult {
  const { status, profile, endedAt } = useSessionStore();
  const [confirming, setConfirming] = useState(() => confirmSignedOut && status === "success" && profile === null);
  useEffect(() => {
    if (confirming) void fetchSession().finally(() => setConfirming(false));
    else if (isStale()) void fetchSession();
    // Once per mount: what the page found when it opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return {
    data: profile,
    endedAt,
    isPending: status === "pending" || confirming,
    isError: status === "error",
    refetch: fetchSession,
  };
}

/** A request that changed the session and already knows the answer (sign-in, sign-out) says so here. */
export function setSession(profile: Profile | null): void {
  generation++;
  useSessionStore.setState((state) => ({
    status: "success",
    profile,
    fetchedAt: Date.now(),
    endedAt: profile ? null : state.endedAt,
  }));
}

/**
 * This tab ended the session (sign-out, account deleted): signed out, and the page that did it
 * says where to go next (the home page) rather than a guard sending the visitor to /login.
 */
export function endSession(): void {
  generation++;
  useSessionStore.setState({ status: "success", profile: null, fetchedAt: Date.now(), endedAt: Date.now() });
}

/** A request that changed the session without saying to whom: ask again (not an earlier question). */
export function invalidateSession(): Promise<void> {
  generation++;
  return fetchSession();
}

/** The session as this tab knows it now (tests read it; components use useSession). */
export const sessionNow = (): Pick<SessionState, "status" | "profile"> => {
  const { status, profile } = useSessionStore.getState();
  return { status, profile };
};

/** Asks the server now, whatever the last answer's age: the profile, or null (signed out, or no answer). */
export async function refreshSession(): Promise<Profile | null> {
  await fetchSession();
  const { status, profile } = useSessionStore.getState();
  return status === "success" ? (profile ?? null) : null;
}
