// The question before a plan change: 'Passer au Premium' or 'Rétrograder au Standard' first shows
// what is charged today (the provider's prorated preview), from when the new plan applies and what
// each month costs from the next billing date; nothing changes until 'Confirmer'. While the change
// runs the confirm button is locked with a spinner (and the server's claim turns a second request
// into a 409 anyway). The native <dialog> keeps focus inside and closes on Escape.
import { useEffect, useId, useRef } from "react";
import type { PaidPlan } from "@db/schema/enums";
import { planNameKey } from "@db/constants/plans";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { formatEuros } from "@web/lib/format";
import { formatLongDate } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { serverMessage } from "@web/lib/server-message";
import { usePlanChangePreview } from "../api/preview-plan-change";
import { settingsTexts } from "../texts";

type PlanChangeDialogProps = {
  subscriptionId: string;
  /** The plan asked for; null while the dialog is closed. */
  plan: PaidPlan | null;
  busy: boolean;
  /** `quotedAt`: the preview's instant, sent with the change so the charge is the amount shown. */
  onConfirm: (plan: PaidPlan, quotedAt: string) => void;
  onCancel: () => void;
};

export function PlanChangeDialog({ subscriptionId, plan, busy, onConfirm, onCancel }: PlanChangeDialogProps) {
  const { t } = useTranslation(settingsTexts);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const preview = usePlanChangePreview(subscriptionId, plan);
  const open = plan !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const upgrade = plan === "premium";
  const quote = preview.data;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-busy={preview.isFetching || busy || undefined}
      data-testid="plan-change-dialog"
      onCancel={(event) => {
        event.preventDefault(); // Escape: ignored while the change runs, else the same as 'Annuler'
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(30rem,calc(100%-2rem))] rounded-2xl bg-white p-6 text-night-900 shadow-xl backdrop:bg-night-950/60"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {plan && t(upgrade ? "settings.planChange.upgradeTitle" : "settings.planChange.downgradeTitle")}
      </h2>
      {!plan ? null : preview.isPending ? (
        <div className="mt-4 flex justify-center py-4 text-night-700">
          <Spinner size="lg" label={t("settings.planChange.quoting")} />
        </div>
      ) : preview.isError ? (
        <div role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{serverMessage(preview.error, t, "settings.planChange.quoteError")}</p>
          <Button className="mt-3" size="sm" loading={preview.isFetching} onClick={() => void preview.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : quote ? (
        <>
          <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm" data-testid="plan-change-quote">
            <dt className="text-slate-700">{t("settings.planChange.newPlan")}</dt>
            <dd className="text-right font-semibold">{t(planNameKey(quote.plan))}</dd>
            <dt className="font-semibold text-night-900">{t("settings.planChange.today")}</dt>
            <dd className="text-right text-lg font-bold" data-testid="amount-today">
              {formatEuros(quote.amount_today)}
            </dd>
            <dt className="text-slate-700">{t("settings.planChange.from")}</dt>
            <dd className="text-right first-letter:uppercase">{formatLongDate(quote.applies_from)}</dd>
          </dl>
          <p className="mt-3 text-sm text-slate-700">
            {t(quote.amount_today > 0 ? "settings.planChange.prorated" : "settings.planChange.nothingToday", {
              end: formatLongDate(quote.next_billing_date),
            })}{" "}
            {t("settings.planChange.then", {
              price: formatEuros(quote.next_amount),
              date: formatLongDate(quote.next_billing_date),
            })}
          </p>
        </>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="ghost" className="border border-night-600" onClick={onCancel} disabled={busy}>
          {t("common.cancel")}
        </Button>
        <Button
          loading={busy}
          disabled={!quote || preview.isFetching}
          onClick={() => plan && quote && onConfirm(plan, quote.applies_from)}
        >
          {busy
            ? t("settings.planChange.changing")
            : quote && quote.amount_today > 0
              ? t("settings.planChange.confirmPay", { amount: formatEuros(quote.amount_today) })
              : t("settings.planChange.confirm")}
        </Button>
      </div>
    </dialog>
  );
}
