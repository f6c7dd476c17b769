// /payment/{plan}, the checkout: the order summary, the plan's features, the guarantees and the
// payment form of a paid plan, for a babysitter. The payment is created once when the page opens
// (create-payment-intent, safe to ask again); the form is the demo provider's card form or Stripe's
// Payment Element, as the server says. An unknown plan shows 'Plan non trouvé'; Discovery (the free
// trial, not for sale) is 'Plan d'abonnement invalide' and goes home. /payment itself (no plan, the
// emails' link) is the plans page.
import { useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { isPaidPlan, isPlan, planNameKey } from "@db/constants/plans";
import type { PaidPlan } from "@db/schema/enums";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { PageSpinner, Spinner } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useSession } from "@web/lib/session";
import { usePaymentIntent } from "./api/create-payment-intent";
import { MessageCard, MessagePage } from "./components/checkout-message";
import { PlanDemoPaymentForm } from "./components/demo-payment-form";
import { Guarantees, OrderSummary, PlanFeatures } from "./components/order-summary";
import { PlansOverview } from "./components/plans-overview";
import { StripeCheckout } from "./components/stripe-checkout";
import { paymentTexts } from "./texts";

export function PaymentPage() {
  const { plan } = useParams();
  if (plan === undefined) return <Plans />;
  if (!isPlan(plan)) return <PlanNotFound />;
  if (!isPaidPlan(plan)) return <InvalidPlan />;
  return <Checkout key={plan} plan={plan} />;
}

/** /payment: the plans page for a babysitter; parents are told plans are not for them. */
function Plans() {
  const { data: profile } = useSession();
  return profile?.user_type === "babysitter" ? <PlansOverview /> : <ParentsOnly />;
}

function PlanNotFound() {
  const { t } = useTranslation(paymentTexts);
  return (
    <MessagePage
      pageTitle={t("pages.payment")}
      title={t("payment.checkout.notFound")}
      actions={
        <>
          <Link to="/payment" className={buttonClasses("secondary")}>
            {t("payment.checkout.seePlans")}
          </Link>
          <Link to="/" className={buttonClasses("ghost", "md", "border border-night-600")}>
            {t("common.backHome")}
          </Link>
        </>
      }
    >
      {t("payment.checkout.notFoundText")}
    </MessagePage>
  );
}

/** Discovery is the trial every babysitter starts on: nothing to buy. */
function InvalidPlan() {
  const { t } = useTranslation(paymentTexts);
  const navigate = useNavigate();
  useEffect(() => {
    notify.error(t("payment.checkout.invalidPlan"));
    void navigate("/", { replace: true });
  }, [navigate, t]);
  return <PageSpinner />;
}

function ParentsOnly() {
  const { t } = useTranslation(paymentTexts);
  return (
    <MessagePage
      pageTitle={t("pages.payment")}
      title={t("payment.checkout.parentsTitle")}
      actions={
        <Link to="/" className={buttonClasses("secondary")}>
          {t("common.backHome")}
        </Link>
      }
    >
      {t("payment.checkout.parentsText")}
    </MessagePage>
  );
}

function Checkout({ plan }: { plan: PaidPlan }) {
  const { t } = useTranslation(paymentTexts);
  const { data: profile } = useSession();
  const babysitter = profile?.user_type === "babysitter";
  const intent = usePaymentIntent(plan, profile?.email ?? "", babysitter);
  const code = intent.error instanceof ApiError ? intent.error.code : null;

  useEffect(() => {
    if (intent.isError && code !== "ALREADY_SUBSCRIBED" && code !== "BABYSITTERS_ONLY")
      notify.error(t("payment.checkout.initError"));
  }, [intent.isError, code, t]);

  if (!babysitter || code === "BABYSITTERS_ONLY") return <ParentsOnly />;
  if (code === "PLAN_NOT_FOUND") return <PlanNotFound />;

  const planName = t(planNameKey(plan));
  return (
    <PageFrame title={t("payment.checkout.title", { plan: planName })} intro={t("payment.checkout.intro")}>
      {/* On a phone: the summary, the payment, then the features and guarantees; on a wide screen
          the payment on the left, the three cards in a column on the right. */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <div className="lg:col-start-2 lg:row-start-1">
          <OrderSummary plan={plan} />
        </div>
        <div className="flex flex-col gap-6 lg:col-start-2 lg:row-start-2">
          <PlanFeatures plan={plan} />
          <Guarantees />
        </div>
        <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {intent.isPending ? (
            <div className="flex justify-center rounded-2xl border border-night-100 bg-white p-10 text-night-700 shadow-sm">
              <Spinner size="lg" label={t("payment.checkout.preparing")} />
            </div>
          ) : intent.isError ? (
            code === "ALREADY_SUBSCRIBED" ? (
              <MessageCard
                title={t("payment.checkout.alreadySubscribedTitle")}
                actions={
                  <Link to="/settings?tab=subscription" className={buttonClasses("secondary")}>
                    {t("payment.checkout.manageSubscription")}
                  </Link>
                }
              >
                <p>{intent.error.message || t("payment.checkout.alreadySubscribedText")}</p>
                {intent.error.message && <p className="mt-1">{t("payment.checkout.alreadySubscribedText")}</p>}
              </MessageCard>
            ) : (
              <MessageCard
                tone="error"
                title={t("payment.checkout.initError")}
                actions={
                  <Button loading={intent.isFetching} onClick={() => void intent.refetch()}>
                    {t("common.retry")}
                  </Button>
                }
              >
                {serverMessage(intent.error, t, "payment.checkout.initError")}
              </MessageCard>
            )
          ) : (
            <div className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
              {intent.data.provider === "demo" ? (
                <PlanDemoPaymentForm intent={intent.data} />
              ) : (
                <StripeCheckout
                  publishableKey={intent.data.publishable_key}
                  clientSecret={intent.data.client_secret}
                  amountCents={intent.data.amount}
                  returnPath="/payment/success"
                />
              )}
            </div>
          )}
        </div>
      </div>
    </PageFrame>
  );
}
