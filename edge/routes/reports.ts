// /api/reports: anyone signed in reports a profile, a photo, a message or a review (at most 20 a day),
// and sees her own reports, only as 'en cours' or 'traité' (services/moderation/reports.ts).
// /api/moderation/decisions/{id}: the author's view of a decision on her content and her one appeal.
import { z } from "zod";
import { idParam } from "@db/validators/ids";
import {
  appealBodySchema,
  authorDecisionSchema,
  ownReportsSchema,
  reportBodySchema,
  reportReceivedSchema,
} from "@db/validators/moderation";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { consume } from "../services/limits/rate-limit";
import { appealDecision, authorDecision } from "../services/moderation/decisions";
import { createReport, ownReports } from "../services/moderation/reports";

const TAGS = ["moderation"];

const report = signedInRoute({
  method: "post",
  path: "/",
  tags: TAGS,
  summary:
    "Report a profile or photo (resource_id: the profile id), a message sent to the caller, or a review. " +
    "A second report of the same content while it is open thanks again (200) and adds nothing. 20 a day.",
  request: { body: jsonBody(reportBodySchema) },
  responses: {
    200: jsonResponse("Already reported, still open", reportReceivedSchema),
    201: jsonResponse("Received", reportReceivedSchema),
    400: errorResponse("Invalid type, reason or details"),
    404: errorResponse("No such content the caller can see"),
    429: errorResponse("Too many reports today"),
  },
});

const mine = signedInRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "The caller's reports, newest first: each 'pending' or 'handled' (never another person's outcome).",
  responses: { 200: jsonResponse("The caller's reports", ownReportsSchema) },
});

export const reportRoutes = createApi()
  .openapi(report, async (c) => {
    const reporter = await callerProfile(c);
    await consume(c.var.db, [{ name: "reportPerUser", subject: reporter.id }]);
    const { created, ...answer } = await createReport(c.var.db, reporter, c.req.valid("json"));
    return created ? c.json(answer, 201) : c.json(answer, 200);
  })
  .openapi(mine, async (c) => c.json(await ownReports(c.var.db, await callerProfile(c)), 200));

const params = z.object({ id: idParam });

const decision = signedInRoute({
  method: "get",
  path: "/decisions/{id}",
  tags: TAGS,
  summary: "A decision on the caller's own content: what, the statement of reasons, whether she may appeal.",
  request: { params },
  responses: {
    200: jsonResponse("The decision", authorDecisionSchema),
    404: errorResponse("No decision on the caller's content"),
  },
});

const appeal = signedInRoute({
  method: "post",
  path: "/decisions/{id}/appeal",
  tags: TAGS,
  summary: "Appeal a rejection, once: it goes back to the queue for another admin.",
  request: { params, body: jsonBody(appealBodySchema) },
  responses: {
    201: jsonResponse("Appealed", authorDecisionSchema),
    400: errorResponse("The appeal is too short or too long"),
    404: errorResponse("No decision on the caller's content"),
    409: errorResponse("Already appealed, or not a rejection"),
  },
});

export const moderationRoutes = createApi()
  .openapi(decision, async (c) =>
    c.json(await authorDecision(c.var.db, await callerProfile(c), c.req.valid("param").id), 200),
  )
  .openapi(appeal, async (c) => {
    const author = await callerProfile(c);
    const answer = await appealDecision(c.var.db, author, c.req.valid("param").id, c.req.valid("json").text);
    return c.json(answer, 201);
  });
