// POST /api/bookings/preview: the request checked as the creation would check it, nothing written,
// and what the parent should know before sending: the babysitter's availability, a child already
// booked elsewhere at that time.
import { useMutation } from "@tanstack/react-query";
import type { BookingCreateBody } from "@db/validators/booking";
import { client, unwrap } from "@web/lib/api-client";

export const previewBooking = (body: BookingCreateBody) => unwrap(client.api.bookings.preview.$post({ json: body }));

export const usePreviewBooking = () => useMutation({ mutationFn: previewBooking });

export type BookingPreview = Awaited<ReturnType<typeof previewBooking>>;
export type BookingWarning = BookingPreview["warnings"][number];
