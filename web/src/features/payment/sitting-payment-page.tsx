// /bookings/{id}/pay: the parent pays a sitting whose hours stand, or the fee of a sitting she
// cancelled late. The amount is the server's (the confirmed hours at the booking's rate, or the
// fee); she may add a tip in whole euros, which goes, like the
// rest, entirely to the babysitter (Veilleuse takes no commission). 'Continuer vers le paiement'
// opens the payment with that tip, then the card form: the demo provider's, clearly labelled, or
// Stripe's Payment Element, which sends her back to the booking (?payment=return). A paid or
// settled sitting, or one not payable yet, shows why and links back to the booking.
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { TIP_CHOICES_CENTS } from "@db/constants/payments";
import type { CardDetails } from "@db/validators/billing";
import type { SittingPaymentDto, SittingPaymentIntent } from "@db/validators/payments";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { PageSpinner } from "@web/components/ui/spinner";
import { formatEuros } from "@web/lib/format";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import {
  payWithDemoCard,
  useBookingForPayment,
  useSittingPaymentState,
  useStartSittingPayment,
} from "./api/sitting-payment";
import { MessageCard } from "./components/checkout-message";
import { DemoPaymentForm } from "./components/demo-payment-form";
import { StripeCheckout } from "./components/stripe-checkout";
import { paymentTexts } from "./texts";

export function SittingPaymentPage() {
  const { bookingId = "" } = useParams();
  const { t } = useTranslation(paymentTexts);
  const booking = useBookingForPayment(bookingId);
  const payment = useSittingPaymentState(bookingId);
  const [intent, setIntent] = useState<SittingPaymentIntent | null>(null);
  const back = (
    <Link to={`/bookings/${bookingId}`} className={buttonClasses("ghost", "md", "border border-night-600")}>
      {t("payment.sitting.back")}
    </Link>
  );
  if (booking.isPending || payment.isPending) return <PageSpinner />;
  const current = payment.data?.payment ?? null;
  const sitter = booking.data?.booking.other_party.first_name ?? "";
  const open =
    current &&
    current.payouts_ready &&
    (current.state === "due" || current.state === "pending" || current.state === "failed");
  return (
    <PageFrame title={t("payment.sitting.title")}>
      <div className="mx-auto flex max-w-xl flex-col gap-6">
        {booking.isError || payment.isError ? (
          <MessageCard tone="error" title={t("payment.sitting.loadError")} actions={back}>
            {serverMessage(booking.error ?? payment.error, t, "payment.sitting.loadError")}
          </MessageCard>
        ) : !open ? (
          <MessageCard title={t("payment.sitting.notPayable")} actions={back}>
            {t("payment.sitting.notPayableText")}
          </MessageCard>
        ) : intent ? (
          <CardStep bookingId={bookingId} intent={intent} sitter={sitter} />
        ) : (
          <TipStep
            bookingId={bookingId}
            amountCents={current.amount_cents}
            kind={current.kind}
            sitter={sitter}
            onOpened={setIntent}
          />
        )}
      </div>
    </PageFrame>
  );
}

function TipStep({
  bookingId,
  amountCents,
  kind,
  sitter,
  onOpened,
}: {
  bookingId: string;
  amountCents: number;
  kind: SittingPaymentDto["kind"];
  sitter: string;
  onOpened: (intent: SittingPaymentIntent) => void;
}) {
  const { t } = useTranslation(paymentTexts);
  const [tip, setTip] = useState(0);
  const start = useStartSittingPayment(bookingId);
  const proceed = () =>
    start.mutate(tip, {
      onSuccess: onOpened,
      onError: (error) => notify.error(serverMessage(error, t, "payment.form.error")),
    });
  return (
    <section aria-labelledby="sitting-summary" className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
      <h2 id="sitting-summary" className="text-lg font-semibold text-night-900">
        {t("payment.sitting.summary", { name: sitter })}
      </h2>
      <p className="mt-2 text-sm" data-testid="sitting-amount">
        {t(kind === "late_cancellation" ? "payment.sitting.lateFeeAmount" : "payment.sitting.hoursAmount", {
          amount: formatEuros(amountCents),
        })}
      </p>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-night-900">{t("payment.sitting.tipLegend")}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {TIP_CHOICES_CENTS.map((cents) => (
            <label
              key={cents}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-night-200 px-3 py-1.5 text-sm has-[:checked]:border-night-900 has-[:checked]:bg-night-50"
            >
              <input type="radio" name="tip" value={cents} checked={tip === cents} onChange={() => setTip(cents)} />
              {cents === 0 ? t("payment.sitting.noTip") : formatEuros(cents)}
            </label>
          ))}
        </div>
        <p className="mt-2 text-xs text-slate-700">{t("payment.sitting.tipNote")}</p>
      </fieldset>
      <p className="mt-4 font-semibold text-night-900" data-testid="sitting-total">
        {t("payment.sitting.total", { amount: formatEuros(amountCents + tip) })}
      </p>
      <Button className="mt-4" size="lg" loading={start.isPending} onClick={proceed}>
        {t("payment.sitting.continue")}
      </Button>
    </section>
  );
}

function CardStep({ bookingId, intent, sitter }: { bookingId: string; intent: SittingPaymentIntent; sitter: string }) {
  const { t } = useTranslation(paymentTexts);
  const navigate = useNavigate();
  const submit = async (card: CardDetails) => {
    const payment = await payWithDemoCard(bookingId, card);
    if (payment?.state !== "succeeded") return "payment.sitting.declined";
    notify.success(t("payment.sitting.paid", { name: sitter }));
    void navigate(`/bookings/${bookingId}`);
    return null;
  };
  return (
    <div className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
      {intent.provider === "demo" ? (
        <DemoPaymentForm amountCents={intent.total_cents} submit={submit} />
      ) : (
        <StripeCheckout
          publishableKey={intent.publishable_key}
          clientSecret={intent.client_secret}
          amountCents={intent.total_cents}
          returnPath={`/bookings/${bookingId}?payment=return`}
        />
      )}
    </div>
  );
}
