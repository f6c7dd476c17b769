// Numbers on the cards and pins, in the French format the whole app uses (web/src/lib/format.ts).
const oneDecimal = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });
const ratingFormat = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "0,8", "3,4", "12": a tenth of a kilometre matters nearby, not beyond 10 km. */
export const formatKm = (km: number) => oneDecimal.format(km < 10 ? km : Math.round(km));

/** "4,8". */
export const formatRating = (rating: number) => ratingFormat.format(rating);

export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();
