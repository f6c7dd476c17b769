// /api/stripe: babysitter plans (checkout, payment success, Settings → Abonnement; the paths and
// payloads are the product's original /api/stripe/... contract, kept as they were). Signed-in
// babysitters only, each on her own subscription, invoices and payments: another user's id is not
// found. The same routes run on Stripe or on the demo provider
// (edge/services/billing/gateway/gateways.ts); the webhook is Stripe's alone.
import { callerOrigin } from "../auth/for-request";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  activateBodySchema,
  cancelBodySchema,
  createPaymentIntentBodySchema,
  demoConfirmBodySchema,
  invoicesAnswerSchema,
  modifyBodySchema,
  paymentIntentAnswerSchema,
  paymentVerificationSchema,
  planChangePreviewQuerySchema,
  planChangePreviewSchema,
  reactivateBodySchema,
  refundAnswerSchema,
  refundBodySchema,
  subscriptionAnswerSchema,
  subscriptionSchema,
} from "@db/validators/billing";
import { externalIdParam, idParam } from "@db/validators/ids";
import { billingSettings } from "../lib/billing-config";
import { DemoGateway } from "../services/billing/gateway/demo-gateway";
import type { BillingGateway } from "../services/billing/gateway/gateway";
import { billingGateway } from "../services/billing/gateway/gateways";
import { StripeGateway } from "../services/billing/gateway/stripe-gateway";
import { inBackground } from "../lib/background";
import { handleStripeEvent, verifiedEvent } from "../services/billing/webhook";
import { notifyInBackground, type Notice } from "../services/notifications/notify";
import { publicOrigin } from "../lib/config";
import type { AppEnv } from "../lib/context";
import { ApiError, notFound } from "../lib/errors";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { confirmCheckout, ownCheckout, startCheckout } from "../services/billing/checkout";
import { invoicePdf, listInvoices, toInvoiceDto } from "../services/billing/invoices";
import {
  cancelAtPeriodEnd,
  changePlan,
  previewPlanChange,
  reactivate,
  refundInvoice,
} from "../services/billing/plan-changes";
import { sendInvoiceNotices } from "../services/billing/invoice-notices";
import { consume } from "../services/limits/rate-limit";
import { currentSubscription, toSubscriptionDto } from "../services/billing/subscriptions";

const TAGS = ["plans"];
const parentRefused = errorResponse("Plans are for babysitters; parents use Veilleuse free");
const unavailable = errorResponse("No payment provider is configured (production without Stripe keys)");
const rateLimited = errorResponse("Too many attempts: wait the minutes the message says");
const subscriptionAnswer = z.object({ subscription: subscriptionSchema });
const providerBusy = errorResponse("The payment service is still handling the same request: try again in a moment");
const providerFailed = errorResponse("The payment service refused the call or could not be reached");
const confirmResponses = {
  200: jsonResponse(
    "The payment and its plan ('refunded': another paid plan was in force, so this one was refunded, not switched on)",
    paymentVerificationSchema,
  ),
  403: parentRefused,
  404: errorResponse("No such payment of the caller's"),
  409: providerBusy,
  502: providerFailed,
  503: unavailable,
};

/** The caller, who must be a babysitter ('plans are for babysitters' otherwise). */
async function babysitter(c: Context<AppEnv>) {
  const profile = await callerProfile(c);
  if (profile.userType !== "babysitter") throw new ApiError(403, "BABYSITTERS_ONLY", "billing.babysittersOnly");
  return profile;
}

const createPaymentIntent = signedInRoute({
  method: "post",
  path: "/create-payment-intent",
  tags: TAGS,
  summary:
    "Starts buying a paid plan: a subscription whose first payment waits for the card; answers the PaymentIntent's client secret (Stripe) or the demo provider's. A reload reuses the pending one.",
  request: { body: jsonBody(createPaymentIntentBodySchema) },
  responses: {
    200: jsonResponse("The payment to confirm on the checkout page", paymentIntentAnswerSchema),
    400: errorResponse("'Plan d'abonnement invalide' (discovery), or an amount/currency that is not the plan's"),
    403: parentRefused,
    404: errorResponse("'Plan non trouvé'"),
    409: errorResponse("Already on a paid plan: change it from settings"),
    429: rateLimited,
    503: unavailable,
  },
});

