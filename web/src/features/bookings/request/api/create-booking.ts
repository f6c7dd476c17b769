// POST /api/bookings: a pending request to the babysitter; the server checks every rule again.
import { useMutation } from "@tanstack/react-query";
import { type BookingCreateBody, type BookingForm, bookingFormSchema } from "@db/validators/booking";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

/** The form's schema (the sitter is the page's): the very rules the server applies. */
export const createBookingInputSchema = bookingFormSchema;
export type CreateBookingInput = BookingForm;

export const createBooking = (body: BookingCreateBody) => unwrap(client.api.bookings.$post({ json: body }));

export function useCreateBooking() {
  return useMutation({
    mutationFn: createBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["bookings"] }),
  });
}

export type CreatedBooking = Awaited<ReturnType<typeof createBooking>>["booking"];
