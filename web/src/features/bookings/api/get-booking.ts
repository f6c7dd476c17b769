// GET /api/bookings/{id}: one booking, for its parent or its babysitter.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export const getBooking = (id: string) => unwrap(client.api.bookings[":id"].$get({ param: { id } }));

export const bookingQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["bookings", "detail", id], queryFn: () => getBooking(id) });

export function useBooking(id: string) {
  return useQuery(bookingQueryOptions(id));
}
