// POST /api/admin/subscriptions/{id}/suspend | reactivate, each with the reason the admin writes
// (kept in the audit log): the answer is the row as it now stands and whether anything changed.
// Whatever the outcome, the lists are asked again: a refusal (409: the plan changed meanwhile) says
// the page was out of date.
import { useMutation } from "@tanstack/react-query";
import type { AdminSubscriptionAction } from "@db/validators/admin-subscriptions";
import type { AdminReasonBody } from "@db/validators/admin-users";
import { client, unwrap } from "@web/lib/api-client";
import { refreshSubscriptions } from "./keys";

export type SubscriptionChange = { kind: "suspend" | "reactivate"; subscriptionId: string; body: AdminReasonBody };

const subscription = client.api.admin.subscriptions[":subscriptionId"];

export function changeSubscription({
  kind,
  subscriptionId,
  body,
}: SubscriptionChange): Promise<AdminSubscriptionAction> {
  const request = { param: { subscriptionId }, json: body };
  return unwrap(kind === "suspend" ? subscription.suspend.$post(request) : subscription.reactivate.$post(request));
}

export const useChangeSubscription = () =>
  useMutation({ mutationFn: changeSubscription, onSettled: refreshSubscriptions });
