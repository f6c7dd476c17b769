// /api/admin/moderation: the console's 'Modération' section. Admins only (adminRoute). The queue
// with its stat cards and filters, one item, and the decisions (approve, reject with a statement of
// reasons, escalate), taken only from pending and audited (services/moderation/decisions.ts).
import { z } from "zod";
import { idParam } from "@db/validators/ids";
import {
  MODERATION_ACTIONS,
  moderationDecisionBodySchema,
  moderationItemSchema,
  moderationQueueQuerySchema,
  moderationQueueSchema,
} from "@db/validators/moderation";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { adminActing, adminRoute } from "../middleware/session";
import { decideItem } from "../services/moderation/decisions";
import { moderationItem, moderationQueue } from "../services/moderation/queue";

const TAGS = ["admin"];
const params = z.object({ id: idParam });
const notFound = errorResponse("No such item");

const queue = adminRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary:
    "Flagged items by status, severity and type (pending: most severe, then oldest, first), 25 a page, with the stat cards.",
  request: { query: moderationQueueQuerySchema },
  responses: { 200: jsonResponse("A page of items", moderationQueueSchema), 400: errorResponse("Invalid filter") },
});

const item = adminRoute({
  method: "get",
  path: "/{id}",
  tags: TAGS,
  summary: "One flagged item with its author and reporter.",
  request: { params },
  responses: { 200: jsonResponse("The item", moderationItemSchema), 400: notFound, 404: notFound },
});

const decide = adminRoute({
  method: "post",
  path: "/{id}/{action}",
  tags: TAGS,
  summary:
    "Approve, reject (with a statement of reasons, sent to the author) or escalate a pending item. A rejection hides " +
    "the content; repeated rejections suspend the account; an appeal is decided by another admin. Audited.",
  request: {
    params: params.extend({ action: z.enum(MODERATION_ACTIONS, { error: "validation.formatInvalid" }) }),
    body: jsonBody(moderationDecisionBodySchema),
  },
  responses: {
    200: jsonResponse("The item as decided", moderationItemSchema),
    400: errorResponse("Invalid action, or a rejection without its statement"),
    403: errorResponse("The admin who took the contested decision may not decide its appeal"),
    404: notFound,
    409: errorResponse("Already decided"),
  },
});

export const adminModerationRoutes = createApi()
  .openapi(queue, async (c) => c.json(await moderationQueue(c.var.db, c.req.valid("query")), 200))
  .openapi(item, async (c) => c.json(await moderationItem(c.var.db, c.req.valid("param").id), 200))
  .openapi(decide, async (c) => {
    const { id, action } = c.req.valid("param");
    await decideItem(c.env, c.var.db, adminActing(c), id, action, c.req.valid("json").statement);
    return c.json(await moderationItem(c.var.db, id), 200);
  });
