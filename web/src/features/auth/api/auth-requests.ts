// The auth feature's calls (contract: lead's edge/ routes). Each hook refreshes the session query
// where the session changes.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { SocialProvider } from "@db/schema/enums";
import type { RegisterBody, SignInBody } from "@db/validators/auth";
import { client, postAuth, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { getPlatform } from "@web/lib/platform";
import { refreshSession, SESSION_QUERY_KEY } from "@web/lib/session";

export function useSignIn() {
  return useMutation({
    mutationFn: (body: SignInBody) => unwrap(client.api.auth["sign-in"].email.$post({ json: body })),
    onSuccess: async (data) => {
      if (data.profile) queryClient.setQueryData(SESSION_QUERY_KEY, data.profile);
      await refreshSession();
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => unwrap(client.api.auth["sign-up"].email.$post({ json: body })),
  });
}

export function useAuthConfig() {
  return useQuery({ queryKey: ["config"], queryFn: () => unwrap(client.api.config.$get()), staleTime: Infinity });
}

/** Starts the provider's OAuth flow; the Worker answers with the provider URL to follow. */
export async function startSocialSignIn(provider: SocialProvider): Promise<void> {
  const { url } = await postAuth<{ url: string; redirect?: boolean }>("/api/auth/sign-in/social", {
    provider,
    callbackURL: "/dashboard",
  });
  const platform = getPlatform();
  // The desktop window never navigates away from the app: the provider page opens in the system browser.
  if (platform.platform === "desktop") await platform.openExternal(url);
  else window.location.assign(url);
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      postAuth<unknown>("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { newPassword: string; token: string }) => postAuth<unknown>("/api/auth/reset-password", body),
  });
}
