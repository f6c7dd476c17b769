// The roster's bookings over a span of Paris days and each sitter's weekly hours
// (GET /api/agency/calendar?from=YYYY-MM-DD&to=YYYY-MM-DD, `to` excluded, 1 to 42 days). The span
// shown stays on screen while the next one loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { FRESH_ON_EACH_VISIT, agencyKeys } from "./keys";

export const useAgencyCalendar = (from: string, to: string) =>
  useQuery({
    queryKey: agencyKeys.calendar(from, to),
    queryFn: () => unwrap(client.api.agency.calendar.$get({ query: { from, to } })),
    placeholderData: keepPreviousData,
    staleTime: FRESH_ON_EACH_VISIT,
  });
