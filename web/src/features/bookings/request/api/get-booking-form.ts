// GET /api/bookings/new/{babysitterId}: the sitter's summary and rate, and the parent's children.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export const getBookingForm = (babysitterId: string) =>
  unwrap(client.api.bookings.new[":babysitterId"].$get({ param: { babysitterId } }));

export const bookingFormQueryOptions = (babysitterId: string) =>
  queryOptions({
    queryKey: ["bookings", "form", babysitterId],
    queryFn: () => getBookingForm(babysitterId),
    // Coming back from 'Mes enfants' with a new child: the list is read again, never from the cache.
    refetchOnMount: "always",
  });

export function useBookingForm(babysitterId: string) {
  return useQuery(bookingFormQueryOptions(babysitterId));
}

export type BookingFormData = Awaited<ReturnType<typeof getBookingForm>>;
