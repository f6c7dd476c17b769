// 'Paiement' on the booking's page, once the sitting's hours stand or a late cancellation left a fee
// owed: what is due (the server's figure), and for the parent 'Payer la garde' / 'Régler les frais'
// (the pay page: tip, then card) or 'Réglée hors Veilleuse' when she paid another way; for the
// babysitter, where the payment stands and 'Rembourser la famille' on a card payment. A bank's
// dispute is said too. Back from Stripe's page (?payment=return) the payment is read from Stripe once.
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { formatEuros } from "@web/lib/format";
import { formatLongDate } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import type { Booking } from "../api/list-bookings";
import {
  downloadReceipt,
  type SittingPayment,
  useRefundPayment,
  useSettleOutside,
  useSittingPayment,
  useSyncPayment,
} from "../api/sitting-payment";
import { bookingsTexts } from "../texts";

export function PaymentPanel({ booking }: { booking: Booking }) {
  const { t } = useTranslation(bookingsTexts);
  // Asked once hours are declared (the server answers null until they stand: its rule, not copied
  // here) or once a late cancellation left a fee owed.
  const payment = useSittingPayment(booking.id, booking.hours !== null || booking.late_cancel_fee_cents !== null);
  useReturnFromProvider(booking.id);
  if (!payment.data?.payment) return null;
  const current = payment.data.payment;
  return (
    <section aria-labelledby="payment-title" className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <h2 id="payment-title" className="text-lg font-semibold text-night-900">
        {t("bookings.payment.title")}
      </h2>
      <div className="mt-2 flex flex-col gap-3 text-sm">
        <p data-testid="payment-state">{stateText(t, booking.role, current)}</p>
        {current.disputed && <p className="font-medium text-amber-900">{t("bookings.payment.disputed")}</p>}
        {booking.role === "parent" && !settled(current) && <ParentChoices booking={booking} payment={current} />}
        {current.can_refund && <RefundChoice bookingId={booking.id} payment={current} />}
        {current.state === "succeeded" && (
          <Button
            variant="secondary"
            className="self-start"
            onClick={() =>
              void downloadReceipt(booking.id).catch(() => notify.error(t("bookings.payment.receiptError")))
            }
          >
            {t("bookings.payment.receipt")}
          </Button>
        )}
      </div>
    </section>
  );
}

const SETTLED: readonly SittingPayment["state"][] = ["succeeded", "outside", "refunded"];
const settled = (payment: SittingPayment) => SETTLED.includes(payment.state);

function stateText(t: (key: string, values?: Record<string, string>) => string, role: string, payment: SittingPayment) {
  const amount = formatEuros(payment.total_cents);
  if (payment.state === "refunded")
    return t("bookings.payment.refunded", { amount, date: formatLongDate(payment.refunded_at!) });
  if (payment.state === "succeeded")
    return payment.tip_cents > 0
      ? t("bookings.payment.paidWithTip", {
          amount,
          tip: formatEuros(payment.tip_cents),
          date: formatLongDate(payment.paid_at!),
        })
      : t("bookings.payment.paid", { amount, date: formatLongDate(payment.paid_at!) });
  if (payment.state === "outside") return t("bookings.payment.outside", { amount });
  if (payment.state === "failed") return t("bookings.payment.failed", { amount });
  const due = payment.kind === "late_cancellation" ? "lateDue" : "due";
  return t(`bookings.payment.${due}.${role}`, { amount });
}

function ParentChoices({ booking, payment }: { booking: Booking; payment: SittingPayment }) {
  const { t } = useTranslation(bookingsTexts);
  const outside = useSettleOutside(booking.id);
  const [asking, setAsking] = useState(false);
  const settle = () =>
    outside.mutate(undefined, {
      onSuccess: () => notify.success(t("bookings.payment.outsideDone")),
      onError: (error) => notify.error(serverMessage(error, t, "bookings.payment.error")),
    });
  return (
    <>
      {payment.payouts_ready ? (
        <Link to={`/bookings/${booking.id}/pay`} className={buttonClasses("primary", "md", "self-start")}>
          {t(payment.kind === "late_cancellation" ? "bookings.payment.payFee" : "bookings.payment.pay")}
        </Link>
      ) : (
        <p className="text-slate-700">{t("bookings.payment.notReady")}</p>
      )}
      <AskFirst
        asking={asking}
        onAsking={setAsking}
        label={t("bookings.payment.outsideAsk")}
        question={t("bookings.payment.outsideConfirm", { amount: formatEuros(payment.amount_cents) })}
        yes={t("bookings.payment.outsideYes")}
        no={t("bookings.payment.outsideNo")}
        busy={outside.isPending}
        onConfirm={settle}
      />
    </>
  );
}

/** The babysitter's full refund of a card payment, tip included: asked first, as it cannot be undone. */
function RefundChoice({ bookingId, payment }: { bookingId: string; payment: SittingPayment }) {
  const { t } = useTranslation(bookingsTexts);
  const refund = useRefundPayment(bookingId);
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    refund.mutate(undefined, {
      onSuccess: () => notify.success(t("bookings.payment.refundDone")),
      onError: (error) => notify.error(serverMessage(error, t, "bookings.payment.error")),
      onSettled: () => setAsking(false),
    });
  return (
    <AskFirst
      asking={asking}
      onAsking={setAsking}
      label={t("bookings.payment.refund")}
      question={t("bookings.payment.refundConfirm", { amount: formatEuros(payment.total_cents) })}
      yes={t("bookings.payment.refundYes")}
      no={t("bookings.payment.refundNo")}
      busy={refund.isPending}
      onConfirm={confirm}
    />
  );
}

type AskFirstProps = {
  asking: boolean;
  onAsking: (asking: boolean) => void;
  label: string;
  question: string;
  yes: string;
  no: string;
  busy: boolean;
  onConfirm: () => void;
};

/** A choice that cannot be undone, asked in place: its button, then the question with yes and no. */
function AskFirst({ asking, onAsking, label, question, yes, no, busy, onConfirm }: AskFirstProps) {
  if (!asking)
    return (
      <Button variant="secondary" className="self-start" onClick={() => onAsking(true)}>
        {label}
      </Button>
    );
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-night-50 p-3">
      <p>{question}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" loading={busy} onClick={onConfirm}>
          {yes}
        </Button>
        <Button variant="ghost" onClick={() => onAsking(false)}>
          {no}
        </Button>
      </div>
    </div>
  );
}

/** Back from Stripe's page (?payment=return): the payment is read from Stripe once, then the query goes. */
function useReturnFromProvider(bookingId: string) {
  const [params, setParams] = useSearchParams();
  const sync = useSyncPayment(bookingId);
  const done = useRef(false);
  useEffect(() => {
    if (params.get("payment") !== "return" || done.current) return;
    done.current = true;
    sync.mutate();
    setParams({}, { replace: true });
  }, [params, setParams, sync]);
}
