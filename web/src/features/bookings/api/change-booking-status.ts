// PATCH /api/bookings/{id}/status: Annuler, Marquer terminée, Accepter, Refuser, Annuler la garde.
// After any status change the lists and the detail reload.
import { useMutation } from "@tanstack/react-query";
import type { BookingAction } from "@db/schema/enums";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

/** The error code of an 'Accepter' refused because the babysitter's Discovery trial is over. */
export const PLAN_REQUIRED = "PLAN_REQUIRED";

/**
 * `late_fee_cents`: the late cancellation fee the parent was shown and accepts; the server refuses a
 * late cancellation whose fee differs from its own (LATE_FEE_NOT_ACCEPTED).
 */
export type ChangeBookingStatusInput = { id: string; action: BookingAction; late_fee_cents?: number };

export const changeBookingStatus = ({ id, action, late_fee_cents }: ChangeBookingStatusInput) =>
  unwrap(client.api.bookings[":id"].status.$patch({ param: { id }, json: { action, late_fee_cents } }));

export function useChangeBookingStatus() {
  return useMutation({
    mutationFn: changeBookingStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["bookings"] }),
  });
}
