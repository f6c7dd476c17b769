// The admin console's Subscriptions section: the babysitters' plans, with what each has paid, the
// four stat cards, and the actions an admin takes, each through the payment provider first (our
// tables never claim what the provider did not do), each under the subscription's change claim
// (services/billing/claims.ts: one change in flight per subscription, hers or an admin's), each audited.
//
// State rules: only an active paid plan is suspended (paused: collection stops, her plan's features
// are off); only a paused one is reactivated; a refund gives back up to what was paid and not yet
// refunded, newest payments first, and ends the plan now (cancelled).
import { and, count, desc, eq, inArray, sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { invoices, refunds, subscriptions } from "@db/schema/billing";
import { profiles } from "@db/schema/profiles";
import type { RefundReason } from "@db/schema/enums";
import type {
  AdminRefund,
  AdminSubscriptionAction,
  AdminSubscriptionRow,
  AdminSubscriptionsPage,
  SubscriptionFilters,
  SubscriptionSort,
  SubscriptionsExportQuery,
  SubscriptionsQuery,
} from "@db/validators/admin-subscriptions";
import { ApiError } from "../../lib/errors";
import { translate, type Lang } from "../../lib/i18n";
import { recordAudit } from "../audit/audit";
import type { BillingGateway } from "../billing/gateway/gateway";
import { isProviderError } from "../billing/gateway/provider-errors";
import { heldOf, withChangeClaim, writeState } from "../billing/plan-changes";
import { auditedCsvExport, EXPORT_PAGE_ROWS, type CsvFile } from "./csv-export";
import { orderByKeys, seekPage } from "./keyset";
import { profileTextCondition } from "./text-search";
import type { AdminContext } from "./users";

type SubscriptionRow = typeof subscriptions.$inferSelect;

const paidSum = sql<number>`(SELECT coalesce(sum(i.amount_paid_cents), 0) FROM invoices i
  WHERE i.subscription_id = ${subscriptions.id} AND i.status = 'paid')`;
const refundedSum = sql<number>`(SELECT coalesce(sum(i.refunded_cents), 0) FROM invoices i
  WHERE i.subscription_id = ${subscriptions.id})`;
const lastPayment = sql<string | null>`(SELECT max(coalesce(i.paid_at, i.created_at)) FROM invoices i
  WHERE i.subscription_id = ${subscriptions.id} AND i.status = 'paid' AND i.amount_paid_cents > 0)`;

const rowColumns = {
  subscription: subscriptions,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  email: profiles.email,
  city: profiles.city,
  totalPaid: paidSum,
  refunded: refundedSum,
  lastPayment,
};

type Joined = {
  subscription: SubscriptionRow;
  firstName: string;
  lastName: string;
  email: string;
  city: string | null;
  totalPaid: number;
  refunded: number;
  lastPayment: string | null;
};

type BillingState = Pick<SubscriptionRow, "plan" | "status" | "cancelAtPeriodEnd" | "currentPeriodEnd">;

/** The next charge's date: none for a plan that ends (cancelled, cancelling, the trial) or is paused. */
function nextBillingOf(s: BillingState): string | null {
  const ending = s.status === "canceled" || s.cancelAtPeriodEnd || s.plan === "discovery";
  return ending || s.status === "paused" ? null : s.currentPeriodEnd;
}

function toRow(row: Joined): AdminSubscriptionRow {
  const s = row.subscription;
  return {
    id: s.id,
    user_id: s.profileId,
    user_name: `${row.firstName} ${row.lastName}`,
    user_email: row.email,
    city: row.city,
    plan: s.plan,
    status: s.status,
    amount_cents: s.amountCents,
    currency: s.currency,
    billing_cycle: s.billingCycle,
    start_date: s.createdAt,
    next_billing: nextBillingOf(s),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    total_paid_cents: Number(row.totalPaid),
    refunded_cents: Number(row.refunded),
    last_payment: row.lastPayment,
    payment_method: s.paymentMethod,
    provider: s.provider,
  };
}

function filtersWhere(filters: SubscriptionFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.q) conditions.push(profileTextCondition(filters.q));
  if (filters.status) conditions.push(eq(subscriptions.status, filters.status));
  if (filters.plan) conditions.push(eq(subscriptions.plan, filters.plan));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** What a row holds of the sorts' keys (the list's rows and the export's). */
type Sorted = {
  subscription: Pick<SubscriptionRow, "id" | "createdAt" | "amountCents" | "currentPeriodEnd">;
  firstName: string;
  lastName: string;
};

/** Each sort's keys, with where a row holds each one (an export's page starts after a row). */
const SORT_KEYS = {
  created: [[subscriptions.createdAt, (row: Sorted) => row.subscription.createdAt]],
  amount: [[subscriptions.amountCents, (row: Sorted) => row.subscription.amountCents]],
  next_billing: [[subscriptions.currentPeriodEnd, (row: Sorted) => row.subscription.currentPeriodEnd]],
  name: [
    [profiles.lastName, (row: Sorted) => row.lastName],
    [profiles.firstName, (row: Sorted) => row.firstName],
  ],
} as const satisfies Record<SubscriptionSort, readonly (readonly [Column, (row: Sorted) => unknown])[]>;

/** The sort's keys and the id last: rows that tie keep one order from page to page. */
const keysOf = (sort: SubscriptionSort): (readonly [Column, (row: Sorted) => unknown])[] => [
  ...SORT_KEYS[sort],
  [subscriptions.id, (row) => row.subscription.id],
];

const orderOf = (filters: SubscriptionFilters) =>
  orderByKeys(
    keysOf(filters.sort).map(([column]) => column),
    filters.dir,
  );

/**
 * `limit` rows from `offset` among those the filters pick, in the list's order. The ids are found
 * first, and only theirs get the payments' sums (three subqueries a row): sorting every
 * subscription with its sums would compute them all for each page.
 */
async function filteredRows(db: Db, filters: SubscriptionFilters, limit: number, offset: number) {
  const ids = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
    .where(filtersWhere(filters))
    .orderBy(...orderOf(filters))
    .limit(limit)
    .offset(offset);
  const rows: Joined[] = await db
    .select(rowColumns)
    .from(subscriptions)
    .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
    .where(inArray(subscriptions.id, ids))
    .orderBy(...orderOf(filters));
  return rows.map(toRow);
}

/** What the CSV writes of a subscription: its columns only, none of the payments' sums. */
const csvColumns = {
  subscription: {
    id: subscriptions.id,
    plan: subscriptions.plan,
    status: subscriptions.status,
    amountCents: subscriptions.amountCents,
    currentPeriodEnd: subscriptions.currentPeriodEnd,
    cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    createdAt: subscriptions.createdAt,
  },
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  email: profiles.email,
  city: profiles.city,
};
type CsvRow = {
  subscription: Sorted["subscription"] & BillingState;
  firstName: string;
  lastName: string;
  email: string;
  city: string | null;
};

/**
 * `limit` rows among those the filters and `after` pick, in the list's order, as the CSV writes
 * them. Without the sums (about twelve invoices read per plan, for columns the file does not have),
 * a page is one query on the sort's order.
 */
function csvRows(db: Db, filters: SubscriptionFilters, after: SQL | undefined, limit: number): Promise<CsvRow[]> {
  return db
    .select(csvColumns)
    .from(subscriptions)
    .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
    .where(and(filtersWhere(filters), after))
    .orderBy(...orderOf(filters))
    .limit(limit);
}

/** Up to `limit` rows after `last` (null: from the first), in the list's order: the export's pages. */
function rowsAfter(db: Db, filters: SubscriptionFilters, limit: number, last: CsvRow | null) {
  const cursor = last && keysOf(filters.sort).map(([column, valueOf]) => ({ column, value: valueOf(last) }));
  return seekPage(limit, cursor, filters.dir, (after, rows) => csvRows(db, filters, after, rows));
}

export async function listSubscriptions(db: Db, query: SubscriptionsQuery): Promise<AdminSubscriptionsPage> {
  const nowIso = new Date().toISOString();
  const paidInForce = and(
    sql`${subscriptions.plan} <> 'discovery'`,
    inArray(subscriptions.status, ["active", "past_due"]),
  );
  const [rows, [{ total }], [stats]] = await Promise.all([
    filteredRows(db, query, query.page_size, (query.page - 1) * query.page_size),
    db
      .select({ total: count() })
      .from(subscriptions)
      .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
      .where(filtersWhere(query)),
    db
      .select({
        paidActive: sql<number>`coalesce(sum(${paidInForce}), 0)`,
        // A yearly plan counts a twelfth of its amount each month.
        mrr: sql<number>`coalesce(sum(CASE WHEN ${paidInForce} THEN
          (CASE WHEN ${subscriptions.billingCycle} = 'yearly' THEN ${subscriptions.amountCents} / 12 ELSE ${subscriptions.amountCents} END)
          ELSE 0 END), 0)`,
        trialing: sql<number>`coalesce(sum(${subscriptions.status} = 'trialing' AND ${subscriptions.currentPeriodEnd} > ${nowIso}), 0)`,
        pastDue: sql<number>`coalesce(sum(${subscriptions.status} = 'past_due'), 0)`,
      })
      .from(subscriptions),
  ]);
  return {
    rows,
    total,
    page: query.page,
    page_size: query.page_size,
    stats: {
      paid_active: Number(stats.paidActive),
      mrr_cents: Math.round(Number(stats.mrr)),
      trialing: Number(stats.trialing),
      past_due: Number(stats.pastDue),
    },
  };
}

async function rowOf(db: Db, id: string): Promise<AdminSubscriptionRow> {
  const [row] = await db
    .select(rowColumns)
    .from(subscriptions)
    .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
    .where(eq(subscriptions.id, id));
  return toRow(row);
}

const notAllowed = (key: string) => new ApiError(409, "SUBSCRIPTION_STATE", key);

/** What pausing or resuming needs and records: the state it starts from, its refusal, its audit action. */
const PAUSE_CHANGES = {
  suspend: { from: "active", refused: "admin.subscriptions.onlyActivePaused", paused: true },
  reactivate: { from: "paused", refused: "admin.subscriptions.onlyPausedReactivated", paused: false },
} as const;

/** Active -> paused (suspend: collection stops) or paused -> active (reactivate), at the provider then here; audited. */
async function changePause(
  db: Db,
  gateway: BillingGateway,
  admin: AdminContext,
  id: string,
  reason: string,
  change: keyof typeof PAUSE_CHANGES,
): Promise<AdminSubscriptionAction> {
  const rule = PAUSE_CHANGES[change];
  return withChangeClaim(db, gateway, null, id, async (row, held) => {
    if (row.status !== rule.from) throw notAllowed(rule.refused);
    await writeState(db, gateway, row, await gateway.setPaused(held, rule.paused));
    await recordAudit(db, admin.actor, admin.origin, {
      action: `admin.subscription.${change}`,
      resource: `subscription:${id}`,
      details: reason,
      metadata: { profile: row.profileId, plan: row.plan },
    });
    return { subscription: await rowOf(db, id), changed: true };
  });
}

export const suspendSubscription = (db: Db, gateway: BillingGateway, admin: AdminContext, id: string, reason: string) =>
  changePause(db, gateway, admin, id, reason, "suspend");

export const reactivateSubscription = (
  db: Db,
  gateway: BillingGateway,
  admin: AdminContext,
  id: string,
  reason: string,
) => changePause(db, gateway, admin, id, reason, "reactivate");

type RefundInput = { amountCents: number; reason: RefundReason; requestKey: string };

/**
 * Refunds `amountCents` of a subscription's payments through the provider and ends the plan now.
 *
 * Once only, and safe to repeat: the request key (made by the console's dialog) names the refund.
 * Each invoice's part is refunded with the provider's idempotency key `<key>-<invoice>` and recorded
 * at once (refunds_request_invoice_unique); a repeat of the key refunds only what its first try did
 * not finish, so two clicks, a retried request or a crash in between make one refund. Another key
 * is another refund: it may take only what remains paid and not refunded.
 */
export async function refundSubscription(
  db: Db,
  gateway: BillingGateway,
  admin: AdminContext,
  adminProfileId: string,
  id: string,
  input: RefundInput,
): Promise<AdminRefund> {
  return withChangeClaim(db, gateway, null, id, async (row) => {
    const done = await refundedUnderKey(db, input.requestKey);
    if (done.subscriptionId && done.subscriptionId !== id) throw notAllowed("admin.subscriptions.keyReused");
    const wanted = input.amountCents - done.cents;
    let refunded = done.cents;
    if (wanted > 0) {
      const plan = allocate(await refundableInvoices(db, id), wanted, done.invoiceIds);
      for (const part of plan) {
        await refundPart(db, gateway, adminProfileId, row, input, part);
        refunded += part.cents;
      }
      await recordAudit(db, admin.actor, admin.origin, {
        action: "admin.refund",
        resource: `subscription:${id}`,
        details: input.reason,
        metadata: { profile: row.profileId, amount_cents: input.amountCents, invoices: plan.map((p) => p.invoice.id) },
      });
    }
    await endPlanNow(db, gateway, row);
    return { subscription: await rowOf(db, id), refunded_cents: refunded, replayed: wanted <= 0 };
  });
}

type InvoiceRow = typeof invoices.$inferSelect;
type RefundPart = { invoice: InvoiceRow; cents: number };

/** What this request key has refunded already (a repeated click, a retry after a crash). */
async function refundedUnderKey(db: Db, requestKey: string) {
  const rows = await db
    .select({ cents: refunds.amountCents, invoiceId: refunds.invoiceId, subscriptionId: refunds.subscriptionId })
    .from(refunds)
    .where(eq(refunds.requestKey, requestKey));
  return {
    cents: rows.reduce((sum, row) => sum + row.cents, 0),
    invoiceIds: new Set(rows.map((row) => row.invoiceId)),
    subscriptionId: rows[0]?.subscriptionId ?? null,
  };
}

/** The subscription's paid invoices with something left to refund, newest first. */
async function refundableInvoices(db: Db, subscriptionId: string): Promise<InvoiceRow[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.status, "paid")))
    .orderBy(desc(invoices.createdAt), desc(invoices.sequence));
  return rows.filter((invoice) => invoice.paymentIntentId && invoice.amountPaidCents > invoice.refundedCents);
}

