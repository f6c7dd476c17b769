// Babysitter plans as offered (spec money-and-operations §2). Amounts in integer cents.
// The features' texts are i18n keys under home.plans.<id>.features.
// Kept in web/src/lib until a shared module (for the Worker's Stripe code too) exists.
export const PLANS = [
  { id: "discovery", priceCents: 0, trialMonths: 1, includedBookings: 5, popular: false },
  { id: "standard", priceCents: 1900, trialMonths: 0, includedBookings: null, popular: false },
  { id: "premium", priceCents: 3900, trialMonths: 0, includedBookings: null, popular: true },
] as const;

export type PlanId = (typeof PLANS)[number]["id"];

const euros = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** Prices are always shown with the French locale (spec: "EUR with French locale formatting"). */
export const formatEuros = (cents: number) => euros.format(cents / 100);
