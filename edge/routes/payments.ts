// Paying babysitters through Veilleuse (docs/payments.md): her payout account (/api/payouts/...),
// and a sitting's payment (/api/bookings/{id}/payment...), by card or settled outside Veilleuse.
// Thin: the rules are in services/payments/.
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { idParam } from "@db/validators/ids";
import {
  dashboardLinkSchema,
  payoutAccountSchema,
  receivedPaymentsSchema,
  payoutOnboardingSchema,
  sittingDemoCardBodySchema,
  sittingPaymentIntentSchema,
  sittingPaymentSchema,
  startSittingPaymentBodySchema,
} from "@db/validators/payments";
import { callerOrigin } from "../auth/for-request";
import { publicOrigin } from "../lib/config";
import type { AppEnv } from "../lib/context";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { consume } from "../services/limits/rate-limit";
import { paymentsGateway } from "../services/payments/payments-gateway";
import {
  payoutAccountOf,
  payoutAccountView,
  refreshPayoutAccount,
  startPayoutOnboarding,
} from "../services/payments/payout-accounts";
import { receiptPdf } from "../services/payments/statement-files";
import {
  payWithDemoCard,
  receiptOf,
  paymentOfBooking,
  recordIntentState,
  refundSittingPayment,
  settleOutside,
  sittingPaymentFor,
  startSittingPayment,
} from "../services/payments/sitting-payments";
import { bookingOfParty } from "../services/bookings/bookings";
import { receivedPayments } from "../services/payments/received-payments";
import { notFound } from "../lib/errors";

const TAGS = ["payments"];
const idParams = z.object({ id: idParam });
const paymentAnswer = z.object({ payment: sittingPaymentSchema.nullable() });

const getPayoutAccount = signedInRoute({
  method: "get",
  path: "/account",
  tags: TAGS,
  summary: "The babysitter's payout account: none, pending (details to give the provider), enabled or restricted.",
  responses: { 200: jsonResponse("Her account", payoutAccountSchema), 403: errorResponse("Not a babysitter") },
});

const startOnboarding = signedInRoute({
  method: "post",
  path: "/account/onboarding",
  tags: TAGS,
  summary:
    "Opens her payout account if she has none (Stripe Connect Express, or the demo provider) and answers the provider's " +
    "page where she gives her details and bank account (null when nothing is left: the demo, or an enabled account).",
  responses: {
    200: jsonResponse("Her account, and where to complete it", payoutOnboardingSchema),
    403: errorResponse("Not a babysitter"),
    429: errorResponse("Too many tries"),
    503: errorResponse("Payments are not available"),
  },
});

const refreshAccount = signedInRoute({
  method: "post",
  path: "/account/refresh",
  tags: TAGS,
  summary: "Reads her account's state from the provider (her return from its pages) and stores it.",
  responses: { 200: jsonResponse("Her account", payoutAccountSchema), 403: errorResponse("Not a babysitter") },
});

const getReceived = signedInRoute({
  method: "get",
  path: "/payments",
  tags: TAGS,
  summary:
    "What the babysitter was paid for her sittings, newest first: by card through Veilleuse (all of it, tip included, " +
    "is hers) or settled outside it by the family's word; and the totals.",
  responses: { 200: jsonResponse("Her payments", receivedPaymentsSchema), 403: errorResponse("Not a babysitter") },
});

const dashboard = signedInRoute({
  method: "post",
  path: "/account/dashboard",
  tags: TAGS,
  summary: "A one-time link to her Stripe Express dashboard, where her payouts to her bank are (Stripe only).",
  responses: {
    200: jsonResponse("The link", dashboardLinkSchema),
    403: errorResponse("Not a babysitter"),
    404: errorResponse("No enabled Stripe account"),
  },
});

const getPayment = signedInRoute({
  method: "get",
  path: "/{id}/payment",
  tags: TAGS,
  summary: "A sitting's payment as its parties see it; null until its hours stand.",
  request: { params: idParams },
  responses: {
    200: jsonResponse("The payment", paymentAnswer),
    404: errorResponse("Not one of the caller's bookings"),
  },
});