/** Splits `cents` over the invoices, newest first, each up to what it has left; too much is a 400. */
function allocate(rows: InvoiceRow[], cents: number, skip: Set<string | null>): RefundPart[] {
  const open = rows.filter((invoice) => !skip.has(invoice.id));
  const available = open.reduce((sum, invoice) => sum + invoice.amountPaidCents - invoice.refundedCents, 0);
  if (available === 0) throw notAllowed("admin.subscriptions.nothingToRefund");
  if (cents > available)
    throw new ApiError(
      400,
      "REFUND_TOO_LARGE",
      "admin.subscriptions.refundTooLarge",
      { max: available / 100 },
      { field: "amount_cents" },
    );
  const parts: RefundPart[] = [];
  let left = cents;
  for (const invoice of open) {
    if (left === 0) break;
    const part = Math.min(left, invoice.amountPaidCents - invoice.refundedCents);
    parts.push({ invoice, cents: part });
    left -= part;
  }
  return parts;
}

/** One invoice's part: refunded by the provider, then recorded with the invoice's new refunded total. */
async function refundPart(
  db: Db,
  gateway: BillingGateway,
  adminProfileId: string,
  row: SubscriptionRow,
  input: RefundInput,
  part: RefundPart,
): Promise<void> {
  let refund: Awaited<ReturnType<BillingGateway["refund"]>>;
  try {
    refund = await gateway.refund({
      paymentIntentId: part.invoice.paymentIntentId!,
      amountCents: part.cents,
      reason: input.reason,
      refundOf: `${input.requestKey}-${part.invoice.id}`,
    });
  } catch (error) {
    if (isProviderError(error) && error.status !== 409) throw refundFailed();
    throw error;
  }
  if (refund.status === "failed") throw refundFailed();
  await db.batch([
    db
      .update(invoices)
      .set({ refundedCents: sql`${invoices.refundedCents} + ${part.cents}`, refundedAt: new Date().toISOString() })
      .where(eq(invoices.id, part.invoice.id)),
    db.insert(refunds).values({
      subscriptionId: row.id,
      invoiceId: part.invoice.id,
      amountCents: part.cents,
      currency: part.invoice.currency,
      reason: input.reason,
      status: refund.status,
      stripeRefundId: refund.id,
      createdBy: adminProfileId,
      requestKey: input.requestKey,
    }),
  ]);
}

