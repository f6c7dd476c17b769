// The current plan card (Settings → Abonnement): status badge, name, description, monthly price,
// period start and end, automatic renewal Oui/Non, the included features, and the buttons the
// plan and its state allow. Discovery (the trial) shows the days and bookings left and links to the
// plans page (/payment): moving to a paid plan from it is a checkout, not a modification. A change
// between paid plans asks first, with the amount charged today (plan-change-dialog.tsx).
// A trial does not renew: its renewal reads 'Non' (it simply ends), as a pending cancellation does.
import { Check, Hourglass } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { isPaidPlan, planFeatureKey, planNameKey, PLANS } from "@db/constants/plans";
import type { PaidPlan } from "@db/schema/enums";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { formatEuros } from "@web/lib/format";
import { formatLongDate } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useCancelSubscription } from "../api/cancel-subscription";
import type { Subscription } from "../api/get-subscription";
import { useModifySubscription } from "../api/modify-subscription";
import { useReactivateSubscription } from "../api/reactivate-subscription";
import { settingsTexts } from "../texts";
import { PlanChangeDialog } from "./plan-change-dialog";
import { SubscriptionStatusBadge } from "./subscription-status-badge";

const DAY_MS = 86_400_000;

/** Whole days left until `end` (a started day counts: 'encore 1 jour' on the last one). */
const daysUntil = (end: string) => Math.max(0, Math.ceil((Date.parse(end) - Date.now()) / DAY_MS));

const OUTLINED = "border border-night-600";

export function CurrentPlanCard({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation(settingsTexts);
  const plan = PLANS[subscription.plan];
  const trial = subscription.plan === "discovery";
  const renews = !subscription.cancel_at_period_end && !trial;
  const details: [string, string][] = [
    [t("settings.subscription.periodStart"), formatLongDate(subscription.current_period_start)],
    [t("settings.subscription.periodEnd"), formatLongDate(subscription.current_period_end)],
    [t("settings.subscription.renewal"), t(renews ? "settings.subscription.yes" : "settings.subscription.no")],
  ];

  return (
    <section
      aria-labelledby="current-plan-title"
      data-testid="current-plan"
      className="flex flex-col gap-5 rounded-2xl border border-night-100 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-slate-700">{t("settings.subscription.currentPlan")}</p>
          <h3 id="current-plan-title" className="text-2xl font-bold text-night-900">
            {t(planNameKey(plan.id))}
          </h3>
          <p className="mt-1 text-slate-700">{t(`settings.subscription.description.${subscription.plan}`)}</p>
        </div>
        <div className="flex flex-col items-end gap-2">
          <SubscriptionStatusBadge status={subscription.status} />
          <p className="text-lg font-bold text-night-900">
            {trial
              ? t("settings.subscription.free")
              : t("settings.subscription.perMonth", { price: formatEuros(subscription.amount) })}
          </p>
        </div>
      </div>

      {subscription.provider === "demo" && !trial && (
        <p className="text-sm text-amber-900">{t("settings.subscription.demoNote")}</p>
      )}

      {subscription.cancel_at_period_end && (
        <p
          role="status"
          data-testid="pending-cancel"
          className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <Hourglass aria-hidden="true" className="h-5 w-5 shrink-0" />
          {t("settings.subscription.pendingCancel", { date: formatLongDate(subscription.current_period_end) })}
        </p>
      )}

      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-medium text-night-900 first-letter:uppercase">{value}</dd>
          </div>
        ))}
      </dl>
      {trial && subscription.bookings_included !== null && (
        <div className="text-sm font-semibold text-night-900">
          <p data-testid="trial-left">
            {t("settings.subscription.trialLeft", {
              count: daysUntil(subscription.current_period_end),
              date: formatLongDate(subscription.current_period_end),
            })}
          </p>
          <p data-testid="bookings-used">
            {t("settings.subscription.bookingsUsed", {
              used: subscription.bookings_used ?? 0,
              included: subscription.bookings_included,
            })}
          </p>
        </div>
      )}

      <div>
        <h4 className="text-sm font-semibold text-night-900">{t("settings.subscription.features")}</h4>
        <ul className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden="true" className="h-5 w-5 shrink-0 text-glow-800" />
              {t(planFeatureKey(feature))}
            </li>
          ))}
        </ul>
      </div>

      <PlanActions subscription={subscription} />
    </section>
  );
}

