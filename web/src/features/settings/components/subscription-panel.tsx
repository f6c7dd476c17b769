// The Abonnement tab: the current plan card with its buttons, the pending-cancellation notice, and
// the invoice history. A loading state first, then 'Aucun abonnement actif' with 'Voir les plans'
// when the babysitter has none: for a signed-in babysitter that is the plans page (/payment), not
// the marketing home page.
import { CreditCard } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { useInvoices } from "../api/get-invoices";
import { useSubscription } from "../api/get-subscription";
import { settingsTexts } from "../texts";
import { CurrentPlanCard } from "./current-plan-card";
import { InvoiceHistory } from "./invoice-history";
import { PayoutAccountCard } from "./payout-account-card";

export function SubscriptionPanel() {
  const { t } = useTranslation(settingsTexts);
  const subscription = useSubscription(true);
  const invoices = useInvoices(true);

  useEffect(() => {
    if (subscription.isError) notify.error(t("settings.subscription.loadError"));
  }, [subscription.isError, t]);

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h2 className="sr-only">{t("settings.subscription.title")}</h2>
      {subscription.isPending ? (
        <div aria-busy="true" className="h-72 animate-pulse rounded-2xl bg-night-100">
          <span className="sr-only" role="status">
            {t("common.loading")}
          </span>
        </div>
      ) : subscription.isError ? (
        <div className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
          <p className="text-slate-700">{t("settings.subscription.loadError")}</p>
          <Button className="mt-4" loading={subscription.isFetching} onClick={() => void subscription.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : subscription.data.subscription ? (
        <CurrentPlanCard subscription={subscription.data.subscription} />
      ) : (
        <NoSubscription />
      )}
      <PayoutAccountCard />
      <InvoiceHistory query={invoices} />
    </div>
  );
}

function NoSubscription() {
  const { t } = useTranslation(settingsTexts);
  return (
    <section
      aria-labelledby="no-subscription-title"
      className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-night-600/40 bg-white p-6"
    >
      <CreditCard aria-hidden="true" className="h-8 w-8 text-night-700" />
      <h3 id="no-subscription-title" className="font-semibold text-night-900">
        {t("settings.subscription.none.title")}
      </h3>
      <p className="text-slate-700">{t("settings.subscription.none.text")}</p>
      <Link to="/payment" className={buttonClasses("secondary")}>
        {t("settings.subscription.none.action")}
      </Link>
    </section>
  );
}