const demoConfirm = signedInRoute({
  method: "post",
  path: "/demo/confirm-payment",
  tags: TAGS,
  summary:
    "Demo provider only (no Stripe keys): the demo card form pays the caller's pending checkout (4000 0000 0000 0002 is declined). 404 when Stripe is configured.",
  request: { body: jsonBody(demoConfirmBodySchema) },
  responses: {
    200: jsonResponse(
      "Where the payment stands ('refunded': another paid plan was in force, so this one was refunded)",
      paymentVerificationSchema,
    ),
    400: errorResponse("Not a card number"),
    403: parentRefused,
    404: errorResponse("No such pending payment of the caller's, or Stripe is configured"),
    429: rateLimited,
    503: unavailable,
  },
});

const paymentParams = z.object({ payment_intent: externalIdParam });

const verifyPayment = signedInRoute({
  method: "get",
  path: "/verify-payment/{payment_intent}",
  tags: TAGS,
  summary:
    "Where one of the caller's payments stands, checked with the provider; once paid, the plan is on (plan, amount, next billing date, invoice, transaction id), unless another paid plan is in force: then it is refunded.",
  request: { params: paymentParams },
  responses: confirmResponses,
});

const activate = signedInRoute({
  method: "post",
  path: "/activate-subscription",
  tags: TAGS,
  summary:
    "The success page's call: switches the paid plan on from the provider's state (idempotent; Stripe's invoice.paid webhook does the same). One paid plan per babysitter: a second one paid meanwhile is refunded and cancelled instead ('refunded').",
  request: { body: jsonBody(activateBodySchema) },
  responses: confirmResponses,
});

const getSubscription = signedInRoute({
  method: "get",
  path: "/get-subscription",
  tags: TAGS,
  summary: "The caller's subscription in force (the Discovery trial with its bookings used, or a paid plan), or null.",
  responses: {
    200: jsonResponse("The subscription, or null ('Aucun abonnement actif')", subscriptionAnswerSchema),
    403: parentRefused,
  },
});

const getInvoices = signedInRoute({
  method: "get",
  path: "/get-invoices",
  tags: TAGS,
  summary: "The caller's invoices, newest first.",
  responses: {
    200: jsonResponse("The invoices", invoicesAnswerSchema),
    403: parentRefused,
  },
});

const stateResponses = {
  200: jsonResponse("The subscription afterwards", subscriptionAnswer),
  403: parentRefused,
  404: errorResponse("No such subscription of the caller's"),
  409: errorResponse("Not possible in the subscription's state, or another change of it is under way"),
  429: rateLimited,
  502: providerFailed,
  503: unavailable,
};

const preview = signedInRoute({
  method: "get",
  path: "/preview-plan-change",
  tags: TAGS,
  summary:
    "What changing one of the caller's paid plans to `plan` would charge today (the provider's prorated invoice preview), from when, and the monthly price from the next billing date. Changes nothing.",
  request: { query: planChangePreviewQuerySchema },
  responses: {
    200: jsonResponse("The quote the confirmation shows", planChangePreviewSchema),
    400: errorResponse("'Plan d'abonnement invalide'"),
    403: parentRefused,
    404: errorResponse("No such subscription of the caller's, or 'Plan non trouvé'"),
    409: errorResponse("Not possible in the subscription's state, or already on that plan"),
    429: rateLimited,
    502: providerFailed,
    503: unavailable,
  },
});

const modify = signedInRoute({
  method: "post",
  path: "/modify-subscription",
  tags: TAGS,
  summary:
    "Premium ⇄ Standard: the price is swapped with proration (the difference is invoiced now), at the preview's instant (`quoted_at`) when it is less than 15 minutes old, so the charge is the amount shown.",
  request: { body: jsonBody(modifyBodySchema) },
  responses: {
    200: jsonResponse("The subscription afterwards", subscriptionAnswer),
    400: errorResponse("'Plan d'abonnement invalide'"),
    403: parentRefused,
    404: errorResponse("No such subscription of the caller's"),
    409: errorResponse(
      "Not possible in the subscription's state, already on that plan, or another change of it is under way",
    ),
    429: rateLimited,
    502: providerFailed,
    503: unavailable,
  },
});

const cancel = signedInRoute({
  method: "post",
  path: "/cancel-subscription",
  tags: TAGS,
  summary: "Cancels at the period's end (cancel_at_period_end): the plan stays on until then. Only when active.",
  request: { body: jsonBody(cancelBodySchema) },
  responses: stateResponses,
});

const reactivateRoute = signedInRoute({
  method: "post",
  path: "/reactivate-subscription",
  tags: TAGS,
  summary: "Undoes a pending cancellation (only while cancel_at_period_end is set).",
  request: { body: jsonBody(reactivateBodySchema) },
  responses: stateResponses,
});

