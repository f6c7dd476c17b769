// POST /api/stripe/create-payment-intent {plan, amount, currency, customer_email}: the checkout's
// payment, started once when the page opens. The server prices the plan itself (an amount that
// disagrees is refused) and answers the same pending payment when asked again, so this is a query:
// a reload or a remount asks again safely, and 'Réessayer' is a refetch.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { PLAN_CURRENCY, planAmountCents } from "@db/constants/plans";
import type { PaidPlan } from "@db/schema/enums";
import type { CreatePaymentIntentBody, PaymentIntentAnswer } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";

/** The body: amount = price x 100 (cents), currency eur. */
export const paymentIntentBody = (plan: PaidPlan, email: string): CreatePaymentIntentBody => ({
  plan,
  amount: planAmountCents(plan),
  currency: PLAN_CURRENCY,
  customer_email: email,
});

export const createPaymentIntent = (plan: PaidPlan, email: string): Promise<PaymentIntentAnswer> =>
  unwrap(client.api.stripe["create-payment-intent"].$post({ json: paymentIntentBody(plan, email) }));

export const paymentIntentQueryOptions = (plan: PaidPlan, email: string) =>
  queryOptions({
    queryKey: ["billing", "payment-intent", plan],
    queryFn: () => createPaymentIntent(plan, email),
    // One payment per visit of the page: never asked again behind the customer's back.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function usePaymentIntent(plan: PaidPlan, email: string, enabled: boolean) {
  return useQuery({ ...paymentIntentQueryOptions(plan, email), enabled });
}
