// /payouts ('Mes paiements', babysitters): what families paid her for her sittings, newest first:
// by card through Veilleuse (all of it, tip included, is hers: no commission) or settled outside it
// by the family's word, a payment she refunded marked as such (the server counts it in no total);
// the totals; the payouts from her Stripe account to her bank ('Versements vers votre banque', none
// in demo mode), and with Stripe the link to her Express dashboard. Without card payments
// activated, the way to Settings to activate them.
import { Link } from "react-router-dom";
import type { ReceivedPayments } from "@db/validators/payments";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { formatEuros } from "@web/lib/format";
import { formatDay, formatLongDate } from "@web/lib/format-paris";
import { type TFunction, useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { useOpenDashboard, usePayoutAccountState, useReceivedPayments } from "./api/payouts";
import { payoutsTexts } from "./texts";

export function PayoutsPage() {
  const { t } = useTranslation(payoutsTexts);
  const received = useReceivedPayments();
  const account = usePayoutAccountState();
  const dashboard = useOpenDashboard();
  const enabled = account.data?.status === "enabled";
  return (
    <PageFrame title={t("payouts.title")}>
      <div className="flex max-w-3xl flex-col gap-6">
        <p className="text-slate-700">{t("payouts.intro")}</p>
        {account.data && !enabled && (
          <p className="rounded-xl bg-night-50 p-4 text-sm">
            {t("payouts.notEnabled")}{" "}
            <Link to="/settings?tab=subscription" className="font-medium underline">
              {t("payouts.activate")}
            </Link>
          </p>
        )}
        {enabled && account.data?.provider === "stripe" && (
          <Button
            variant="secondary"
            className="self-start"
            loading={dashboard.isPending}
            onClick={() => dashboard.mutate(undefined, { onError: () => notify.error(t("payouts.dashboardError")) })}
          >
            {t("payouts.dashboard")}
          </Button>
        )}
        {received.isPending ? (
          <div aria-busy="true" className="h-40 animate-pulse rounded-2xl bg-night-100" />
        ) : received.isError ? (
          <p role="alert">{t("payouts.loadError")}</p>
        ) : (
          <>
            <ReceivedList received={received.data} />
            <BankPayouts payouts={received.data.bank_payouts} />
          </>
        )}
        <Link
          to="/settings?tab=subscription"
          className={buttonClasses("ghost", "md", "self-start border border-night-600")}
        >
          {t("payouts.settings")}
        </Link>
      </div>
    </PageFrame>
  );
}

type ReceivedPayment = ReceivedPayments["payments"][number];
type BankPayout = ReceivedPayments["bank_payouts"][number];

const SECTION = "rounded-2xl border border-night-100 bg-white p-6 shadow-sm";

function ReceivedList({ received }: { received: ReceivedPayments }) {
  const { t } = useTranslation(payoutsTexts);
  return (
    <section aria-labelledby="received-title" className={SECTION}>
      <h2 id="received-title" className="text-lg font-semibold text-night-900">
        {t("payouts.received")}
      </h2>
      <p className="mt-1 text-sm" data-testid="payouts-totals">
        {t("payouts.totals", {
          card: formatEuros(received.card_total_cents),
          outside: formatEuros(received.outside_total_cents),
        })}
      </p>
      {received.payments.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t("payouts.empty")}</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-night-100">
          {received.payments.map((payment) => (
            <PaymentRow key={payment.booking_id} payment={payment} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One sitting's payment; a refunded one says so in words, its amount struck as it counts no more. */
function PaymentRow({ payment }: { payment: ReceivedPayment }) {
  const { t } = useTranslation(payoutsTexts);
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm" data-testid="received-payment">
      <Link to={`/bookings/${payment.booking_id}`} className="font-medium text-night-900 underline">
        {t("payouts.sitting", { date: formatLongDate(payment.sitting_start), family: payment.family })}
      </Link>
      <span className="flex flex-wrap items-baseline gap-2">
        {payment.refunded && (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
            {t("payouts.refunded")}
          </span>
        )}
        <span className={payment.refunded ? "text-slate-700 line-through" : undefined}>{amountText(t, payment)}</span>
      </span>
    </li>
  );
}

function amountText(t: TFunction, payment: ReceivedPayment) {
  if (payment.method === "outside") return t("payouts.outside", { amount: formatEuros(payment.amount_cents) });
  if (payment.tip_cents === 0) return t("payouts.card", { amount: formatEuros(payment.amount_cents) });
  return t("payouts.cardWithTip", {
    amount: formatEuros(payment.amount_cents + payment.tip_cents),
    tip: formatEuros(payment.tip_cents),
  });
}

/** A YYYY-MM-DD day as an instant of that day (noon UTC is that day in Paris too). */
const dayOf = (date: string) => `${date}T12:00:00.000Z`;

function BankPayouts({ payouts }: { payouts: BankPayout[] }) {
  const { t } = useTranslation(payoutsTexts);
  return (
    <section aria-labelledby="bank-payouts-title" className={SECTION}>
      <h2 id="bank-payouts-title" className="text-lg font-semibold text-night-900">
        {t("payouts.bank.title")}
      </h2>
      {payouts.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t("payouts.bank.empty")}</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-night-100">
          {payouts.map((payout, index) => (
            // Payouts have no id of their own here; the list is the server's, newest first.
            <BankPayoutRow key={`${payout.arrival_date}-${index}`} payout={payout} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BankPayoutRow({ payout }: { payout: BankPayout }) {
  const { t } = useTranslation(payoutsTexts);
  const failed = payout.status === "failed";
  return (
    <li className="flex flex-col gap-1 py-2 text-sm" data-testid="bank-payout">
      <span className="flex flex-wrap items-baseline justify-between gap-2">
        <span>{formatDay(dayOf(payout.arrival_date))}</span>
        <span>
          {t("payouts.bank.amount", {
            amount: formatEuros(payout.amount_cents),
            status: t(failed ? "payouts.bank.failed" : "payouts.bank.paid"),
          })}
        </span>
      </span>
      {failed && payout.failure_message && (
        <span className="font-medium text-red-800">
          {t("payouts.bank.failure", { reason: payout.failure_message })}
        </span>
      )}
    </li>
  );
}
