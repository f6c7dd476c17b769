// GET /api/dashboard: the signed-in user's figures for their role.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export const getDashboard = () => unwrap(client.api.dashboard.$get());
export type DashboardFigures = Awaited<ReturnType<typeof getDashboard>>;

/** Asked again on every visit: bookings, messages and favourites change on other pages (one cheap batch). */
export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ["dashboard"], queryFn: getDashboard, staleTime: 0 });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
