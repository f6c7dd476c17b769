// /api/admin/verifications: the console's 'Vérifications' section. Admins only (adminRoute). The
// queue, one document with its owner's others, and the decision (approve, or reject with a reason
// from the list and a note), taken only from pending and audited by its service
// (services/verification/review.ts). The files open through /api/verification's signed links.
import { z } from "zod";
import { idParam } from "@db/validators/ids";
import {
  rejectDocumentSchema,
  reviewDocumentSchema,
  verificationQueueQuerySchema,
  verificationQueueSchema,
  verificationReviewSchema,
} from "@db/validators/verification";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { adminActing, adminRoute } from "../middleware/session";
import {
  approveDocument,
  rejectDocument,
  verificationQueue,
  verificationReview,
} from "../services/verification/review";

const TAGS = ["admin"];
const params = z.object({ id: idParam });
const notFound = errorResponse("No such document");

const queue = adminRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "Documents by status (pending oldest first, decided ones latest first), 25 a page, with the stat cards.",
  request: { query: verificationQueueQuerySchema },
  responses: {
    200: jsonResponse("A page of documents", verificationQueueSchema),
    400: errorResponse("Invalid filter"),
  },
});

const review = adminRoute({
  method: "get",
  path: "/{id}",
  tags: TAGS,
  summary: "One document, its owner, and the owner's other documents.",
  request: { params },
  responses: { 200: jsonResponse("The document", verificationReviewSchema), 400: notFound, 404: notFound },
});

const decided = {
  200: jsonResponse("The document as decided", reviewDocumentSchema),
  400: errorResponse("Invalid id or reason"),
  404: notFound,
  409: errorResponse("Already decided"),
};

const approve = adminRoute({
  method: "post",
  path: "/{id}/approve",
  tags: TAGS,
  summary: "Approves a pending document: the badge when every required one is approved; the owner is told. Audited.",
  request: { params },
  responses: decided,
});

const reject = adminRoute({
  method: "post",
  path: "/{id}/reject",
  tags: TAGS,
  summary:
    "Refuses a pending document with a reason (and a note, required for 'other'); the owner is told why. Audited.",
  request: { params, body: jsonBody(rejectDocumentSchema) },
  responses: decided,
});

export const adminVerificationRoutes = createApi()
  .openapi(queue, async (c) => c.json(await verificationQueue(c.var.db, c.req.valid("query")), 200))
  .openapi(review, async (c) => c.json(await verificationReview(c.var.db, c.req.valid("param").id), 200))
  .openapi(approve, async (c) =>
    c.json(await approveDocument(c.env, c.var.db, adminActing(c), c.req.valid("param").id), 200),
  )
  .openapi(reject, async (c) =>
    c.json(await rejectDocument(c.env, c.var.db, adminActing(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );
