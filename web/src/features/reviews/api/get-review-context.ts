// GET /api/reviews/booking/{bookingId}: the other party, the sitting and the children kept.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export const getReviewContext = (bookingId: string) =>
  unwrap(client.api.reviews.booking[":bookingId"].$get({ param: { bookingId } }));

export type ReviewContext = Awaited<ReturnType<typeof getReviewContext>>;

export const reviewContextQueryOptions = (bookingId: string) =>
  queryOptions({ queryKey: ["reviews", "context", bookingId], queryFn: () => getReviewContext(bookingId) });

export function useReviewContext(bookingId: string) {
  return useQuery(reviewContextQueryOptions(bookingId));
}
