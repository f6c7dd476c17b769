// POST /api/stripe/request-refund {invoice_id, reason}: the 14-day guarantee. Every payment of the
// current period within 14 days is refunded and the plan ends; the answer's subscription is the
// Discovery trial given back (or null when none of it remained).
import { useMutation } from "@tanstack/react-query";
import type { InvoiceDto, SubscriptionDto } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { billingKeys, invalidateBilling } from "./billing-keys";

export const requestRefund = (
  invoiceId: string,
): Promise<{ invoice: InvoiceDto; refunded_invoices: InvoiceDto[]; subscription: SubscriptionDto | null }> =>
  unwrap(client.api.stripe["request-refund"].$post({ json: { invoice_id: invoiceId, reason: "customer_request" } }));

export function useRequestRefund() {
  return useMutation({
    mutationFn: requestRefund,
    onSuccess: ({ subscription }) => queryClient.setQueryData(billingKeys.subscription(), { subscription }),
    onSettled: invalidateBilling,
  });
}
