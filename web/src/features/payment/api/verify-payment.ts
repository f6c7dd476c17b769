// GET /api/stripe/verify-payment/{payment_intent}: the payment's state, read-only. The success page
// asks it every 2 s while the bank has not answered ('processing'), until it has or time is up.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PaymentVerification } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";

export const POLL_INTERVAL_MS = 2_000;

export const verifyPayment = (paymentIntentId: string): Promise<PaymentVerification> =>
  unwrap(client.api.stripe["verify-payment"][":payment_intent"].$get({ param: { payment_intent: paymentIntentId } }));

export const verificationQueryOptions = (paymentIntentId: string) =>
  queryOptions({
    queryKey: ["billing", "verification", paymentIntentId],
    queryFn: () => verifyPayment(paymentIntentId),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

/** Polls while `polling` and the answer is still 'processing'. */
export function useVerificationPolling(paymentIntentId: string, polling: boolean) {
  return useQuery({
    ...verificationQueryOptions(paymentIntentId),
    enabled: polling,
    refetchInterval: (query) =>
      polling && (query.state.data?.status ?? "processing") === "processing" ? POLL_INTERVAL_MS : false,
  });
}