const refund = signedInRoute({
  method: "post",
  path: "/request-refund",
  tags: TAGS,
  summary:
    "The 14-day guarantee: refunds the invoice and every other payment of its plan's current period made less than 14 days ago, in full (each invoice then reads refunded), ends the plan now, gives back what remained of the Discovery trial, and tells the babysitter (notice and email).",
  request: { body: jsonBody(refundBodySchema) },
  responses: {
    200: jsonResponse("The refunded invoices and what she is on afterwards (the trial, or null)", refundAnswerSchema),
    403: parentRefused,
    404: errorResponse("No such invoice of the caller's"),
    409: errorResponse("Refunded already, a refund of it under way, or paid more than 14 days ago"),
    429: rateLimited,
    502: errorResponse("The provider refused the refund"),
    503: unavailable,
  },
});

const invoiceParams = z.object({ id: idParam });

const downloadInvoice = signedInRoute({
  method: "get",
  path: "/download-invoice/{id}",
  tags: TAGS,
  summary:
    "One of the caller's invoices as a PDF, saved as facture-{id}.pdf (`?disposition=inline` to view it in the browser).",
  request: {
    params: invoiceParams,
    query: z.object({ disposition: z.enum(["attachment", "inline"]).default("attachment") }),
  },
  responses: {
    200: {
      description: "The PDF",
      content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
    },
    403: parentRefused,
    404: errorResponse("No such invoice of the caller's"),
    503: unavailable,
  },
});

const webhook = createRoute({
  method: "post",
  path: "/webhook",
  tags: TAGS,
  summary:
    "Stripe's events, signed (Stripe-Signature, checked on the raw body); each processed once. Handles invoice.paid, invoice.payment_failed and customer.subscription.created/updated/deleted; acknowledges the others.",
  responses: {
    200: jsonResponse(
      "Received (processed, a replay, or not ours)",
      z.object({ received: z.literal(true), outcome: z.enum(["processed", "duplicate", "ignored"]) }),
    ),
    400: errorResponse("Missing, forged or expired signature"),
    404: errorResponse("Stripe is not configured"),
  },
});

const gatewayOf = (c: Context<AppEnv>) => billingGateway(c.env, c.var.db);

/** A payment just recorded gets its invoice email, after the answer (services/billing/invoice-notices.ts). */
const emailNewInvoices = (c: Context<AppEnv>, profileId: string) =>
  inBackground(c)(sendInvoiceNotices(c.env, c.var.db, profileId));
/** A confirmation's notice (a second paid plan refunded) goes out after the answer. */
const noticeAfterAnswer = (c: Context<AppEnv>) => (notice: Notice) => notifyInBackground(c, [notice]);

/** Where one of the caller's payments stands, switching its plan on once paid (services/billing/checkout.ts). */
const confirmed = (c: Context<AppEnv>, gateway: BillingGateway, profileId: string, paymentIntentId: string) =>
  confirmCheckout(c.var.db, gateway, profileId, paymentIntentId, c.var.lang, noticeAfterAnswer(c));
const changeLimit = (profileId: string) => [{ name: "billingChangePerUser" as const, subject: profileId }];

