// The frame's banner for an account whose email is not confirmed yet: what it cannot do until then
// (send messages, book) and 'Renvoyer le lien'. Loaded on its own (a lazy chunk) by the layout, for
// signed-in visitors only; renders nothing once the address is confirmed.
import { MailCheck } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useEmailVerification } from "@web/lib/email-verification";
import { useSendVerificationEmail } from "../api/email-verification";
import { authTexts } from "../texts";

export function VerifyEmailBanner() {
  const { t } = useTranslation(authTexts);
  const { data } = useEmailVerification();
  const send = useSendVerificationEmail();
  if (!data || data.verified) return null;

  const resend = () =>
    send.mutate(undefined, {
      onSuccess: () => notify.success(t("auth.verify.sentToYou", { email: data.email })),
      onError: (error) => notify.error(serverMessage(error, t, "errors.internal")),
    });

  return (
    <section aria-labelledby="verify-email-banner" className="border-b border-glow-300 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <MailCheck aria-hidden="true" className="hidden h-6 w-6 shrink-0 text-glow-900 sm:block" />
        <p className="flex-1 text-sm text-night-900">
          <strong id="verify-email-banner" className="font-semibold">
            {t("auth.verify.bannerTitle")}
          </strong>{" "}
          {t("auth.verify.bannerText")}
        </p>
        <Button variant="ghost" className="border border-slate-400 bg-white" loading={send.isPending} onClick={resend}>
          {t("auth.verify.resend")}
        </Button>
      </div>
    </section>
  );
}
