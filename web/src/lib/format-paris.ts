// Dates, times and ratings of bookings and reviews: stored UTC times shown in Europe/Paris with the
// fr-FR locale whatever the interface language (DESIGN.md), like amounts (format.ts). A module of its
// own so the first load of / (which formats plan prices) does not carry these formatters.
import { PARIS_TIME_ZONE } from "@db/time/paris-time";

const longDate = new Intl.DateTimeFormat("fr-FR", {
  timeZone: PARIS_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const clockTime = new Intl.DateTimeFormat("fr-FR", { timeZone: PARIS_TIME_ZONE, hour: "2-digit", minute: "2-digit" });
const decimal = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A stored UTC time as its Paris date: "mardi 14 avril 2026". */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));

/** A stored UTC time as its Paris clock time: "18:30". */
export const formatClockTime = (iso: string) => clockTime.format(new Date(iso));

/** An average rating: "4,8". */
export const formatRating = (rating: number) => decimal.format(rating);
