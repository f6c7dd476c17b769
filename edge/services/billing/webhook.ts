// POST /api/stripe/webhook: Stripe's events, verified on the raw body with Web Crypto (the SDK's
// SubtleCrypto provider), each processed at most once (its id is written in the same batch as its
// effects, so a replay, or two deliveries racing, change nothing the second time), and never
// letting an older subscription state overwrite a newer one (subscriptions.ts upsert). A checkout's
// first payment is switched on by the same path as the success page (services/billing/checkout.ts), so a
// second paid plan is refunded here too rather than switched on.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type Stripe from "stripe";
import { runStatements, type Db } from "@db/client";
import { INVOICE_NUMBER_PREFIX } from "@db/constants/company";
import { planNameKey } from "@db/constants/plans";
import { billingCustomers, checkouts, profiles, stripeEvents, subscriptions } from "@db/schema";
import { ApiError } from "../../lib/errors";
import { auditInsertByProfile, NO_ORIGIN } from "../audit/audit";
import { planNotice } from "../notifications/notices";
import { notifyProfile, type Notice } from "../notifications/notify";
import { sendInvoiceNotices } from "./invoice-notices";
import type { Env } from "../../env";
import { activateCheckout, planOnStatements, type Activation } from "./checkout";
import { mirrorPlan, PAID_ACCESS_STATUSES, storedStatus, upsertInvoice, upsertSubscription } from "./subscriptions";
import { webCrypto, type StripeGateway } from "./gateway/stripe-gateway";
import { handlePaymentsEvent } from "../payments/payments-webhook";

export type WebhookOutcome = "processed" | "duplicate" | "ignored";

const badSignature = () => new ApiError(400, "WEBHOOK_SIGNATURE", "billing.webhookSignature");

/**
 * The verified event, or 400: a missing, forged or expired (over 5 minutes) signature. Signed by one
 * of the endpoints' secrets (the account's, or the Connect endpoint's for the sitters' accounts).
 */
export async function verifiedEvent(
  gateway: StripeGateway,
  secrets: string[],
  rawBody: string,
  signature: string | undefined,
): Promise<Stripe.Event> {
  if (!signature) throw badSignature();
  for (const secret of secrets) {
    try {
      return await gateway.webhooks.constructEventAsync(rawBody, signature, secret, undefined, webCrypto);
    } catch {
      // Not this endpoint's signature: the next secret may verify it.
    }
  }
  throw badSignature();
}

async function profileOfCustomer(db: Db, customerId: string | null) {
  if (!customerId) return null;
  const [row] = await db
    .select({ id: profiles.id, email: profiles.email, phone: profiles.phone, firstName: profiles.firstName })
    .from(billingCustomers)
    .innerJoin(profiles, eq(profiles.id, billingCustomers.profileId))
    .where(eq(billingCustomers.customerId, customerId))
    .limit(1);
  return row ?? null;
}

const markProcessed = (db: Db, event: Stripe.Event) =>
  db.insert(stripeEvents).values({ id: event.id, type: event.type });

const isDuplicateEvent = (error: unknown) =>
  /UNIQUE constraint failed: stripe_events\.id|SQLITE_CONSTRAINT/.test(String(error));

/** Handles one verified event; the notice it calls for goes out once its writes are committed. */
export async function handleStripeEvent(
  env: Env,
  db: Db,
  gateway: StripeGateway,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return "duplicate";
  if (await handlePaymentsEvent(env, db, event)) {
    await markProcessed(db, event).onConflictDoNothing();
    return "processed";
  }
  const effects = await effectsOf(db, gateway, event);
  try {
    if (effects && "activation" in effects) await markProcessed(db, event);
    else await runStatements(db, [markProcessed(db, event), ...(effects?.statements ?? [])]);
  } catch (error) {
    if (isDuplicateEvent(error)) return "duplicate";
    throw error;
  }
  const notice = effects && ("activation" in effects ? activationNotice(effects.activation) : effects.notice);
  if (notice) await notifyProfile(env, db, notice);
  if (event.type === "invoice.paid") await sendInvoiceNotices(env, db);
  return effects === null ? "ignored" : "processed";
}

type Statement = BatchItem<"sqlite">;

type Effects = { statements: Statement[]; notice?: Notice };
/** A checkout's first payment, switched on (or refunded) by services/billing/checkout.ts, which wrote it all. */
type Activated = { activation: Activation };

const activationNotice = (activation: Activation) => (activation.status === "refunded" ? activation.notice : null);