const refundFailed = () => new ApiError(502, "REFUND_FAILED", "billing.refundFailed");

/** A refunded plan ends now: a processed refund sets the subscription cancelled. */
async function endPlanNow(db: Db, gateway: BillingGateway, row: SubscriptionRow): Promise<void> {
  const [fresh] = await db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
  if (fresh.status === "canceled") return;
  if (fresh.plan === "discovery" || !fresh.stripeSubscriptionId || fresh.provider !== gateway.kind) {
    await db
      .update(subscriptions)
      .set({ status: "canceled", canceledAt: new Date().toISOString() })
      .where(eq(subscriptions.id, row.id));
    return;
  }
  await writeState(db, gateway, fresh, await gateway.cancelNow(heldOf(fresh, gateway)));
}

const COLUMNS = ["id", "user", "email", "plan", "status", "amount", "city", "startDate", "nextBilling"] as const;

/**
 * The filtered subscriptions as CSV (id, user, email, plan, status, amount, city, start, next billing),
 * streamed; the export is audited. `pageRows`: rows read per query (a test makes it small).
 */
export function exportSubscriptionsCsv(
  db: Db,
  admin: AdminContext,
  query: SubscriptionsExportQuery,
  lang: Lang,
  pageRows = EXPORT_PAGE_ROWS,
): Promise<CsvFile> {
  const { separator, ...filters } = query;
  return auditedCsvExport<CsvRow>(
    db,
    admin,
    lang,
    {
      section: "subscriptions",
      fileName: "abonnements",
      filters,
      separator,
      headerKeys: COLUMNS.map((column) => `admin.subscriptions.csv.${column}`),
      page: (limit, after) => rowsAfter(db, filters, limit, after),
      cells: (row) => cellsOf(row, lang),
    },
    Date.now(),
    pageRows,
  );
}

function cellsOf(row: CsvRow, lang: Lang) {
  const s = row.subscription;
  return [
    s.id,
    `${row.firstName} ${row.lastName}`,
    row.email,
    translate(lang, `admin.users.plans.${s.plan}`),
    translate(lang, `admin.subscriptions.statuses.${s.status}`),
    (s.amountCents / 100).toFixed(2),
    row.city,
    s.createdAt.slice(0, 10),
    nextBillingOf(s)?.slice(0, 10) ?? "",
  ];
}
