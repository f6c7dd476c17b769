// The agency feature's react-query keys. Everything the agency space reads sits under "agency", so an
// answer for a sitter or a change of the roster refreshes every list it may move (requests, upcoming,
// calendar, roster hours, figures) at once; a babysitter's membership sits under its own key.
import type { AGENCY_BOOKING_FILTERS } from "@db/validators/agencies";
import { queryClient } from "@web/lib/query-client";

export type AgencyBookingFilter = (typeof AGENCY_BOOKING_FILTERS)[number];

export const agencyKeys = {
  all: ["agency"] as const,
  agency: () => ["agency", "agency"] as const,
  roster: () => ["agency", "roster"] as const,
  invitations: () => ["agency", "invitations"] as const,
  bookings: (filter: AgencyBookingFilter) => ["agency", "bookings", filter] as const,
  calendar: (from: string, to: string) => ["agency", "calendar", from, to] as const,
  figures: () => ["agency", "figures"] as const,
  membership: ["agency-membership"] as const,
};

/**
 * Others change what these lists show (a sitter accepts an invitation or leaves, a family sends or
 * cancels a request): a page asks again each time it opens, showing what it had meanwhile.
 */
export const FRESH_ON_EACH_VISIT = 0;

/** After a change in the agency space: everything it shows is asked again (the open page first). */
export const refreshAgency = () => queryClient.invalidateQueries({ queryKey: agencyKeys.all });
