// POST /api/stripe/demo/confirm-payment {payment_intent_id, card_number, card_expiry, card_cvc}: the
// demo provider's card form (no real charge), checked by the server as by the form (cardDetailsSchema).
// 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.
import { useMutation } from "@tanstack/react-query";
import type { CardDetails, PaymentVerification } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";

export type ConfirmDemoPaymentInput = CardDetails & { payment_intent_id: string };

export const confirmDemoPayment = (input: ConfirmDemoPaymentInput): Promise<PaymentVerification> =>
  unwrap(client.api.stripe.demo["confirm-payment"].$post({ json: input }));

export function useConfirmDemoPayment() {
  return useMutation({ mutationFn: confirmDemoPayment });
}
