// POST /api/bookings/{id}/check-in and /check-out: the babysitter's one-tap arrival and departure,
// with her position only when she ticked the box (the server keeps the distance, never the position).
import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

export type SittingTap = "check-in" | "check-out";
type Position = { latitude: number; longitude: number };

/** The device's position, or undefined when it is refused or takes longer than 10 s (the tap still goes). */
export function currentPosition(): Promise<Position | undefined> {
  if (!("geolocation" in navigator)) return Promise.resolve(undefined);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      () => resolve(undefined),
      { timeout: 10_000, maximumAge: 60_000 },
    ),
  );
}

const tapRoute = (tap: SittingTap) =>
  tap === "check-in" ? client.api.bookings[":id"]["check-in"] : client.api.bookings[":id"]["check-out"];

export const sendTap = ({ id, tap, position }: { id: string; tap: SittingTap; position?: Position }) =>
  unwrap(tapRoute(tap).$post({ param: { id }, json: position ? { position } : {} }));

export function useSittingTap() {
  return useMutation({
    mutationFn: sendTap,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["bookings"] }),
  });
}
