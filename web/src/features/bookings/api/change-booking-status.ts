// PATCH /api/bookings/{id}/status: Annuler, Marquer terminée, Accepter, Refuser. After any status
// change the lists and the detail reload.
import { useMutation } from "@tanstack/react-query";
import type { BookingAction } from "@db/schema/enums";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

/** The error code of an 'Accepter' refused because the babysitter's Discovery trial is over. */
export const PLAN_REQUIRED = "PLAN_REQUIRED";

export type ChangeBookingStatusInput = { id: string; action: BookingAction };

export const changeBookingStatus = ({ id, action }: ChangeBookingStatusInput) =>
  unwrap(client.api.bookings[":id"].status.$patch({ param: { id }, json: { action } }));

export function useChangeBookingStatus() {
  return useMutation({
    mutationFn: changeBookingStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["bookings"] }),
  });
}
