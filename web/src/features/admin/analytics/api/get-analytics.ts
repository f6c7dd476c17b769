// GET /api/admin/analytics?period=: the searches, the time to a first booking, the retention by
// monthly cohort and the messages before a first booking. While another period loads, the one on
// screen stays (dimmed) rather than a blank page; 'Actualiser' asks the server again (refetch).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminAnalytics } from "@db/validators/admin-analytics";
import type { DashboardPeriod } from "@db/validators/admin-dashboard";
import { client, unwrap } from "@web/lib/api-client";

export const adminAnalyticsKeys = {
  all: ["admin-analytics"] as const,
  period: (period: DashboardPeriod) => ["admin-analytics", period] as const,
};

export const getAdminAnalytics = (period: DashboardPeriod): Promise<AdminAnalytics> =>
  unwrap(client.api.admin.analytics.$get({ query: { period } }));

export const useAdminAnalytics = (period: DashboardPeriod) =>
  useQuery({
    queryKey: adminAnalyticsKeys.period(period),
    queryFn: () => getAdminAnalytics(period),
    placeholderData: keepPreviousData,
  });
