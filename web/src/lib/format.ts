// Display formats: amounts and dates always use the French locale (spec), whatever the UI language.
const wholeEuros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR", minimumFractionDigits: 2 });

/** Integer cents -> "19 €", or with the cents when there are some: "55,50 €" (never "55,5 €"). */
export const formatEuros = (cents: number) => (cents % 100 === 0 ? wholeEuros : euros).format(cents / 100);

const PARIS = "Europe/Paris";
const longDate = new Intl.DateTimeFormat("fr-FR", {
  timeZone: PARIS,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const clockTime = new Intl.DateTimeFormat("fr-FR", { timeZone: PARIS, hour: "2-digit", minute: "2-digit" });
const decimal = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A stored UTC time as its Paris date: "mardi 14 avril 2026". */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));

/** A stored UTC time as its Paris clock time: "18:30". */
export const formatClockTime = (iso: string) => clockTime.format(new Date(iso));

/** An average rating: "4,8". */
export const formatRating = (rating: number) => decimal.format(rating);
