// GET /api/admin/dashboard?period=: the KPIs against the period before, the series, the latest
// audit entries and the sitters' responsiveness. While another period loads, the one on screen
// stays (dimmed) rather than a blank page; 'Actualiser' asks the server again (refetch).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminDashboard, DashboardPeriod } from "@db/validators/admin-dashboard";
import { client, unwrap } from "@web/lib/api-client";

export const adminDashboardKeys = {
  all: ["admin-dashboard"] as const,
  period: (period: DashboardPeriod) => ["admin-dashboard", period] as const,
};

export const getAdminDashboard = (period: DashboardPeriod): Promise<AdminDashboard> =>
  unwrap(client.api.admin.dashboard.$get({ query: { period } }));

export const useAdminDashboard = (period: DashboardPeriod) =>
  useQuery({
    queryKey: adminDashboardKeys.period(period),
    queryFn: () => getAdminDashboard(period),
    placeholderData: keepPreviousData,
  });
