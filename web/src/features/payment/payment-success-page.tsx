// /payment/success, the page after a payment: where Stripe (or the demo form) sends
// the browser after a payment, with ?payment_intent=…&payment_intent_client_secret=…&redirect_status=….
// The page asks activate-subscription once (it checks the payment with the provider and switches
// the plan on; asking again is harmless), then shows the plan, amount, next billing date,
// transaction id and invoice number. A payment the bank has not answered yet ('processing') is
// asked again every 2 s for about 30 s; a refused one links back to its plan's checkout. A payment
// made while another paid plan was in force ('refunded': one paid plan per babysitter) says it was
// refunded, in the server's words, instead of the success content.
import { clsx } from "clsx";
import { BadgeCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import type { PaymentVerification } from "@db/validators/billing";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { Spinner } from "@web/components/ui/spinner";
import { downloadInvoice } from "@web/lib/download-invoice";
import { formatEuros } from "@web/lib/format";
import { formatLongDate } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useActivation } from "./api/activate-subscription";
import { useVerificationPolling } from "./api/verify-payment";
import { MessagePage } from "./components/checkout-message";
import { paymentTexts } from "./texts";

/** How long a 'processing' payment is asked about before the page says it is taking long. */
const POLL_LIMIT_MS = 30_000;

export function PaymentSuccessPage() {
  const { t } = useTranslation(paymentTexts);
  const [params] = useSearchParams();
  const paymentIntent = params.get("payment_intent")?.trim() ?? "";
  if (!paymentIntent)
    return (
      <MessagePage
        pageTitle={t("pages.paymentSuccess")}
        tone="error"
        title={t("payment.success.missingTitle")}
        actions={
          <Link to="/dashboard" className={buttonClasses("secondary")}>
            {t("payment.success.dashboard")}
          </Link>
        }
      >
        {t("payment.success.missingText")}
      </MessagePage>
    );
  return <PaymentOutcome key={paymentIntent} paymentIntent={paymentIntent} />;
}

function PaymentOutcome({ paymentIntent }: { paymentIntent: string }) {
  const { t } = useTranslation(paymentTexts);
  const activation = useActivation(paymentIntent, true);
  const processing = activation.data?.status === "processing";
  const timedOut = useTimeout(processing, POLL_LIMIT_MS);
  const verification = useVerificationPolling(paymentIntent, processing && !timedOut);
  const verified = verification.data?.status;
  const { refetch: activateAgain } = activation;

  // The bank has answered while we waited: switch the plan on (activation is idempotent).
  useEffect(() => {
    if (processing && verified === "succeeded") void activateAgain();
  }, [processing, verified, activateAgain]);

  // A refusal, or a refund (another plan was in force), is final: the polled answer says it.
  const polledFinal = verified === "failed" || verified === "refunded";
  const outcome: PaymentVerification | undefined = processing && polledFinal ? verification.data : activation.data;

  useEffect(() => {
    if (activation.isError) notify.error(t("payment.success.activationError"));
  }, [activation.isError, t]);

  if (activation.isPending)
    return (
      <PageFrame title={t("pages.paymentSuccess")}>
        <div className="flex justify-center py-16 text-night-700">
          <Spinner size="lg" label={t("payment.success.verifying")} />
        </div>
      </PageFrame>
    );

  if (activation.isError)
    return (
      <MessagePage
        pageTitle={t("pages.paymentSuccess")}
        tone="error"
        title={t("payment.success.activationError")}
        actions={
          <>
            <Button loading={activation.isFetching} onClick={() => void activation.refetch()}>
              {t("common.retry")}
            </Button>
            <Link to="/dashboard" className={buttonClasses("ghost", "md", "border border-night-600")}>
              {t("payment.success.dashboard")}
            </Link>
          </>
        }
      >
        {serverMessage(activation.error, t, "payment.success.activationError")}
      </MessagePage>
    );

  if (!outcome) return null;
  if (outcome.status === "failed")
    return (
      <MessagePage
        pageTitle={t("pages.paymentSuccess")}
        tone="error"
        title={t("payment.success.verifyError")}
        actions={
          <Link to={`/payment/${outcome.plan}`} className={buttonClasses("secondary")}>
            {t("payment.success.retryPayment")}
          </Link>
        }
      >
        {outcome.failure_message ?? t("payment.success.verifyError")}
      </MessagePage>
    );

  if (outcome.status === "refunded")
    return (
      <MessagePage
        pageTitle={t("pages.paymentSuccess")}
        title={t("payment.success.refundedTitle")}
        actions={
          <Link to="/settings?tab=subscription" className={buttonClasses("secondary")}>
            {t("payment.success.toSettings")}
          </Link>
        }
      >
        <p data-testid="payment-refunded">{outcome.failure_message ?? t("payment.success.refundedText")}</p>
      </MessagePage>
    );

  if (outcome.status === "processing")
    return (
      <MessagePage
        pageTitle={t("pages.paymentSuccess")}
        title={t("payment.success.processingTitle")}
        actions={
          timedOut ? (
            <Link to="/settings?tab=subscription" className={buttonClasses("secondary")}>
              {t("payment.success.toSettings")}
            </Link>
          ) : undefined
        }
      >
        <div className="flex items-center gap-3" aria-live="polite">
          {!timedOut && <Spinner size="sm" decorative />}
          <p>{t(timedOut ? "payment.success.timeoutText" : "payment.success.processingText")}</p>
        </div>
      </MessagePage>
    );

  return <PaymentConfirmed payment={outcome} />;
}