const startPayment = signedInRoute({
  method: "post",
  path: "/{id}/payment",
  tags: TAGS,
  summary:
    "The parent opens the card payment of a sitting whose hours stand, with an optional tip: the amount is the server's " +
    "(the hours at the booking's rate), the whole of it goes to the babysitter. Twenty calls at once open one payment.",
  request: { params: idParams, body: jsonBody(startSittingPaymentBodySchema) },
  responses: {
    200: jsonResponse("The provider's payment to confirm", sittingPaymentIntentSchema),
    400: errorResponse("A tip that is not whole euros from 0 to 100"),
    403: errorResponse("Only the booking's parent pays"),
    404: errorResponse("Not one of the caller's bookings"),
    409: errorResponse("Hours not settled, already settled, or the babysitter takes no card payments yet"),
    429: errorResponse("Too many tries"),
    503: errorResponse("Payments are not available"),
  },
});

const demoConfirm = signedInRoute({
  method: "post",
  path: "/{id}/payment/demo-confirm",
  tags: TAGS,
  summary: "The demo provider's card form (no Stripe keys): 4000 0000 0000 0002 is refused, any other valid card pays.",
  request: { params: idParams, body: jsonBody(sittingDemoCardBodySchema) },
  responses: {
    200: jsonResponse("The payment", paymentAnswer),
    400: errorResponse("A card number, expiry or code that is not valid"),
    403: errorResponse("Only the booking's parent pays"),
    404: errorResponse("No demo payment opened for this booking"),
  },
});

const syncPayment = signedInRoute({
  method: "post",
  path: "/{id}/payment/sync",
  tags: TAGS,
  summary: "Reads the payment's state from the provider (the parent's return from Stripe's page) and records it.",
  request: { params: idParams },
  responses: {
    200: jsonResponse("The payment", paymentAnswer),
    403: errorResponse("Only the booking's parent"),
    404: errorResponse("Not one of the caller's bookings"),
  },
});

const refund = signedInRoute({
  method: "post",
  path: "/{id}/payment/refund",
  tags: TAGS,
  summary:
    "The babysitter gives a card payment back to the family, in full (tip included): the provider's refund takes it " +
    "back from her account. Claimed before the provider is called: twenty calls at once make one refund.",
  request: { params: idParams },
  responses: {
    200: jsonResponse("The payment, refunded", paymentAnswer),
    403: errorResponse("Only the booking's babysitter refunds"),
    404: errorResponse("Not one of the caller's bookings, or nothing paid"),
    409: errorResponse("Not a card payment that went through (or a bank dispute is open)"),
    502: errorResponse("The provider refused the refund: nothing changed, try again"),
  },
});

const receipt = signedInRoute({
  method: "get",
  path: "/{id}/payment/receipt",
  tags: TAGS,
  summary: "The receipt of a sitting paid by card, as a PDF, for the family and the babysitter alike.",
  request: { params: idParams },
  responses: {
    200: { description: "The PDF", content: { "application/pdf": { schema: z.string() } } },
    404: errorResponse("Not one of the caller's bookings, or not paid by card"),
  },
});

const outside = signedInRoute({
  method: "post",
  path: "/{id}/payment/outside",
  tags: TAGS,
  summary:
    "The parent marks the sitting as settled outside Veilleuse (cash, transfer, CESU): recorded at what its hours come " +
    "to, so the statements stay complete. A card payment opened but not paid gives way; a paid one stays.",
  request: { params: idParams },
  responses: {
    200: jsonResponse("The payment", paymentAnswer),
    403: errorResponse("Only the booking's parent"),
    404: errorResponse("Not one of the caller's bookings"),
    409: errorResponse("Hours not settled, or already paid by card"),
  },
});

const paymentLimit = (profileId: string) => [{ name: "sittingPaymentPerParent" as const, subject: profileId }];

