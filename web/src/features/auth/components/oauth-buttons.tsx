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

/**
 * Google / Facebook: only the providers the server has keys for (GET /api/config), after an 'ou'
 * separator; none configured (or not known yet) shows nothing at all.
 */
export function OAuthButtons() {
  const { t } = useTranslation(authTexts);
  const config = useAuthConfig();
  const socialSignIn = useSocialSignIn();
  // Pending until the provider's page replaces this one.
  const busy = socialSignIn.isPending || socialSignIn.isSuccess ? socialSignIn.variables : null;

  const configured = PROVIDERS.filter(({ id }) => config.data?.oauth[id]);

  const onClick = (provider: SocialProvider) =>
    socialSignIn.mutate(provider, { onError: (error) => notify.error(serverMessage(error, t, "errors.internal")) });

  if (configured.length === 0) return null;
  return (
    <>
      <div className="my-6 flex items-center gap-3 text-sm text-slate-700">
        <span className="h-px flex-1 bg-slate-300" />
        {t("auth.oauth.or")}
        <span className="h-px flex-1 bg-slate-300" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {configured.map(({ id, name }) => (
          <Button
            key={id}
            variant="ghost"
            className="border border-slate-400 bg-white"
            loading={busy === id}
            onClick={() => onClick(id)}
          >
            {t("auth.oauth.continueWith", { provider: name })}
          </Button>
        ))}
      </div>
    </>
  );
}
