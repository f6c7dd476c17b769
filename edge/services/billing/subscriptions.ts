// A babysitter's plan: the subscription in force, the Discovery trial's quota, and the statements
// that write a provider's state into our tables (the same for Stripe's answers, Stripe's webhooks
// and the demo provider). Business rules only; the routes are in routes/billing.ts.
//
// Rules (money-and-operations §1, §4, §9):
// - every new babysitter starts on Discovery: a `trialing` row of one month with 5 bookings;
// - accepting a booking needs a paid plan (active, or past_due while Stripe retries the card), or
//   the trial in its month with fewer than 5 bookings accepted in it (confirmed or completed: a
//   sitting later cancelled gives its place back). The check is part of the accepting UPDATE itself,
//   so two acceptances racing for the 5th place cannot both pass;
// - babysitter_profiles.subscription_plan mirrors the paid plan in force (search priority, badges).
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { PLANS } from "@db/constants/plans";
import { babysitterProfiles, bookings, invoices, subscriptions } from "@db/schema";
import type { BillingProvider, SubscriptionStatus } from "@db/schema/enums";
import type { SubscriptionDto } from "@db/validators/billing";
import type { ProviderInvoice, ProviderSubscription, ProviderSubscriptionStatus } from "./gateway/gateway";
import { addMonths } from "./periods";
import { ApiError } from "../../lib/errors";

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Statuses that keep a plan's features on. */
export const PAID_ACCESS_STATUSES = ["active", "past_due"] as const satisfies readonly SubscriptionStatus[];
/** Statuses shown as the current subscription in settings (canceled ones are history). */
const SHOWN_STATUSES = ["active", "trialing", "past_due", "paused"] as const satisfies readonly SubscriptionStatus[];

const TRIAL = PLANS.discovery;
const ACCEPTED_STATUSES = ["confirmed", "completed"] as const;

export const planRequired = () => new ApiError(403, "PLAN_REQUIRED", "billing.planRequired");
export const subscriptionNotFound = () => new ApiError(404, "SUBSCRIPTION_NOT_FOUND", "billing.subscriptionNotFound");

/** The Discovery trial every new babysitter starts with (inserted with her profile). */
export function trialValues(profileId: string, nowMs: number): typeof subscriptions.$inferInsert {
  const start = new Date(nowMs).toISOString();
  return {
    profileId,
    plan: "discovery",
    status: "trialing",
    currentPeriodStart: start,
    currentPeriodEnd: addMonths(start, TRIAL.trialMonths),
    amountCents: 0,
    bookingsIncluded: TRIAL.bookingsIncluded,
    provider: "demo",
  };
}

/** Bookings the sitter accepted since `sinceIso` that still count against a trial. */
const acceptedSince = (sitterId: SQL | string, sinceIso: SQL | string) =>
  sql`(SELECT count(*) FROM ${bookings} WHERE ${bookings.babysitterId} = ${sitterId}
    AND ${bookings.status} IN ${ACCEPTED_STATUSES} AND ${bookings.respondedAt} >= ${sinceIso})`;

/**
 * True when `sitterId` may accept one more booking at `nowIso`: a paid plan with access, or the
 * trial in its month with a place left. Used inside the accepting UPDATE's WHERE.
 */
export function mayAcceptCondition(sitterId: string, nowIso: string): SQL {
  return sql`(EXISTS (SELECT 1 FROM ${subscriptions} AS paid WHERE paid.profile_id = ${sitterId}
      AND paid.plan <> 'discovery' AND paid.status IN ${PAID_ACCESS_STATUSES})
    OR EXISTS (SELECT 1 FROM ${subscriptions} AS trial WHERE trial.profile_id = ${sitterId}
      AND trial.plan = 'discovery' AND trial.status = 'trialing' AND trial.current_period_end > ${nowIso}
      AND ${acceptedSince(sitterId, sql`trial.current_period_start`)} < coalesce(trial.bookings_included, ${TRIAL.bookingsIncluded})))`;
}

/** Whether the sitter may accept now (for the refusal's reason once the UPDATE changed nothing). */
export async function mayAccept(db: Db, sitterId: string, nowMs: number): Promise<boolean> {
  const [row] = await db.all<{ ok: number }>(
    sql`SELECT ${mayAcceptCondition(sitterId, new Date(nowMs).toISOString())} AS ok`,
  );
  return Boolean(row?.ok);
}