export const payoutRoutes = createApi()
  .openapi(getPayoutAccount, async (c) => {
    const sitter = await callerProfile(c, "babysitter");
    return c.json(payoutAccountView(await payoutAccountOf(c.var.db, sitter.id)), 200);
  })
  .openapi(startOnboarding, async (c) => {
    const sitter = await callerProfile(c, "babysitter");
    await consume(c.var.db, [{ name: "payoutOnboardingPerUser", subject: sitter.id }]);
    const gateway = paymentsGateway(c.env);
    const answer = await startPayoutOnboarding(c.var.db, gateway, sitter, publicOrigin(c.env), callerOrigin(c));
    return c.json(answer, 200);
  })
  .openapi(refreshAccount, async (c) => {
    const sitter = await callerProfile(c, "babysitter");
    return c.json(await refreshPayoutAccount(c.var.db, paymentsGateway(c.env), sitter.id), 200);
  })
  .openapi(getReceived, async (c) => {
    const sitter = await callerProfile(c, "babysitter");
    return c.json(await receivedPayments(c.var.db, sitter.id), 200);
  })
  .openapi(dashboard, async (c) => {
    const sitter = await callerProfile(c, "babysitter");
    await consume(c.var.db, [{ name: "payoutOnboardingPerUser", subject: sitter.id }]);
    const account = await payoutAccountOf(c.var.db, sitter.id);
    const url = account?.status === "enabled" ? await paymentsGateway(c.env).dashboardLink(account.accountId) : null;
    if (!url) throw notFound();
    return c.json({ url }, 200);
  });

export const sittingPaymentRoutes = createApi()
  .openapi(getPayment, async (c) => {
    const caller = await callerProfile(c);
    return c.json({ payment: await sittingPaymentFor(c.var.db, caller, c.req.valid("param").id) }, 200);
  })
  .openapi(startPayment, async (c) => {
    const parent = await callerProfile(c, "parent", "babysitter");
    await consume(c.var.db, paymentLimit(parent.id));
    const { id } = c.req.valid("param");
    const tip = c.req.valid("json").tip_cents;
    return c.json(await startSittingPayment(c.var.db, paymentsGateway(c.env), parent, id, tip), 200);
  })
  .openapi(demoConfirm, async (c) => {
    const parent = await callerProfile(c, "parent", "babysitter");
    await consume(c.var.db, paymentLimit(parent.id));
    const { id } = c.req.valid("param");
    const card = c.req.valid("json");
    const gateway = paymentsGateway(c.env);
    const payment = await payWithDemoCard(c.env, c.var.db, gateway, parent, id, card, callerOrigin(c));
    return c.json({ payment }, 200);
  })
  .openapi(syncPayment, async (c) => {
    const parent = await callerProfile(c, "parent", "babysitter");
    const { id } = c.req.valid("param");
    await syncFromProvider(c, parent, id);
    return c.json({ payment: await sittingPaymentFor(c.var.db, parent, id) }, 200);
  })
  .openapi(receipt, async (c) => {
    const caller = await callerProfile(c);
    const { id } = c.req.valid("param");
    const pdf = await receiptPdf(await receiptOf(c.var.db, caller, id), c.var.lang);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="recu-${id}.pdf"`,
      "cache-control": "private, no-store",
    });
  })
  .openapi(refund, async (c) => {
    const sitter = await callerProfile(c, "parent", "babysitter");
    const { id } = c.req.valid("param");
    const gateway = paymentsGateway(c.env);
    const payment = await refundSittingPayment(c.env, c.var.db, gateway, sitter, id, callerOrigin(c));
    return c.json({ payment }, 200);
  })
  .openapi(outside, async (c) => {
    const parent = await callerProfile(c, "parent", "babysitter");
    const payment = await settleOutside(c.env, c.var.db, parent, c.req.valid("param").id, callerOrigin(c));
    return c.json({ payment }, 200);
  });

/** A Stripe payment still open is read from Stripe (the demo's state is ours already). */
async function syncFromProvider(c: Context<AppEnv>, parent: { id: string }, bookingId: string) {
  await bookingOfParty(c.var.db, parent, bookingId, "parent");
  const payment = await paymentOfBooking(c.var.db, bookingId);
  if (payment?.method !== "stripe" || !payment.paymentIntentId) return;
  const state = await paymentsGateway(c.env).sittingIntentState(payment.paymentIntentId);
  await recordIntentState(c.env, c.var.db, payment.paymentIntentId, state);
}
