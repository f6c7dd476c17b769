// The pay page of a sitting (/bookings/{id}/pay): the booking's payment as the server computed it
// (GET /api/bookings/{id}/payment), the sitter's name (GET /api/bookings/{id}), opening the card
// payment with the tip (POST .../payment: the amount is never sent, only the tip) and the demo
// provider's card (POST .../payment/demo-confirm).
import { useMutation, useQuery } from "@tanstack/react-query";
import type { CardDetails } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

const paymentKey = (id: string) => ["bookings", id, "payment"] as const;

export const useBookingForPayment = (id: string) =>
  useQuery({
    queryKey: ["bookings", id],
    queryFn: () => unwrap(client.api.bookings[":id"].$get({ param: { id } })),
  });

export const useSittingPaymentState = (id: string) =>
  useQuery({
    queryKey: paymentKey(id),
    queryFn: () => unwrap(client.api.bookings[":id"].payment.$get({ param: { id } })),
  });

export const useStartSittingPayment = (id: string) =>
  useMutation({
    mutationFn: (tipCents: number) =>
      unwrap(client.api.bookings[":id"].payment.$post({ param: { id }, json: { tip_cents: tipCents } })),
  });

export const payWithDemoCard = async (id: string, card: CardDetails) => {
  const answer = await unwrap(client.api.bookings[":id"].payment["demo-confirm"].$post({ param: { id }, json: card }));
  queryClient.setQueryData(paymentKey(id), answer);
  return answer.payment;
};
