// Stripe's Payment Element, in a chunk of its own (loaded by stripe-checkout.tsx only when the
// provider is Stripe): neither Stripe.js nor its React bindings are part of any other page's load.
// `@stripe/stripe-js/pure` injects Stripe's script only when loadStripe is called, not on import.
// On success Stripe sends the browser to the return path itself; only an error comes back here.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { type FormEvent, useState } from "react";
import { FieldError } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { paymentTexts } from "../texts";

const stripes = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per publishable key for the life of the tab. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

export type StripePaymentFormProps = {
  publishableKey: string;
  clientSecret: string;
  payLabel: string;
  returnPath: string;
};

export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  payLabel,
  returnPath,
}: StripePaymentFormProps) {
  const { language } = useTranslation(paymentTexts);
  const [stripe] = useState(() => stripeFor(publishableKey));
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale: language }}>
      <PaymentElementForm payLabel={payLabel} returnPath={returnPath} />
    </Elements>
  );
}

function PaymentElementForm({ payLabel, returnPath }: { payLabel: string; returnPath: string }) {
  const { t } = useTranslation(paymentTexts);
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    setFailure(null);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}${returnPath}` },
    });
    // Reached only when the payment did not go through (otherwise the browser has left the page).
    console.error("payment refused", error);
    notify.error(t("payment.form.error"));
    setFailure(error.message ?? t("payment.form.error"));
    setSubmitting(false);
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      aria-labelledby="payment-form-title"
    >
      <h2 id="payment-form-title" className="text-lg font-semibold text-night-900">
        {t("payment.form.title")}
      </h2>
      <PaymentElement />
      <FieldError message={failure ?? undefined} />
      <Button type="submit" size="lg" loading={submitting} disabled={!stripe || !elements}>
        {submitting ? t("payment.form.paying") : payLabel}
      </Button>
      <p className="text-xs text-slate-700">{t("payment.form.secure")}</p>
    </form>
  );
}
