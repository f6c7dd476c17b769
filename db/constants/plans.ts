// Babysitter plans. Parents are free for life; commission is 0%.
// Types only: the home page loads this module with the first load of /, the enums would follow it.
import type { PaidPlan, SubscriptionPlan } from "../schema/enums";

export const COMMISSION_PERCENT = 0;
export const PLAN_CURRENCY = "eur";
/** The period, in days, when a provider gives none. */
export const FALLBACK_PERIOD_DAYS = 30;
export const REFUND_WINDOW_DAYS = 14;
/** The babysitter is told this many days before each renewal, with the amount. */
export const RENEWAL_NOTICE_DAYS = 3;
/** French VAT on the plans; prices are shown and charged VAT included (19 EUR = 15.83 + 3.17). */
export const VAT_RATE_PERCENT = 20;
/** A checkout left unpaid this long is dropped and a new one started (Stripe keeps an incomplete
 * subscription's first invoice open for 23 hours). */
export const CHECKOUT_REUSE_HOURS = 23;
/** A plan change's quote (the amount shown before 'Confirmer') holds this long: confirmed within it,
 * the change is prorated at the quote's instant, so she pays exactly what she was shown. */
export const PLAN_CHANGE_QUOTE_MINUTES = 15;

/** What the plans offer; each has its text at plans.features.<id> (db/i18n). */
export type PlanFeature =
  | "freeTrialMonth"
  | "fiveBookingsIncluded"
  | "noCommission"
  | "unlimitedBookings"
  | "searchPriority"
  | "invoiceExport"
  | "microLearning"
  | "professionalBadge"
  | "allStandard"
  | "priorityPush"
  | "analytics"
  | "insuranceDiscount"
  | "advancedSos"
  | "prioritySupport";

export type PlanDefinition = {
  id: SubscriptionPlan;
  priceCents: number;
  /** Free trial length in months (discovery only). */
  trialMonths: number;
  /** Bookings included; null = unlimited. */
  bookingsIncluded: number | null;
  /** In display order. */
  features: readonly PlanFeature[];
  mostPopular: boolean;
};

const STANDARD_FEATURES = [
  "unlimitedBookings",
  "searchPriority",
  "invoiceExport",
  "microLearning",
  "professionalBadge",
] as const satisfies readonly PlanFeature[];

export const PLANS: Record<SubscriptionPlan, PlanDefinition> = {
  discovery: {
    id: "discovery",
    priceCents: 0,
    trialMonths: 1,
    bookingsIncluded: 5,
    features: ["freeTrialMonth", "fiveBookingsIncluded", "noCommission"],
    mostPopular: false,
  },
  standard: {
    id: "standard",
    priceCents: 1900,
    trialMonths: 0,
    bookingsIncluded: null,
    features: STANDARD_FEATURES,
    mostPopular: false,
  },
  premium: {
    id: "premium",
    priceCents: 3900,
    trialMonths: 0,
    bookingsIncluded: null,
    features: ["allStandard", "priorityPush", "analytics", "insuranceDiscount", "advancedSos", "prioritySupport"],
    mostPopular: true,
  },
};

/** The i18n keys of a plan's name and of a feature (db/i18n, section "plans"). */
export const planNameKey = (plan: SubscriptionPlan) => `plans.${plan}.name`;
export const planFeatureKey = (feature: PlanFeature) => `plans.features.${feature}`;

/** Amount sent to payment creation: price x 100 (i.e. cents), currency eur. */
export const planAmountCents = (plan: SubscriptionPlan): number => PLANS[plan].priceCents;

/**
 * "Visibility / search priority" of the paid plans: points added to a sitter's 0-100 match score
 * when results are sorted by relevance. Only results that passed every filter are ranked, so the
 * boost reorders matching sitters and never brings in one that does not match.
 */
export const PLAN_SEARCH_BOOST: Record<SubscriptionPlan, number> = {
  discovery: 0,
  standard: 4,
  premium: 8,
};

export const isPlan = (plan: string): plan is SubscriptionPlan => Object.hasOwn(PLANS, plan);

/** Standard and Premium (PAID_PLANS in the enums): the plans with a price. */
export const isPaidPlan = (plan: string): plan is PaidPlan => isPlan(plan) && PLANS[plan].priceCents > 0;

/** VAT included in a price: 1900 -> { net: 1583, vat: 317 }. */
export function vatBreakdown(totalCents: number): { netCents: number; vatCents: number } {
  const netCents = Math.round((totalCents * 100) / (100 + VAT_RATE_PERCENT));
  return { netCents, vatCents: totalCents - netCents };
}