/** The subscription settings shows: the newest one not ended (a trial past its month is ended). */
export async function currentSubscription(db: Db, profileId: string, nowMs: number): Promise<SubscriptionRow | null> {
  const nowIso = new Date(nowMs).toISOString();
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.profileId, profileId),
        inArray(subscriptions.status, SHOWN_STATUSES),
        sql`(${subscriptions.status} <> 'trialing' OR ${subscriptions.currentPeriodEnd} > ${nowIso})`,
      ),
    )
    .orderBy(sql`${subscriptions.plan} = 'discovery'`, desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function toSubscriptionDto(db: Db, row: SubscriptionRow): Promise<SubscriptionDto> {
  const trial = row.plan === "discovery";
  const used = trial
    ? ((await db.all<{ n: number }>(sql`SELECT ${acceptedSince(row.profileId, row.currentPeriodStart)} AS n`))[0]?.n ??
      0)
    : null;
  return {
    id: row.id,
    plan: row.plan,
    status: row.status,
    current_period_start: row.currentPeriodStart,
    current_period_end: row.currentPeriodEnd,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    amount: row.amountCents,
    currency: row.currency,
    provider: row.provider,
    stripe_subscription_id: row.provider === "stripe" ? row.stripeSubscriptionId : null,
    stripe_customer_id: row.provider === "stripe" ? row.stripeCustomerId : null,
    bookings_included: trial ? (row.bookingsIncluded ?? TRIAL.bookingsIncluded) : null,
    bookings_used: used === null ? null : Number(used),
  };
}

/** One of the caller's own subscriptions, or 404 (another user's id is not found either). */
export async function ownSubscription(db: Db, profileId: string, id: string): Promise<SubscriptionRow> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.profileId, profileId)))
    .limit(1);
  if (!row) throw subscriptionNotFound();
  return row;
}

/** Stripe's statuses in ours: the incomplete ones are a checkout, not a subscription yet. */
export function storedStatus(status: ProviderSubscriptionStatus): SubscriptionStatus | null {
  if (status === "incomplete" || status === "incomplete_expired") return null;
  return status === "unpaid" ? "past_due" : status;
}

/**
 * Writes a provider's subscription state, unless a newer one is stored already: `syncedAt` is when
 * the provider produced it (a webhook event's `created`, in seconds), and the upsert's WHERE keeps
 * the newest, so an old `customer.subscription.updated` arriving late changes nothing. Two states of
 * the same second: the later arrival wins.
 */
export function upsertSubscription(
  db: Db,
  input: { profileId: string; provider: BillingProvider; snapshot: ProviderSubscription; syncedAt: number },
) {
  const { snapshot } = input;
  const status = storedStatus(snapshot.status);
  if (!status) return null;
  const values = {
    plan: snapshot.plan,
    status,
    currentPeriodStart: snapshot.periodStart,
    currentPeriodEnd: snapshot.periodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    amountCents: snapshot.amountCents,
    stripeCustomerId: snapshot.customerId || null,
    stripePriceId: snapshot.priceId,
    canceledAt: snapshot.canceledAt,
    providerSyncedAt: input.syncedAt,
    updatedAt: new Date().toISOString(),
  };
  return db
    .insert(subscriptions)
    .values({
      ...values,
      profileId: input.profileId,
      provider: input.provider,
      stripeSubscriptionId: snapshot.id,
      bookingsIncluded: null,
    })
    .onConflictDoUpdate({
      target: subscriptions.stripeSubscriptionId,
      set: values,
      setWhere: sql`${subscriptions.providerSyncedAt} IS NULL OR ${subscriptions.providerSyncedAt} <= ${input.syncedAt}`,
    });
}

/** A paid plan starting ends the trial (it is history from then on). */
export const endTrial = (db: Db, profileId: string, nowIso: string) =>
  db
    .update(subscriptions)
    .set({ status: "canceled", canceledAt: nowIso, updatedAt: nowIso })
    .where(
      and(
        eq(subscriptions.profileId, profileId),
        eq(subscriptions.plan, "discovery"),
        eq(subscriptions.status, "trialing"),
      ),
    );

/** What remained of the Discovery trial when a paid plan ended it: time and bookings, given back as they were. */
export type RestoredTrial = { id: string; leftMs: number; bookingsLeft: number; endsAt: string };

/**
 * The trial a refunded plan gives back (the 14-day guarantee, plan-changes.ts): what remained of it
 * when the paid plan started (its end minus that instant, its 5 bookings minus those accepted in
 * it), neither a fresh trial nor none. Null when nothing remained, or when no trial was ended.
 */
