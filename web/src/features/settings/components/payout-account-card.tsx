// 'Paiements des familles' (Abonnement tab, babysitters): whether families can pay her by card
// through Veilleuse, and the button that opens her payout account (Stripe's pages for her identity
// and bank account; at once with the demo provider). Veilleuse takes no commission: the card says so.
import { Landmark } from "lucide-react";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { usePayoutAccount, useRefreshPayoutAccount, useStartPayoutOnboarding } from "../api/payout-account";
import { settingsTexts } from "../texts";

export function PayoutAccountCard() {
  const { t } = useTranslation(settingsTexts);
  const account = usePayoutAccount();
  const start = useStartPayoutOnboarding();
  const refresh = useRefreshPayoutAccount();
  useReturnFromProvider(refresh.mutate);
  const status = account.data?.status;

  const onStart = () =>
    start.mutate(undefined, {
      onError: (error) => notify.error(serverMessage(error, t, "settings.payouts.error")),
    });

  return (
    <section
      aria-labelledby="payouts-title"
      className="flex flex-col items-start gap-3 rounded-2xl border border-night-100 bg-white p-6 shadow-sm"
    >
      <Landmark aria-hidden="true" className="h-7 w-7 text-night-700" />
      <h3 id="payouts-title" className="text-lg font-semibold text-night-900">
        {t("settings.payouts.title")}
      </h3>
      <p className="text-sm text-slate-700">{t("settings.payouts.intro")}</p>
      {status && (
        <p className="text-sm font-medium text-night-900" data-testid="payouts-status">
          {t(`settings.payouts.status.${status}`)}
        </p>
      )}
      {account.data?.provider === "demo" && status === "enabled" && (
        <p className="text-xs text-amber-900">{t("settings.payouts.demo")}</p>
      )}
      {status && status !== "enabled" && (
        <Button onClick={onStart} loading={start.isPending}>
          {status === "none" ? t("settings.payouts.start") : t("settings.payouts.continue")}
        </Button>
      )}
    </section>
  );
}

/** Back from Stripe's pages (?payouts=return): her account's state is read again, once. */
function useReturnFromProvider(refresh: () => void) {
  const [params, setParams] = useSearchParams();
  const done = useRef(false);
  useEffect(() => {
    if (params.get("payouts") !== "return" || done.current) return;
    done.current = true;
    refresh();
    const next = new URLSearchParams(params);
    next.delete("payouts");
    next.set("tab", "subscription");
    setParams(next, { replace: true });
  }, [params, refresh, setParams]);
}
