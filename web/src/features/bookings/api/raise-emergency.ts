// POST /api/emergencies: the 'Signaler une urgence' dialog of /bookings/{id}. The booking's alerts
// (list-emergencies.ts) reload afterwards.
import { useMutation } from "@tanstack/react-query";
import type { EmergencyCreateBody } from "@db/validators/emergencies";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

export const raiseEmergency = (body: EmergencyCreateBody) => unwrap(client.api.emergencies.$post({ json: body }));

export function useRaiseEmergency() {
  return useMutation({
    mutationFn: raiseEmergency,
    onSettled: (_, __, body) =>
      queryClient.invalidateQueries({ queryKey: ["bookings", "emergencies", body.booking_id] }),
  });
}
