// The roster's bookings (GET /api/agency/bookings?filter=requests|upcoming|past) and the agency's
// answer to a request for the sitter (POST /api/agency/bookings/{id}/answer). Whatever the outcome,
// the agency space is asked again: a refusal (409: answered meanwhile) says the list was out of date.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { AgencyBookingAction } from "@db/validators/agencies";
import { client, unwrap } from "@web/lib/api-client";
import { type AgencyBookingFilter, FRESH_ON_EACH_VISIT, agencyKeys, refreshAgency } from "./keys";

export const useAgencyBookings = (filter: AgencyBookingFilter) =>
  useQuery({
    queryKey: agencyKeys.bookings(filter),
    queryFn: () => unwrap(client.api.agency.bookings.$get({ query: { filter } })),
    staleTime: FRESH_ON_EACH_VISIT,
  });

export const useAnswerBooking = () =>
  useMutation({
    mutationFn: ({ id, action }: { id: string; action: AgencyBookingAction }) =>
      unwrap(client.api.agency.bookings[":id"].answer.$post({ param: { id }, json: { action } })),
    onSettled: () => refreshAgency(),
  });

/** Another sitter of the team for a request (POST /api/agency/bookings/{id}/reassign): the family decides. */
export const useProposeSitter = () =>
  useMutation({
    mutationFn: ({ id, sitterId }: { id: string; sitterId: string }) =>
      unwrap(client.api.agency.bookings[":id"].reassign.$post({ param: { id }, json: { sitter_id: sitterId } })),
    onSettled: () => refreshAgency(),
  });
