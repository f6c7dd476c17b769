// /payouts ('Mes paiements', babysitters): what families paid her for her sittings, newest first:
// by card through Veilleuse (all of it, tip included, is hers: no commission) or settled outside it
// by the family's word; the totals; and, with Stripe, the link to her Express dashboard where her
// payouts to her bank are. Without card payments activated, the way to Settings to activate them.
import { Link } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { formatEuros } from "@web/lib/format";
import { formatLongDate } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
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
          <section
            aria-labelledby="received-title"
            className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm"
          >
            <h2 id="received-title" className="text-lg font-semibold text-night-900">
              {t("payouts.received")}
            </h2>
            <p className="mt-1 text-sm" data-testid="payouts-totals">
              {t("payouts.totals", {
                card: formatEuros(received.data.card_total_cents),
                outside: formatEuros(received.data.outside_total_cents),
              })}
            </p>
            {received.data.payments.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">{t("payouts.empty")}</p>
            ) : (
              <ul className="mt-3 flex flex-col divide-y divide-night-100">
                {received.data.payments.map((payment) => (
                  <li
                    key={payment.booking_id}
                    className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm"
                    data-testid="received-payment"
                  >
                    <Link to={`/bookings/${payment.booking_id}`} className="font-medium text-night-900 underline">
                      {t("payouts.sitting", { date: formatLongDate(payment.sitting_start), family: payment.family })}
                    </Link>
                    <span>
                      {payment.method === "outside"
                        ? t("payouts.outside", { amount: formatEuros(payment.amount_cents) })
                        : payment.tip_cents > 0
                          ? t("payouts.cardWithTip", {
                              amount: formatEuros(payment.amount_cents + payment.tip_cents),
                              tip: formatEuros(payment.tip_cents),
                            })
                          : t("payouts.card", { amount: formatEuros(payment.amount_cents) })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
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
