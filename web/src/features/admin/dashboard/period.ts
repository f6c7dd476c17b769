// The dashboard's period lives in the URL (?period=7d|30d|90d|1y), so a view can be bookmarked and
// shared and Back returns to the period before; anything else there reads as the default, 30 days.
import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";
import { DASHBOARD_PERIODS, type DashboardPeriod } from "@db/validators/admin-dashboard";

const DEFAULT_PERIOD: DashboardPeriod = "30d";

export function useDashboardPeriod(): [DashboardPeriod, (period: DashboardPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("period");
  const period = DASHBOARD_PERIODS.find((candidate) => candidate === asked) ?? DEFAULT_PERIOD;
  const choose = useCallback(
    (next: DashboardPeriod) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set("period", next);
        return updated;
      }),
    [setParams],
  );
  return [period, choose];
}
