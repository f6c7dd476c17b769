// POST /api/stripe/activate-subscription {payment_intent_id}: checks the payment with the provider
// and switches the plan on (idempotent). Asked once by the success page, again only after a payment
// that was still processing has gone through. The subscription and invoices shown elsewhere reload.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PaymentVerification } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

export async function activateSubscription(paymentIntentId: string): Promise<PaymentVerification> {
  const answer = await unwrap(
    client.api.stripe["activate-subscription"].$post({ json: { payment_intent_id: paymentIntentId } }),
  );
  if (answer.status === "succeeded" || answer.status === "refunded") {
    // The settings' queries (features/settings/api): the new plan and its first invoice (or the
    // second plan's refunded invoice).
    void queryClient.invalidateQueries({ queryKey: ["billing", "subscription"] });
    void queryClient.invalidateQueries({ queryKey: ["billing", "invoices"] });
  }
  return answer;
}

export const activationQueryOptions = (paymentIntentId: string) =>
  queryOptions({
    queryKey: ["billing", "activation", paymentIntentId],
    queryFn: () => activateSubscription(paymentIntentId),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useActivation(paymentIntentId: string, enabled: boolean) {
  return useQuery({ ...activationQueryOptions(paymentIntentId), enabled });
}
