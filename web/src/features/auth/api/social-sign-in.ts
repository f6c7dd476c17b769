// POST /api/auth/sign-in/social: the Worker answers with the provider's page to follow.
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { SocialProvider } from "@db/schema/enums";
import type { socialSignInBodySchema } from "@db/validators/auth";
import { client, unwrap } from "@web/lib/api-client";
import { getPlatform } from "@web/lib/platform";

type SocialSignInBody = z.infer<typeof socialSignInBodySchema>;

export const socialSignIn = (provider: SocialProvider) =>
  unwrap(
    client.api.auth["sign-in"].social.$post({
      json: { provider, callbackURL: "/dashboard" } satisfies SocialSignInBody,
    }),
  );

/** The desktop window never navigates away from the app: the provider page opens in the system browser. */
async function followProvider({ url }: { url: string }): Promise<void> {
  const platform = getPlatform();
  if (platform.platform === "desktop") await platform.openExternal(url);
  else window.location.assign(url);
}

export function useSocialSignIn() {
  return useMutation({ mutationFn: socialSignIn, onSuccess: followProvider });
}
