// POST /api/admin/subscriptions/{id}/refund: up to what was paid and not yet refunded, with one of
// the five reasons and the dialog's request key (made when it opens, sent again on each try: two
// clicks or a retry make one refund). The refund ends the plan. Whatever the outcome, the lists are
// asked again.
import { useMutation } from "@tanstack/react-query";
import type { AdminRefund, AdminRefundBody } from "@db/validators/admin-subscriptions";
import { client, unwrap } from "@web/lib/api-client";
import { refreshSubscriptions } from "./keys";

export type SubscriptionRefund = { subscriptionId: string; body: AdminRefundBody };

export const refundSubscription = ({ subscriptionId, body }: SubscriptionRefund): Promise<AdminRefund> =>
  unwrap(client.api.admin.subscriptions[":subscriptionId"].refund.$post({ param: { subscriptionId }, json: body }));

export const useRefundSubscription = () =>
  useMutation({ mutationFn: refundSubscription, onSettled: refreshSubscriptions });
