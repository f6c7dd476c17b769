// /api/bookings/{id}/reassignment: an agency's proposal of another sitter of its team for a family's
// request, and the family's answer (services/agencies/reassignments.ts). The family's own bookings
// only: anyone else's id is 404.
import type { Context } from "hono";
import { bookingIdParamsSchema, reassignmentAnswerSchema } from "@db/validators/agencies";
import type { AppEnv } from "../lib/context";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { callerOrigin } from "../auth/for-request";
import { notifyInBackground } from "../services/notifications/notify";
import { answerReassignment, reassignmentFor } from "../services/agencies/reassignments";

const TAGS = ["bookings"];
const params = { params: bookingIdParamsSchema };

const proposal = signedInRoute({
  method: "get",
  path: "/{id}/reassignment",
  tags: TAGS,
  summary: "The agency's pending proposal of another sitter for the family's request, or null.",
  request: params,
  responses: {
    200: jsonResponse("The proposal", reassignmentAnswerSchema),
    400: errorResponse("Invalid id"),
    403: errorResponse("Not a parent"),
    404: errorResponse("No such booking of the caller's"),
  },
});

const answerRoute = (answer: "accept" | "refuse") =>
  signedInRoute({
    method: "post",
    path: `/{id}/reassignment/${answer}`,
    tags: TAGS,
    summary:
      answer === "accept"
        ? "Agrees: the request moves to the proposed sitter, at her rate (still a request to answer)."
        : "Refuses: the request stays with its sitter.",
    request: params,
    responses: {
      200: jsonResponse("What is pending now (null)", reassignmentAnswerSchema),
      400: errorResponse("Invalid id"),
      403: errorResponse("Not a parent"),
      404: errorResponse("No such booking or proposal"),
      409: errorResponse("Already answered, no longer pending, or the sitter is not free then"),
    },
  });

async function answered(c: Context<AppEnv>, answer: "accept" | "refuse") {
  const parent = await callerProfile(c, "parent");
  const { id } = c.req.valid("param" as never) as { id: string };
  const result = await answerReassignment(c.var.db, parent, id, answer, Date.now(), callerOrigin(c));
  notifyInBackground(c, result.notices);
  return c.json({ reassignment: await reassignmentFor(c.var.db, parent.id, id) }, 200);
}

export const reassignmentRoutes = createApi()
  .openapi(proposal, async (c) => {
    const parent = await callerProfile(c, "parent");
    return c.json({ reassignment: await reassignmentFor(c.var.db, parent.id, c.req.valid("param").id) }, 200);
  })
  .openapi(answerRoute("accept"), (c) => answered(c, "accept"))
  .openapi(answerRoute("refuse"), (c) => answered(c, "refuse"));