/** The writes an event calls for; null when it is not ours (another price, an unknown customer, another type). */
async function effectsOf(db: Db, gateway: StripeGateway, event: Stripe.Event): Promise<Effects | Activated | null> {
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const snapshot = gateway.subscriptionSnapshot(event.data.object);
      const profile = snapshot && (await profileOfCustomer(db, snapshot.customerId));
      if (!snapshot || !profile) return null;
      // A first payment never made: Stripe drops the subscription after 23 hours; so do we.
      if (snapshot.status === "incomplete_expired") {
        return {
          statements: [
            db
              .update(checkouts)
              .set({ status: "expired" })
              .where(
                and(
                  eq(checkouts.providerSubscriptionId, snapshot.id),
                  inArray(checkouts.status, ["pending", "failed"]),
                ),
              ),
          ],
        };
      }
      const upsert = upsertSubscription(db, {
        profileId: profile.id,
        provider: "stripe",
        snapshot,
        syncedAt: event.created,
      });
      if (!upsert) return { statements: [] };
      // Active (or retrying the card) means the first payment went through, whoever tells us first.
      const paidFor = (PAID_ACCESS_STATUSES as readonly string[]).includes(storedStatus(snapshot.status) ?? "");
      if (paidFor && !(await subscriptionRow(db, snapshot.id))) {
        const activation = await activateCheckout(db, gateway, {
          profileId: profile.id,
          subscription: snapshot,
          invoice: null,
          syncedAt: event.created,
        });
        return { activation };
      }
      return {
        statements: [
          upsert,
          ...(paidFor ? planOnStatements(db, profile.id, snapshot.id) : []),
          mirrorPlan(db, profile.id),
        ],
      };
    }
    case "invoice.paid": {
      const invoice = gateway.invoiceSnapshot(event.data.object);
      const profile = await profileOfCustomer(db, invoice.customerId);
      if (!profile) return null;
      const known = invoice.subscriptionId && (await subscriptionRow(db, invoice.subscriptionId));
      if (!known && invoice.subscriptionId) {
        // The first payment, and the babysitter closed the tab before the success page: switch the
        // plan on from Stripe's current state (fresher than this event).
        const state = await gateway.getSubscription(invoice.subscriptionId);
        const activation = await activateCheckout(db, gateway, {
          profileId: profile.id,
          subscription: state.subscription,
          invoice: state.latestInvoice?.id === invoice.id ? state.latestInvoice : invoice,
          syncedAt: Math.floor(Date.now() / 1000),
        });
        return { activation };
      }
      return {
        statements: [upsertInvoice(db, profile.id, invoice, INVOICE_NUMBER_PREFIX), mirrorPlan(db, profile.id)],
      };
    }
    case "invoice.payment_failed": {
      const invoice = gateway.invoiceSnapshot(event.data.object);
      const profile = await profileOfCustomer(db, invoice.customerId);
      const known = invoice.subscriptionId ? await subscriptionRow(db, invoice.subscriptionId) : null;
      // A first payment refused on the checkout page is shown there; a renewal refused is noticed.
      if (!profile || !known) return null;
      return {
        statements: [
          upsertInvoice(db, profile.id, invoice, INVOICE_NUMBER_PREFIX),
          // Unless a newer state is stored (the retry already succeeded, and that event came first).
          db
            .update(subscriptions)
            .set({ status: "past_due", providerSyncedAt: event.created, updatedAt: new Date().toISOString() })
            .where(
              and(
                eq(subscriptions.id, known.id),
                sql`(${subscriptions.providerSyncedAt} IS NULL OR ${subscriptions.providerSyncedAt} <= ${event.created})`,
              ),
            ),
          mirrorPlan(db, profile.id),
          // In her audit trail: the entry names her account, though the card, not she, failed.
          auditInsertByProfile(db, profile.id, NO_ORIGIN, {
            action: "payment.failed",
            resource: `subscription:${known.id}`,
            status: "failure",
            metadata: { invoice: invoice.id, amount_due_cents: invoice.amountDueCents, event: event.id },
          }),
        ],
        notice: planNotice("paymentFailed", {
          recipientId: profile.id,
          planKey: planNameKey(known.plan),
          amountCents: invoice.amountDueCents,
          date: invoice.created,
          occurrence: event.id,
        }),
      };
    }
    default:
      return null;
  }
}

async function subscriptionRow(db: Db, providerSubscriptionId: string) {
  const [row] = await db
    .select({ id: subscriptions.id, plan: subscriptions.plan })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, providerSubscriptionId))
    .limit(1);
  return row ?? null;
}
