// The checkout's side column: the order summary (plan, monthly price, the VAT it includes, the total
// charged today), the plan's features and what a babysitter's plan guarantees (not the parents'
// promises, such as free cancellation 24 h before a booking): no commitment, the 14-day refund as
// applied, no commission, an invoice per payment, support. Prices, names and features come from the
// plans module (db/constants/plans.ts), never retyped.
import { BadgeEuro, Check, Clock, FileText, ShieldCheck, Undo2, type LucideIcon } from "lucide-react";
import {
  planFeatureKey,
  planNameKey,
  PLANS,
  REFUND_WINDOW_DAYS,
  VAT_RATE_PERCENT,
  vatBreakdown,
} from "@db/constants/plans";
import type { PaidPlan } from "@db/schema/enums";
import { formatEuros } from "@web/lib/format";
import { useTranslation } from "@web/lib/i18n";
import { paymentTexts } from "../texts";

const GUARANTEES: { key: string; icon: LucideIcon }[] = [
  { key: "cancelAnyTime", icon: Undo2 },
  { key: "refund", icon: ShieldCheck },
  { key: "noCommission", icon: BadgeEuro },
  { key: "invoices", icon: FileText },
  { key: "support", icon: Clock },
];

const card = "rounded-2xl border border-night-100 bg-white p-6 shadow-sm";

export function OrderSummary({ plan }: { plan: PaidPlan }) {
  const { t } = useTranslation(paymentTexts);
  const { priceCents } = PLANS[plan];
  const { vatCents } = vatBreakdown(priceCents);
  return (
    <section aria-labelledby="order-summary-title" className={card}>
      <h2 id="order-summary-title" className="text-lg font-semibold text-night-900">
        {t("payment.summary.title")}
      </h2>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm" data-testid="order-summary">
        <dt className="text-slate-700">{t("payment.summary.plan")}</dt>
        <dd className="text-right font-semibold">{t(planNameKey(plan))}</dd>
        <dt className="text-slate-700">{t("payment.summary.monthly")}</dt>
        <dd className="text-right">{t("payment.summary.perMonth", { price: formatEuros(priceCents) })}</dd>
        <dt className="text-slate-700">{t("payment.summary.vatIncluded", { rate: VAT_RATE_PERCENT })}</dt>
        <dd className="text-right">{formatEuros(vatCents)}</dd>
        <dt className="border-t border-night-100 pt-2 font-semibold text-night-900">
          {t("payment.summary.totalToday")}
        </dt>
        <dd className="border-t border-night-100 pt-2 text-right text-lg font-bold">{formatEuros(priceCents)}</dd>
      </dl>
      <p className="mt-3 text-xs text-slate-700">{t("payment.summary.renewal", { price: formatEuros(priceCents) })}</p>
    </section>
  );
}

export function PlanFeatures({ plan }: { plan: PaidPlan }) {
  const { t } = useTranslation(paymentTexts);
  return (
    <section aria-labelledby="plan-features-title" className={card}>
      <h2 id="plan-features-title" className="text-lg font-semibold text-night-900">
        {t("payment.features.title")}
      </h2>
      <ul className="mt-4 space-y-2 text-sm">
        {PLANS[plan].features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="h-5 w-5 shrink-0 text-glow-800" />
            {t(planFeatureKey(feature))}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Guarantees() {
  const { t } = useTranslation(paymentTexts);
  return (
    <section aria-labelledby="guarantees-title" className={card}>
      <h2 id="guarantees-title" className="text-lg font-semibold text-night-900">
        {t("payment.guarantees.title")}
      </h2>
      <ul className="mt-4 space-y-3 text-sm">
        {GUARANTEES.map(({ key, icon: Icon }) => (
          <li key={key} className="flex items-start gap-3">
            <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-glow-800" />
            {t(`payment.guarantees.${key}`, { days: REFUND_WINDOW_DAYS })}
          </li>
        ))}
      </ul>
    </section>
  );
}
