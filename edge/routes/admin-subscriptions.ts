// /api/admin/subscriptions: the admin console's Subscriptions section. Admins only (adminRoute).
// Every action goes through the payment provider (Stripe, or the demo provider without keys) before
// our tables change, under the subscription's change claim, and is audited (services/admin/subscriptions.ts).
import { z } from "zod";
import { adminReasonBodySchema } from "@db/validators/admin-users";
import {
  adminRefundBodySchema,
  adminRefundSchema,
  adminSubscriptionActionSchema,
  adminSubscriptionParamsSchema,
  adminSubscriptionsPageSchema,
  subscriptionsExportQuerySchema,
  subscriptionsQuerySchema,
} from "@db/validators/admin-subscriptions";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { adminActing, adminRoute } from "../middleware/session";
import {
  exportSubscriptionsCsv,
  listSubscriptions,
  reactivateSubscription,
  refundSubscription,
  suspendSubscription,
} from "../services/admin/subscriptions";
import { billingGateway } from "../services/billing/gateway/gateways";
import { csvDownloadHeaders } from "../lib/csv";

const TAGS = ["admin"];
const notFound = errorResponse("No subscription has this id");
const stateRefused = errorResponse(
  "Not in a state that allows it (only an active plan is suspended, only a paused one reactivated), " +
    "a trial, another provider's plan, or another change under way",
);

const list = adminRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary:
    "Subscriptions, searched (name, email, city), filtered (status, plan), sorted and paged, with the four stat cards.",
  request: { query: subscriptionsQuerySchema },
  responses: {
    200: jsonResponse("A page of subscriptions", adminSubscriptionsPageSchema),
    400: errorResponse("Invalid filter"),
  },
});

const exportCsv = adminRoute({
  method: "get",
  path: "/export",
  tags: TAGS,
  summary: "The filtered subscriptions as CSV (UTF-8 with BOM, ';' by default or ','), every row, streamed. Audited.",
  request: { query: subscriptionsExportQuerySchema },
  responses: {
    200: { description: "The CSV file", content: { "text/csv": { schema: z.string() } } },
    400: errorResponse("Invalid filter"),
  },
});

const stateChange = <const P extends string>(path: P, summary: string) =>
  adminRoute({
    method: "post",
    path: `/{subscriptionId}/${path}`,
    tags: TAGS,
    summary,
    request: { params: adminSubscriptionParamsSchema, body: jsonBody(adminReasonBodySchema) },
    responses: {
      200: jsonResponse("The subscription as it now stands", adminSubscriptionActionSchema),
      400: errorResponse("Invalid input (the reason is required)"),
      404: notFound,
      409: stateRefused,
      502: errorResponse("The payment provider refused or did not answer"),
    },
  });

const suspend = stateChange(
  "suspend",
  "Suspends an active paid plan (paused: collection stops, features off). Audited.",
);
const reactivate = stateChange("reactivate", "Reactivates a paused plan. Audited.");

const refund = adminRoute({
  method: "post",
  path: "/{subscriptionId}/refund",
  tags: TAGS,
  summary:
    "Refunds up to what was paid and not yet refunded (newest payments first) through the payment provider, " +
    "then ends the plan now. The same request_key twice is one refund. Audited.",
  request: { params: adminSubscriptionParamsSchema, body: jsonBody(adminRefundBodySchema) },
  responses: {
    200: jsonResponse("What was refunded, and the subscription as it now stands", adminRefundSchema),
    400: errorResponse("Invalid amount or reason, or more than what is left to refund"),
    404: notFound,
    409: stateRefused,
    502: errorResponse("The payment provider refused the refund"),
  },
});

export const adminSubscriptionRoutes = createApi()
  .openapi(list, async (c) => c.json(await listSubscriptions(c.var.db, c.req.valid("query")), 200))
  .openapi(exportCsv, async (c) => {
    const file = await exportSubscriptionsCsv(c.var.db, adminActing(c), c.req.valid("query"), c.var.lang);
    return c.body(file.stream, 200, csvDownloadHeaders(file.name)) as never;
  })
  .openapi(suspend, async (c) => {
    const gateway = billingGateway(c.env, c.var.db);
    const { subscriptionId } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    return c.json(await suspendSubscription(c.var.db, gateway, adminActing(c), subscriptionId, reason), 200);
  })
  .openapi(reactivate, async (c) => {
    const gateway = billingGateway(c.env, c.var.db);
    const { subscriptionId } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    return c.json(await reactivateSubscription(c.var.db, gateway, adminActing(c), subscriptionId, reason), 200);
  })
  .openapi(refund, async (c) => {
    const gateway = billingGateway(c.env, c.var.db);
    const { subscriptionId } = c.req.valid("param");
    const body = c.req.valid("json");
    const input = { amountCents: body.amount_cents, reason: body.reason, requestKey: body.request_key };
    return c.json(
      await refundSubscription(c.var.db, gateway, adminActing(c), c.get("profile")!.id, subscriptionId, input),
      200,
    );
  });