function PlanActions({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation(settingsTexts);
  const modify = useModifySubscription();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const [confirming, setConfirming] = useState(false);
  const [changingTo, setChangingTo] = useState<PaidPlan | null>(null);
  const busy = modify.isPending || cancel.isPending || reactivate.isPending;
  const paid = isPaidPlan(subscription.plan);

  const changeTo = (plan: PaidPlan, quotedAt: string) =>
    modify.mutate(
      { subscription_id: subscription.id, new_price_id: plan, quoted_at: quotedAt },
      {
        onSuccess: () => notify.success(t("settings.subscription.updated")),
        onError: (error) => {
          console.error("plan change failed", error);
          // The server says why (e.g. a second click while the first change is under way).
          notify.error(serverMessage(error, t, "settings.subscription.updateError"));
        },
        onSettled: () => setChangingTo(null),
      },
    );

  const confirmCancel = () =>
    cancel.mutate(subscription.id, {
      onSuccess: () => notify.success(t("settings.subscription.canceled")),
      onError: (error) => {
        console.error("cancellation failed", error);
        notify.error(serverMessage(error, t, "settings.subscription.cancelError"));
      },
      onSettled: () => setConfirming(false),
    });

  const runReactivate = () =>
    reactivate.mutate(subscription.id, {
      onSuccess: () => notify.success(t("settings.subscription.reactivated")),
      onError: (error) => {
        console.error("reactivation failed", error);
        notify.error(serverMessage(error, t, "settings.subscription.reactivateError"));
      },
    });

  return (
    <>
      <div role="group" aria-label={t("settings.subscription.actions")} className="flex flex-wrap gap-3">
        {subscription.plan === "discovery" && (
          <>
            <Link to="/payment/premium" className={buttonClasses("primary")}>
              {t("settings.subscription.upgrade")}
            </Link>
            <Link to="/payment" className={buttonClasses("ghost", "md", OUTLINED)}>
              {t("settings.subscription.choosePlan")}
            </Link>
          </>
        )}
        {subscription.plan === "standard" && (
          <Button loading={modify.isPending} disabled={busy} onClick={() => setChangingTo("premium")}>
            {t("settings.subscription.upgrade")}
          </Button>
        )}
        {subscription.plan === "premium" && (
          <Button
            variant="ghost"
            className={OUTLINED}
            loading={modify.isPending}
            disabled={busy}
            onClick={() => setChangingTo("standard")}
          >
            {t("settings.subscription.downgrade")}
          </Button>
        )}
        {paid && subscription.status === "active" && !subscription.cancel_at_period_end && (
          <Button variant="ghost" className={OUTLINED} disabled={busy} onClick={() => setConfirming(true)}>
            {t("settings.subscription.cancel")}
          </Button>
        )}
        {subscription.cancel_at_period_end && (
          <Button variant="secondary" loading={reactivate.isPending} disabled={busy} onClick={runReactivate}>
            {t("settings.subscription.reactivate")}
          </Button>
        )}
      </div>
      <PlanChangeDialog
        subscriptionId={subscription.id}
        plan={changingTo}
        busy={modify.isPending}
        onConfirm={changeTo}
        onCancel={() => setChangingTo(null)}
      />
      <ConfirmDialog
        open={confirming}
        title={t("settings.subscription.cancelDialog.title")}
        message={t("settings.subscription.cancelDialog.message")}
        confirmLabel={t("settings.subscription.cancelDialog.confirm")}
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
