// POST /api/reviews: publishes the review; the bookings (their review links) and this page's data change.
import { useMutation } from "@tanstack/react-query";
import { type ReviewCreateBody, type ReviewForm, reviewFormSchema } from "@db/validators/review";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

/** The form's schema (the booking is the page's): the very rules the server applies. */
export const createReviewInputSchema = reviewFormSchema;
export type CreateReviewInput = ReviewForm;

export const createReview = (body: ReviewCreateBody) => unwrap(client.api.reviews.$post({ json: body }));

export function useCreateReview() {
  return useMutation({
    mutationFn: createReview,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["bookings"] }),
        queryClient.invalidateQueries({ queryKey: ["reviews"] }),
      ]),
  });
}
