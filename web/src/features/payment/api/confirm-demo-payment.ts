// POST /api/stripe/demo/confirm-payment {payment_intent_id, card_number}: the demo provider's card
// form (no real charge). 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.
import { useMutation } from "@tanstack/react-query";
import type { PaymentVerification } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";

export type ConfirmDemoPaymentInput = { payment_intent_id: string; card_number: string };

export const confirmDemoPayment = (input: ConfirmDemoPaymentInput): Promise<PaymentVerification> =>
  unwrap(client.api.stripe.demo["confirm-payment"].$post({ json: input }));

export function useConfirmDemoPayment() {
  return useMutation({ mutationFn: confirmDemoPayment });
}
