// /payment without a plan: the plans page a signed-in babysitter reaches from 'Choisir un
// abonnement' and 'Voir les plans' (no longer the marketing home page). The three plans with their
// price and features, each paid plan leading to its checkout, and the refund rule as it is applied
// (services/plan-changes.ts). Parents are told Veilleuse is free for them.
import { clsx } from "clsx";
import { Check, ShieldCheck } from "lucide-react";
import { Link } from "react-router-dom";
import { planFeatureKey, planNameKey, PLANS, REFUND_WINDOW_DAYS, type PlanDefinition } from "@db/constants/plans";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { formatEuros } from "@web/lib/format";
import { useTranslation } from "@web/lib/i18n";
import { paymentTexts } from "../texts";

export function PlansOverview() {
  const { t } = useTranslation(paymentTexts);
  return (
    <PageFrame title={t("payment.plans.title")} intro={t("payment.plans.intro")}>
      <ul className="grid gap-6 lg:grid-cols-3" data-testid="plans">
        {Object.values(PLANS).map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
      <RefundRule />
    </PageFrame>
  );
}

function PlanCard({ plan }: { plan: PlanDefinition }) {
  const { t } = useTranslation(paymentTexts);
  const name = t(planNameKey(plan.id));
  return (
    <li
      aria-label={name}
      className={clsx(
        "relative flex flex-col rounded-2xl bg-white p-6 shadow-sm",
        plan.mostPopular ? "ring-2 ring-glow-500" : "ring-1 ring-night-100",
      )}
    >
      {plan.mostPopular && (
        <span className="absolute -top-3 left-6 rounded-full bg-glow-400 px-3 py-1 text-xs font-bold text-night-950">
          {t("payment.plans.popular")}
        </span>
      )}
      <h2 className="text-xl font-semibold">{name}</h2>
      <p className="mt-1 text-sm text-slate-700">{t(`payment.plans.description.${plan.id}`)}</p>
      <p className="mt-4">
        <span className="text-4xl font-extrabold">{formatEuros(plan.priceCents)}</span>
        <span className="text-slate-700">
          {" "}
          {t(plan.priceCents > 0 ? "payment.plans.perMonth" : "payment.plans.trial")}
        </span>
      </p>
      <ul className="mt-6 flex-1 space-y-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="h-5 w-5 shrink-0 text-glow-800" />
            {t(planFeatureKey(feature))}
          </li>
        ))}
      </ul>
      {plan.priceCents > 0 ? (
        <Link
          to={`/payment/${plan.id}`}
          className={buttonClasses(plan.mostPopular ? "primary" : "secondary", "md", "mt-6")}
        >
          {t("payment.plans.choose", { plan: name })}
        </Link>
      ) : (
        <p className="mt-6 text-sm font-semibold text-night-900">{t("payment.plans.trialIncluded")}</p>
      )}
    </li>
  );
}

/** The 14-day guarantee as applied: the period's recent payments, the plan's end, the trial given back. */
function RefundRule() {
  const { t } = useTranslation(paymentTexts);
  return (
    <section
      aria-labelledby="refund-rule-title"
      className="mt-8 flex gap-4 rounded-2xl border border-night-100 bg-white p-6 shadow-sm"
    >
      <ShieldCheck aria-hidden="true" className="h-8 w-8 shrink-0 text-glow-800" />
      <div>
        <h2 id="refund-rule-title" className="text-lg font-semibold text-night-900">
          {t("payment.plans.refundTitle", { days: REFUND_WINDOW_DAYS })}
        </h2>
        <p className="mt-2 text-slate-700" data-testid="refund-rule">
          {t("payment.plans.refundRule", { days: REFUND_WINDOW_DAYS })}
        </p>
      </div>
    </section>
  );
}
