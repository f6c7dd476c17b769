// Babysitter plans (money-and-operations §2, §9). Parents are free for life; commission is 0%.
import { PAID_PLANS, type PaidPlan, type SubscriptionPlan } from "../schema/enums";

export const COMMISSION_PERCENT = 0;
export const PLAN_CURRENCY = "eur";
/** Fallback period when a provider gives none (spec: 30 days). */
export const FALLBACK_PERIOD_DAYS = 30;
export const REFUND_WINDOW_DAYS = 14;
/** The babysitter is told this many days before each renewal, with the amount. */
export const RENEWAL_NOTICE_DAYS = 3;
/** French VAT on the plans; prices are shown and charged VAT included (19 EUR = 15.83 + 3.17). */
export const VAT_RATE_PERCENT = 20;
/** A checkout left unpaid this long is dropped and a new one started (Stripe keeps an incomplete
 * subscription's first invoice open for 23 hours). */
export const CHECKOUT_REUSE_HOURS = 23;

export type PlanDefinition = {
  id: SubscriptionPlan;
  /** i18n key of the plan name. */
  nameKey: string;
  priceCents: number;
  /** Free trial length in months (discovery only). */
  trialMonths: number;
  /** Bookings included; null = unlimited. */
  bookingsIncluded: number | null;
  /** i18n keys, in display order. */
  featureKeys: readonly string[];
  mostPopular: boolean;
};

const STANDARD_FEATURES = [
  "plans.features.unlimitedBookings",
  "plans.features.searchPriority",
  "plans.features.invoiceExport",
  "plans.features.microLearning",
  "plans.features.professionalBadge",
] as const;

export const PLANS: Record<SubscriptionPlan, PlanDefinition> = {
  discovery: {
    id: "discovery",
    nameKey: "plans.discovery.name",
    priceCents: 0,
    trialMonths: 1,
    bookingsIncluded: 5,
    featureKeys: [
      "plans.features.freeTrialMonth",
      "plans.features.fiveBookingsIncluded",
      "plans.features.noCommission",
    ],
    mostPopular: false,
  },
  standard: {
    id: "standard",
    nameKey: "plans.standard.name",
    priceCents: 1900,
    trialMonths: 0,
    bookingsIncluded: null,
    featureKeys: STANDARD_FEATURES,
    mostPopular: false,
  },
  premium: {
    id: "premium",
    nameKey: "plans.premium.name",
    priceCents: 3900,
    trialMonths: 0,
    bookingsIncluded: null,
    featureKeys: [
      "plans.features.allStandard",
      "plans.features.priorityPush",
      "plans.features.analytics",
      "plans.features.insuranceDiscount",
      "plans.features.advancedSos",
      "plans.features.prioritySupport",
    ],
    mostPopular: true,
  },
};

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

export const isPaidPlan = (plan: string): plan is PaidPlan => (PAID_PLANS as readonly string[]).includes(plan);

export const isPlan = (plan: string): plan is SubscriptionPlan => Object.hasOwn(PLANS, plan);

/** VAT included in a price: 1900 -> { net: 1583, vat: 317 }. */
export function vatBreakdown(totalCents: number): { netCents: number; vatCents: number } {
  const netCents = Math.round((totalCents * 100) / (100 + VAT_RATE_PERCENT));
  return { netCents, vatCents: totalCents - netCents };
}
