// GET /api/dashboard: the signed-in user's figures for their role.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export const getDashboard = () => unwrap(client.api.dashboard.$get());
export type DashboardFigures = Awaited<ReturnType<typeof getDashboard>>;

export const dashboardQueryOptions = () => queryOptions({ queryKey: ["dashboard"], queryFn: getDashboard });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
