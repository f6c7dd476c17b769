// /api/agency-membership: a babysitter's side of agencies ('Mon agence'): the invitations to her
// address, her answer to each, her agency, and leaving it (the agency is told).
import type { Context } from "hono";
import { invitationParamsSchema, membershipSchema } from "@db/validators/agencies";
import type { AppEnv } from "../lib/context";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { callerOrigin } from "../auth/for-request";
import { answerInvitation, leaveAgency, membershipOf, noticesToManagers } from "../services/agencies/invitations";
import { notifyInBackground } from "../services/notifications/notify";

const TAGS = ["agencies"];
const notASitter = errorResponse("The caller is not a babysitter");

const mine = signedInRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "The caller's agency and the invitations to her address waiting for an answer.",
  responses: { 200: jsonResponse("Membership", membershipSchema), 403: notASitter },
});

const answerRoute = (answer: "accept" | "decline") =>
  signedInRoute({
    method: "post",
    path: `/invitations/{invitationId}/${answer}`,
    tags: TAGS,
    summary:
      answer === "accept"
        ? "Accepts an invitation: she joins the agency's roster (one agency at most). The agency is told."
        : "Declines an invitation. The agency is told.",
    request: { params: invitationParamsSchema },
    responses: {
      200: jsonResponse("Membership", membershipSchema),
      400: errorResponse("Invalid id"),
      403: notASitter,
      404: errorResponse("No such invitation to the caller"),
      409: errorResponse("Already answered otherwise, or already in an agency"),
    },
  });

const leave = signedInRoute({
  method: "delete",
  path: "/",
  tags: TAGS,
  summary: "Leaves her agency (the agency is told; her bookings stay hers). Idempotent.",
  responses: { 200: jsonResponse("Membership", membershipSchema), 403: notASitter },
});

const sitterOf = (c: Context<AppEnv>) => callerProfile(c, "babysitter");

async function answered(c: Context<AppEnv>, answer: "accept" | "decline") {
  const sitter = await sitterOf(c);
  const { invitationId } = c.req.valid("param" as never) as { invitationId: string };
  const result = await answerInvitation(c.var.db, sitter, invitationId, answer, callerOrigin(c));
  if (result.changed) {
    const event = answer === "accept" ? "agencyInvitationAccepted" : "agencyInvitationDeclined";
    notifyInBackground(c, await noticesToManagers(c.var.db, result.agencyId, event, sitter, invitationId));
  }
  return result.membership;
}

export const agencyMembershipRoutes = createApi()
  .openapi(mine, async (c) => c.json(await membershipOf(c.var.db, await sitterOf(c)), 200))
  .openapi(answerRoute("accept"), async (c) => c.json(await answered(c, "accept"), 200))
  .openapi(answerRoute("decline"), async (c) => c.json(await answered(c, "decline"), 200))
  .openapi(leave, async (c) => {
    const sitter = await sitterOf(c);
    const agencyId = await leaveAgency(c.var.db, sitter, callerOrigin(c));
    if (agencyId) {
      const occurrence = `${sitter.id}:${Date.now()}`;
      notifyInBackground(c, await noticesToManagers(c.var.db, agencyId, "agencySitterLeft", sitter, occurrence));
    }
    return c.json(await membershipOf(c.var.db, sitter), 200);
  });
