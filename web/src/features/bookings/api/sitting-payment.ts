// A sitting's payment as both parties see it (GET /api/bookings/{id}/payment), the parent's return
// from Stripe's page (POST .../payment/sync), 'Réglée hors Veilleuse' (POST .../payment/outside) and
// the babysitter's 'Rembourser la famille' (POST .../payment/refund). Every amount is the server's.
// The card payment itself is the pay page's (/bookings/{id}/pay).
import { useMutation, useQuery } from "@tanstack/react-query";
import type { SittingPaymentDto } from "@db/validators/payments";
import { ApiError, client, unwrap } from "@web/lib/api-client";
import { saveBlob } from "@web/lib/download-invoice";
import { queryClient } from "@web/lib/query-client";

export type SittingPayment = SittingPaymentDto;

const keyOf = (id: string) => ["bookings", id, "payment"] as const;

export const useSittingPayment = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: keyOf(id),
    queryFn: () => unwrap(client.api.bookings[":id"].payment.$get({ param: { id } })),
    enabled,
    // The other party changes it (the parent pays, the babysitter refunds): read afresh each time
    // the booking's page opens, not the copy of a visit a moment ago.
    staleTime: 0,
  });

const store = (id: string) => (answer: { payment: SittingPayment | null }) =>
  queryClient.setQueryData(keyOf(id), answer);

export const useSyncPayment = (id: string) =>
  useMutation({
    mutationFn: () => unwrap(client.api.bookings[":id"].payment.sync.$post({ param: { id } })),
    onSuccess: store(id),
  });

export const useSettleOutside = (id: string) =>
  useMutation({
    mutationFn: () => unwrap(client.api.bookings[":id"].payment.outside.$post({ param: { id } })),
    onSuccess: store(id),
  });

/** The babysitter gives the card payment back to the family, in full, tip included. */
export const useRefundPayment = (id: string) =>
  useMutation({
    mutationFn: () => unwrap(client.api.bookings[":id"].payment.refund.$post({ param: { id } })),
    onSuccess: store(id),
  });

/** The card payment's receipt (GET .../payment/receipt), saved as recu-{id}.pdf. */
export async function downloadReceipt(id: string): Promise<void> {
  const response = (await client.api.bookings[":id"].payment.receipt.$get({ param: { id } })) as unknown as Response;
  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, "");
  await saveBlob(await response.blob(), `recu-${id}.pdf`);
}
