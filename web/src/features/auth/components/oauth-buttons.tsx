import { useTranslation } from "@web/lib/i18n";
import { Button } from "@web/components/ui/button";
import { notify } from "@web/lib/notify";
import type { SocialProvider } from "@db/schema/enums";
import { serverMessage } from "@web/lib/server-message";
import { useAuthConfig } from "../api/get-auth-config";
import { useSocialSignIn } from "../api/social-sign-in";
import { authTexts } from "../texts";

const PROVIDERS: { id: SocialProvider; name: string }[] = [
  { id: "google", name: "Google" },
  { id: "facebook", name: "Facebook" },
];

/** Google / Facebook: only followed when the server says the provider is configured. */
export function OAuthButtons() {
  const { t } = useTranslation(authTexts);
  const config = useAuthConfig();
  const socialSignIn = useSocialSignIn();
  // Pending until the provider's page replaces this one.
  const busy = socialSignIn.isPending || socialSignIn.isSuccess ? socialSignIn.variables : null;

  const onClick = async (provider: SocialProvider, name: string) => {
    const result = config.data ?? (await config.refetch()).data;
    if (!result) return notify.error(t("errors.internal"));
    if (!result.oauth[provider]) return notify.error(t("errors.oauthNotConfigured", { provider: name }));
    socialSignIn.mutate(provider, { onError: (error) => notify.error(serverMessage(error, t, "errors.internal")) });
  };

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {PROVIDERS.map(({ id, name }) => (
        <Button
          key={id}
          variant="ghost"
          className="border border-slate-400 bg-white"
          loading={busy === id}
          onClick={() => void onClick(id, name)}
        >
          {t("auth.oauth.continueWith", { provider: name })}
        </Button>
      ))}
    </div>
  );
}
