// The roster (GET /api/agency/roster) and taking a babysitter off it (DELETE /api/agency/roster/{id},
// which answers the roster without her; she is told).
import { useMutation, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { FRESH_ON_EACH_VISIT, agencyKeys, refreshAgency } from "./keys";

export const useRoster = () =>
  useQuery({
    queryKey: agencyKeys.roster(),
    queryFn: () => unwrap(client.api.agency.roster.$get()),
    staleTime: FRESH_ON_EACH_VISIT,
  });

export const useRemoveSitter = () =>
  useMutation({
    mutationFn: (sitterId: string) => unwrap(client.api.agency.roster[":sitterId"].$delete({ param: { sitterId } })),
    onSuccess: (roster) => {
      if (roster) queryClient.setQueryData(agencyKeys.roster(), roster);
    },
    onSettled: () => refreshAgency(),
  });
