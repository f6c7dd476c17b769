// Numbers on the cards and pins, in the interface language's format (web/src/lib/format-paris.ts).
import { formatNumber } from "@web/lib/format-paris";

export { formatRating } from "@web/lib/format-paris";

/** "0,8" / "0.8", "12": a tenth of a kilometre matters nearby, not beyond 10 km. */
export const formatKm = (km: number) => formatNumber(km < 10 ? km : Math.round(km), 1);

export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();
