// What an admin may do to a plan, from its row, each through a dialog: suspend an active paid plan
// (with a reason), reactivate a paused one (with a reason), refund what was paid and not yet
// refunded (an amount and one of five reasons; it ends the plan). A trial offers neither suspension
// nor refund: nothing was paid. The server refuses any other case (409) with its message.
import { Ban, PlayCircle, Undo2 } from "lucide-react";
import type { AdminRefundBody, AdminSubscriptionRow } from "@db/validators/admin-subscriptions";
import type { AdminReasonBody } from "@db/validators/admin-users";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { ActionDialog, ReasonForm } from "../../components/action-dialog";
import { useChangeSubscription } from "../api/change-subscription";
import { useRefundSubscription } from "../api/refund-subscription";
import { adminSubscriptionsTexts } from "../texts";
import { RefundForm } from "./refund-form";

export type SubscriptionActionKind = "suspend" | "reactivate" | "refund";
/** The action asked for, on which plan. */
export type AskedAction = { kind: SubscriptionActionKind; row: AdminSubscriptionRow };
export type AskAction = (action: AskedAction) => void;

/** What is left to refund: what was paid less what was refunded already. */
export const refundableCents = (row: AdminSubscriptionRow) => row.total_paid_cents - row.refunded_cents;

/** The actions this plan offers now, in the order they show. */
function offeredActions(row: AdminSubscriptionRow): SubscriptionActionKind[] {
  const offered: SubscriptionActionKind[] = [];
  if (row.status === "active" && row.plan !== "discovery") offered.push("suspend");
  if (row.status === "paused") offered.push("reactivate");
  if (refundableCents(row) > 0) offered.push("refund");
  return offered;
}

const ICONS: Record<SubscriptionActionKind, typeof Ban> = { suspend: Ban, reactivate: PlayCircle, refund: Undo2 };

export function RowActions({ row, onAction }: { row: AdminSubscriptionRow; onAction: AskAction }) {
  const { t } = useTranslation(adminSubscriptionsTexts);
  const offered = offeredActions(row);
  if (offered.length === 0) return t("adminShared.none");
  return (
    <div className="flex gap-2">
      {offered.map((kind) => {
        const Icon = ICONS[kind];
        return (
          <Button
            key={kind}
            size="sm"
            variant="ghost"
            className="border border-night-600"
            // The row's name in the button's: 'Rembourser' alone is one of many on the page.
            aria-label={t(`adminSubscriptions.actions.dialogs.${kind}.title`, { name: row.user_name })}
            onClick={() => onAction({ kind, row })}
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
            {t(`adminSubscriptions.actions.${kind}`)}
          </Button>
        );
      })}
    </div>
  );
}

/** The plan changed meanwhile or is gone: the refreshed list says how it stands, the dialog closes. */
const outOfDate = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 409);

/** The dialog of the action asked for (null: closed); `onClose` once it is done or cancelled. */
export function SubscriptionActionDialog({ action, onClose }: { action: AskedAction | null; onClose: () => void }) {
  const { t } = useTranslation(adminSubscriptionsTexts);
  const change = useChangeSubscription();
  const refund = useRefundSubscription();
  const pending = change.isPending || refund.isPending;
  const kind = action?.kind;

  /** Sends the request (which toasts its outcome), then closes; a refusal is toasted and rethrown for the form. */
  const run = async (send: () => Promise<void>, keepOpen: (error: unknown) => boolean) => {
    try {
      await send();
      onClose();
    } catch (error) {
      notify.error(serverMessage(error, t, "errors.internal"));
      if (!keepOpen(error)) onClose();
      throw error;
    }
  };

  const submitChange = (row: AdminSubscriptionRow, what: "suspend" | "reactivate", body: AdminReasonBody) =>
    run(
      async () => {
        const result = await change.mutateAsync({ kind: what, subscriptionId: row.id, body });
        if (result.changed) notify.success(t(`adminSubscriptions.actions.done.${what}`));
        else notify.info(t("adminSubscriptions.actions.unchanged"));
      },
      // A refused reason stays open to be corrected.
      (error) => error instanceof ApiError && error.status === 400,
    );

  // Any refusal but an out-of-date page stays open: trying again (a provider's hiccup, the network)
  // sends the same request key, so it can never refund twice.
  const submitRefund = (row: AdminSubscriptionRow, body: AdminRefundBody) =>
    run(
      async () => {
        await refund.mutateAsync({ subscriptionId: row.id, body });
        notify.success(t("adminSubscriptions.actions.done.refund"));
      },
      (error) => !outOfDate(error),
    );

  return (
    <ActionDialog
      open={action !== null}
      title={kind ? t(`adminSubscriptions.actions.dialogs.${kind}.title`, { name: action.row.user_name }) : ""}
      text={kind ? t(`adminSubscriptions.actions.dialogs.${kind}.text`) : ""}
      pending={pending}
      onCancel={onClose}
    >
      {action?.kind === "refund" ? (
        <RefundForm
          key={action.row.id}
          maxCents={refundableCents(action.row)}
          pending={pending}
          onSubmit={(body) => submitRefund(action.row, body)}
          onCancel={onClose}
        />
      ) : (
        action && (
          <ReasonForm
            key={`${action.kind}-${action.row.id}`}
            submitLabel={t(`adminSubscriptions.actions.${action.kind}`)}
            danger={action.kind === "suspend"}
            pending={pending}
            onSubmit={(body) => submitChange(action.row, action.kind as "suspend" | "reactivate", body)}
            onCancel={onClose}
          />
        )
      )}
    </ActionDialog>
  );
}
