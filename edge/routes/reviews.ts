// /api/reviews: what the review page shows, and publishing a review (both directions).
import { z } from "@hono/zod-openapi";
import { idParam } from "@db/validators/ids";
import { reviewContextSchema, reviewCreateBodySchema, reviewCreatedSchema } from "@db/validators/review";
import { reviewReceivedNotice } from "../services/notifications/notices";
import { notifyInBackground } from "../services/notifications/notify";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { createReview, reviewContext } from "../services/bookings/reviews";
import { screenReview } from "../services/moderation/flags";

const getContext = signedInRoute({
  method: "get",
  path: "/booking/{bookingId}",
  tags: ["reviews"],
  summary:
    "The review page's data: the other party, the sitting's times, the children kept, and whether the caller already reviewed it.",
  request: { params: z.object({ bookingId: idParam }) },
  responses: {
    200: jsonResponse("Review context", reviewContextSchema),
    403: errorResponse("Neither a parent nor a babysitter"),
    404: errorResponse("No completed booking of the caller's with this id ('Réservation non trouvée ou non terminée')"),
    410: errorResponse("The other party's account was deleted ('Ce compte a été supprimé.')"),
  },
});

const postReview = signedInRoute({
  method: "post",
  path: "/",
  tags: ["reviews"],
  summary:
    "Review the other party of a completed booking (one review per reviewer per booking); the reviewed profile's rating and total_reviews are recomputed.",
  request: { body: jsonBody(reviewCreateBodySchema) },
  responses: {
    201: jsonResponse("Published", reviewCreatedSchema),
    400: errorResponse("No rating, no comment, or a comment under 20 characters"),
    403: errorResponse("Neither a parent nor a babysitter"),
    404: errorResponse("No completed booking of the caller's with this id"),
    409: errorResponse("Already reviewed by the caller ('Vous avez déjà laissé un avis pour cette réservation')"),
    410: errorResponse("The other party's account was deleted ('Ce compte a été supprimé.')"),
  },
});

export const reviewRoutes = createApi()
  .openapi(getContext, async (c) => {
    const { id } = await callerProfile(c, "parent", "babysitter");
    return c.json(await reviewContext(c.var.db, id, c.req.valid("param").bookingId), 200);
  })
  .openapi(postReview, async (c) => {
    const reviewer = await callerProfile(c, "parent", "babysitter");
    const created = await createReview(c.var.db, reviewer.id, c.req.valid("json"));
    // The automatic filter reads it first: hidden at once (auto-block), nobody is told of it.
    const hidden = await screenReview(c.env, c.var.db, {
      id: created.review.id,
      reviewerId: reviewer.id,
      comment: created.review.comment,
    });
    if (!hidden) notifyInBackground(c, [reviewReceivedNotice(created.review, reviewer)]);
    return c.json(created, 201);
  });
