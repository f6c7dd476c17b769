// GET /api/emergencies?booking_id=: a booking's alerts, whether one may be raised now, and the place
// to prefill the dialog with (the sitting's address).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export const listEmergencies = (bookingId: string) =>
  unwrap(client.api.emergencies.$get({ query: { booking_id: bookingId } }));

export type EmergencyList = Awaited<ReturnType<typeof listEmergencies>>;

export const emergenciesQueryOptions = (bookingId: string) =>
  queryOptions({ queryKey: ["bookings", "emergencies", bookingId], queryFn: () => listEmergencies(bookingId) });

export function useEmergencies(bookingId: string, enabled: boolean) {
  return useQuery({ ...emergenciesQueryOptions(bookingId), enabled });
}
