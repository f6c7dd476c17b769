// POST /api/stripe/request-refund {invoice_id, reason}: the 14-day guarantee on one invoice. The
// refund ends the subscription at once (the answer's subscription is then null).
import { useMutation } from "@tanstack/react-query";
import type { InvoiceDto, SubscriptionDto } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { billingKeys, invalidateBilling } from "./billing-keys";

export const requestRefund = (
  invoiceId: string,
): Promise<{ invoice: InvoiceDto; subscription: SubscriptionDto | null }> =>
  unwrap(client.api.stripe["request-refund"].$post({ json: { invoice_id: invoiceId, reason: "customer_request" } }));

export function useRequestRefund() {
  return useMutation({
    mutationFn: requestRefund,
    onSuccess: ({ subscription }) => queryClient.setQueryData(billingKeys.subscription(), { subscription }),
    onSettled: invalidateBilling,
  });
}