export const billingRoutes = createApi()
  .openapi(createPaymentIntent, async (c) => {
    const profile = await babysitter(c);
    const gateway = gatewayOf(c);
    await consume(c.var.db, [{ name: "checkoutStartPerUser", subject: profile.id }]);
    return c.json(await startCheckout(c.var.db, gateway, profile, c.req.valid("json"), Date.now()), 200);
  })
  .openapi(demoConfirm, async (c) => {
    const profile = await babysitter(c);
    const gateway = gatewayOf(c);
    if (!(gateway instanceof DemoGateway)) throw notFound();
    const body = c.req.valid("json");
    await consume(c.var.db, changeLimit(profile.id));
    const checkout = await ownCheckout(c.var.db, profile.id, body.payment_intent_id);
    if (checkout.provider === "demo") await gateway.pay(checkout.paymentIntentId, body.card_number);
    const verification = await confirmed(c, gateway, profile.id, checkout.paymentIntentId);
    emailNewInvoices(c, profile.id);
    return c.json(verification, 200);
  })
  .openapi(verifyPayment, async (c) => {
    const profile = await babysitter(c);
    const id = c.req.valid("param").payment_intent;
    const verification = await confirmed(c, gatewayOf(c), profile.id, id);
    emailNewInvoices(c, profile.id);
    return c.json(verification, 200);
  })
  .openapi(activate, async (c) => {
    const profile = await babysitter(c);
    const id = c.req.valid("json").payment_intent_id;
    const verification = await confirmed(c, gatewayOf(c), profile.id, id);
    emailNewInvoices(c, profile.id);
    return c.json(verification, 200);
  })
  .openapi(getSubscription, async (c) => {
    const profile = await babysitter(c);
    const row = await currentSubscription(c.var.db, profile.id, Date.now());
    return c.json({ subscription: row && (await toSubscriptionDto(c.var.db, row)) }, 200);
  })
  .openapi(getInvoices, async (c) => {
    const profile = await babysitter(c);
    return c.json({ invoices: await listInvoices(c.var.db, profile.id, publicOrigin(c.env), Date.now()) }, 200);
  })
  .openapi(preview, async (c) => {
    const profile = await babysitter(c);
    await consume(c.var.db, [{ name: "planPreviewPerUser", subject: profile.id }]);
    const query = c.req.valid("query");
    const quote = await previewPlanChange(
      c.var.db,
      gatewayOf(c),
      profile.id,
      { subscriptionId: query.subscription_id, plan: query.plan },
      Date.now(),
    );
    return c.json(quote, 200);
  })
  .openapi(modify, async (c) => {
    const profile = await babysitter(c);
    const gateway = gatewayOf(c);
    const body = c.req.valid("json");
    await consume(c.var.db, changeLimit(profile.id));
    const change = { subscriptionId: body.subscription_id, plan: body.new_price_id, quotedAt: body.quoted_at };
    const row = await changePlan(c.var.db, gateway, profile.id, change, Date.now(), callerOrigin(c));
    emailNewInvoices(c, profile.id);
    return c.json({ subscription: await toSubscriptionDto(c.var.db, row) }, 200);
  })
  .openapi(cancel, async (c) => {
    const profile = await babysitter(c);
    const gateway = gatewayOf(c);
    await consume(c.var.db, changeLimit(profile.id));
    const id = c.req.valid("json").subscription_id;
    const row = await cancelAtPeriodEnd(c.var.db, gateway, profile.id, id, callerOrigin(c));
    return c.json({ subscription: await toSubscriptionDto(c.var.db, row) }, 200);
  })
  .openapi(reactivateRoute, async (c) => {
    const profile = await babysitter(c);
    const gateway = gatewayOf(c);
    await consume(c.var.db, changeLimit(profile.id));
    const id = c.req.valid("json").subscription_id;
    const row = await reactivate(c.var.db, gateway, profile.id, id, callerOrigin(c));
    return c.json({ subscription: await toSubscriptionDto(c.var.db, row) }, 200);
  })
  .openapi(refund, async (c) => {
    const profile = await babysitter(c);
    const gateway = gatewayOf(c);
    const body = c.req.valid("json");
    await consume(c.var.db, changeLimit(profile.id));
    const now = Date.now();
    const result = await refundInvoice(
      c.var.db,
      gateway,
      profile.id,
      { invoiceId: body.invoice_id, reason: body.reason },
      now,
    );
    noticeAfterAnswer(c)(result.notice);
    const origin = publicOrigin(c.env);
    return c.json(
      {
        invoice: toInvoiceDto(result.invoice, origin, now),
        refunded_invoices: result.refunded.map((row) => toInvoiceDto(row, origin, now)),
        subscription: result.subscription && (await toSubscriptionDto(c.var.db, result.subscription)),
      },
      200,
    );
  })
  .openapi(downloadInvoice, async (c) => {
    const profile = await babysitter(c);
    const { id } = c.req.valid("param");
    const pdf = await invoicePdf(c.var.db, gatewayOf(c), profile.id, id, c.var.lang);
    const disposition = c.req.valid("query").disposition;
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/pdf",
      "content-disposition": `${disposition}; filename="facture-${id}.pdf"`,
      "cache-control": "private, no-store",
    });
  })
  .openapi(webhook, async (c) => {
    const settings = billingSettings(c.env);
    if (settings.kind !== "stripe") throw notFound();
    const gateway = new StripeGateway(settings);
    const event = await verifiedEvent(
      gateway,
      settings.webhookSecrets,
      await c.req.text(),
      c.req.header("stripe-signature"),
    );
    const outcome = await handleStripeEvent(c.env, c.var.db, gateway, event);
    return c.json({ received: true as const, outcome }, 200);
  });
