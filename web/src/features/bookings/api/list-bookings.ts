// GET /api/bookings?filter=&page=: the caller's bookings, one tab at a time, page after page.
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { BookingFilter } from "@db/schema/enums";
import { client, unwrap } from "@web/lib/api-client";

export const listBookings = (filter: BookingFilter, page: number) =>
  unwrap(client.api.bookings.$get({ query: { filter, page: String(page) } }));

export type BookingPage = Awaited<ReturnType<typeof listBookings>>;
export type Booking = BookingPage["bookings"][number];

export const bookingListQueryOptions = (filter: BookingFilter) =>
  infiniteQueryOptions({
    queryKey: ["bookings", "list", filter],
    queryFn: ({ pageParam }) => listBookings(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: BookingPage) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export function useBookingList(filter: BookingFilter) {
  return useInfiniteQuery(bookingListQueryOptions(filter));
}