export async function trialLeft(db: Db, profileId: string, nowMs: number): Promise<RestoredTrial | null> {
  const [trial] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.profileId, profileId), eq(subscriptions.plan, "discovery")))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const endedAt = trial?.status === "canceled" ? trial.canceledAt : null;
  if (!trial || !endedAt) return null;
  const leftMs = Date.parse(trial.currentPeriodEnd) - Date.parse(endedAt);
  const [used] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM ${bookings} WHERE ${bookings.babysitterId} = ${profileId}
      AND ${bookings.status} IN ${ACCEPTED_STATUSES} AND ${bookings.respondedAt} >= ${trial.currentPeriodStart}
      AND ${bookings.respondedAt} < ${endedAt}`,
  );
  const included: number = trial.bookingsIncluded ?? TRIAL.bookingsIncluded ?? 0;
  const bookingsLeft = included - Number(used?.n ?? 0);
  if (leftMs <= 0 || bookingsLeft <= 0) return null;
  return { id: trial.id, leftMs, bookingsLeft, endsAt: new Date(nowMs + leftMs).toISOString() };
}

/** The trial back on from now, for the time and bookings that remained (its counter starts again at 0). */
export const restoreTrial = (db: Db, trial: RestoredTrial, nowMs: number) => {
  const nowIso = new Date(nowMs).toISOString();
  return db
    .update(subscriptions)
    .set({
      status: "trialing",
      currentPeriodStart: nowIso,
      currentPeriodEnd: trial.endsAt,
      bookingsIncluded: trial.bookingsLeft,
      canceledAt: null,
      updatedAt: nowIso,
    })
    .where(and(eq(subscriptions.id, trial.id), eq(subscriptions.status, "canceled")));
};

/** Our next invoice number, computed inside the INSERT so two invoices never share one (VEI-2026-000042). */
const nextSequence = sql`(SELECT coalesce(max(${invoices.sequence}), 0) + 1 FROM ${invoices})`;

/** Writes a provider's invoice (new, or newer figures for a known one) under its subscription. */
export function upsertInvoice(db: Db, profileId: string, invoice: ProviderInvoice, prefix: string) {
  const year = invoice.created.slice(0, 4);
  const values = {
    amountPaidCents: invoice.amountPaidCents,
    amountDueCents: invoice.amountDueCents,
    status: invoice.status,
    hostedInvoiceUrl: invoice.hostedUrl,
    invoicePdfUrl: invoice.pdfUrl,
    paidAt: invoice.paidAt,
  };
  return db
    .insert(invoices)
    .values({
      ...values,
      profileId,
      stripeInvoiceId: invoice.id,
      subscriptionId: invoice.subscriptionId
        ? sql`(SELECT ${subscriptions.id} FROM ${subscriptions} WHERE ${subscriptions.stripeSubscriptionId} = ${invoice.subscriptionId})`
        : null,
      number: invoice.number ?? sql`${`${prefix}-${year}-`} || printf('%06d', ${nextSequence})`,
      sequence: nextSequence,
      currency: invoice.currency,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      paymentIntentId: invoice.paymentIntentId,
      createdAt: invoice.created,
    })
    .onConflictDoUpdate({
      target: invoices.stripeInvoiceId,
      set: {
        ...values,
        paidAt: sql`coalesce(excluded.paid_at, ${invoices.paidAt})`,
        paymentIntentId: sql`coalesce(excluded.payment_intent_id, ${invoices.paymentIntentId})`,
      },
    });
}

/** babysitter_profiles.subscription_plan/expires follow the plan in force (search priority and badges read them). */
export const mirrorPlan = (db: Db, profileId: string) =>
  db
    .update(babysitterProfiles)
    .set({
      subscriptionPlan: sql`coalesce((SELECT plan FROM ${subscriptions} WHERE profile_id = ${profileId}
        AND plan <> 'discovery' AND status IN ${PAID_ACCESS_STATUSES} ORDER BY created_at DESC LIMIT 1), 'discovery')`,
      subscriptionExpires: sql`(SELECT current_period_end FROM ${subscriptions} WHERE profile_id = ${profileId}
        AND status IN ${[...PAID_ACCESS_STATUSES, "trialing"]} ORDER BY plan = 'discovery', created_at DESC LIMIT 1)`,
    })
    .where(eq(babysitterProfiles.profileId, profileId));