/** True once `active` has stayed true for `ms`. */
function useTimeout(active: boolean, ms: number): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setExpired(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return active && expired;
}

function PaymentConfirmed({ payment }: { payment: PaymentVerification }) {
  const { t } = useTranslation(paymentTexts);
  const toasted = useRef(false);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (toasted.current) return;
    toasted.current = true;
    notify.success(t("payment.success.toast"));
  }, [t]);

  const download = async (invoiceId: string) => {
    setDownloading(true);
    try {
      await downloadInvoice(invoiceId);
    } catch (error) {
      console.error("invoice download failed", error);
      notify.error(t("payment.success.downloadError"));
    } finally {
      setDownloading(false);
    }
  };

  const invoiceId = payment.invoice_id;
  // The date starts with its weekday ("mardi 14 mai 2026"), capitalised as a value on its own.
  const rows: { label: string; value: string | null; className?: string }[] = [
    { label: t("payment.success.plan"), value: payment.plan_name },
    { label: t("payment.success.amount"), value: formatEuros(payment.amount) },
    {
      label: t("payment.success.nextBilling"),
      value: payment.next_billing_date && formatLongDate(payment.next_billing_date),
      className: "first-letter:uppercase",
    },
    { label: t("payment.success.transaction"), value: payment.transaction_id, className: "break-all" },
    { label: t("payment.success.invoice"), value: payment.invoice_number },
  ];

  return (
    <PageFrame title={t("payment.success.title")}>
      <div className="max-w-2xl rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
        <p className="flex items-center gap-3 text-lg font-semibold text-night-900">
          <BadgeCheck aria-hidden="true" className="h-7 w-7 shrink-0 text-green-700" />
          {t("payment.success.intro", { plan: payment.plan_name })}
        </p>
        <dl className="mt-6 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]" data-testid="payment-details">
          {rows.map(
            ({ label, value, className }) =>
              value && (
                <div key={label} className="contents">
                  <dt className="text-slate-700">{label}</dt>
                  <dd className={clsx("font-medium text-night-900", className)}>{value}</dd>
                </div>
              ),
          )}
        </dl>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/dashboard" className={buttonClasses("secondary")}>
            {t("payment.success.dashboard")}
          </Link>
          {invoiceId && (
            <Button
              variant="ghost"
              className="border border-night-600"
              loading={downloading}
              onClick={() => void download(invoiceId)}
            >
              {t("payment.success.downloadInvoice")}
            </Button>
          )}
          <Link to="/profile" className={buttonClasses("ghost", "md", "border border-night-600")}>
            {t("payment.success.profile")}
          </Link>
        </div>
      </div>
    </PageFrame>
  );
}
