// The Stripe provider's side of the checkout. The Content-Security-Policy allows Stripe.js only on
// the documents the Worker serves while Stripe is configured, and it marks them with
// <html data-payments="stripe">. A tab that reached /payment/{plan} by client navigation from a
// pre-rendered static page (whose policy does not allow Stripe) reloads once to get such a document;
// a session flag keeps that to one reload, after which the payment is said to be unavailable.
import { lazy, Suspense, useEffect, useState } from "react";
import { Spinner } from "@web/components/ui/spinner";
import { formatEuros } from "@web/lib/format";
import { useTranslation } from "@web/lib/i18n";
import { paymentTexts } from "../texts";

const StripePaymentForm = lazy(() => import("./stripe-payment-form"));

const RELOAD_FLAG = "veilleuse.payment-reload";

const stripeAllowedHere = () => document.documentElement.dataset.payments === "stripe";

function readFlag(): string | null {
  try {
    return sessionStorage.getItem(RELOAD_FLAG);
  } catch {
    return null;
  }
}

function writeFlag(value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(RELOAD_FLAG);
    else sessionStorage.setItem(RELOAD_FLAG, value);
  } catch {
    // without storage, no reload (the flag could not stop a loop)
  }
}

type DocumentState = "allowed" | "reloading" | "blocked";

function useStripeDocument(): DocumentState {
  const [state] = useState<DocumentState>(() => {
    if (stripeAllowedHere()) return "allowed";
    return readFlag() === window.location.pathname ? "blocked" : "reloading";
  });
  useEffect(() => {
    // Allowed, or blocked after the one reload: the flag is spent (a later visit may try again).
    if (state !== "reloading") return writeFlag(null);
    writeFlag(window.location.pathname);
    if (readFlag() === window.location.pathname) window.location.reload();
  }, [state]);
  return state;
}

type StripeCheckoutProps = {
  publishableKey: string | null;
  clientSecret: string;
  amountCents: number;
  /** Where Stripe sends the browser once the payment went through (a path of the app). */
  returnPath: string;
};

export function StripeCheckout({ publishableKey, clientSecret, amountCents, returnPath }: StripeCheckoutProps) {
  const { t } = useTranslation(paymentTexts);
  const state = useStripeDocument();
  const loading = (
    <div className="flex justify-center py-10 text-night-700">
      <Spinner size="lg" label={t("payment.checkout.preparing")} />
    </div>
  );
  if (state === "reloading") return loading;
  if (state === "blocked" || !publishableKey)
    return (
      <p role="alert" className="text-sm font-medium text-red-700">
        {t("payment.form.unavailable")}
      </p>
    );
  return (
    <Suspense fallback={loading}>
      <StripePaymentForm
        publishableKey={publishableKey}
        clientSecret={clientSecret}
        payLabel={t("payment.form.pay", { amount: formatEuros(amountCents) })}
        returnPath={returnPath}
      />
    </Suspense>
  );
}
