// GET /api/stripe/preview-plan-change?subscription_id=…&plan=…: what 'Passer au Premium' /
// 'Rétrograder au Standard' would charge today (the provider's prorated preview), from when, and
// the monthly price from the next billing date. Asked when the confirmation opens, never cached:
// the amount shrinks as the period runs.
import { useQuery } from "@tanstack/react-query";
import type { PaidPlan } from "@db/schema/enums";
import type { PlanChangePreview } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";

export const previewPlanChange = (subscriptionId: string, plan: PaidPlan): Promise<PlanChangePreview> =>
  unwrap(client.api.stripe["preview-plan-change"].$get({ query: { subscription_id: subscriptionId, plan } }));

export function usePlanChangePreview(subscriptionId: string, plan: PaidPlan | null) {
  return useQuery({
    queryKey: ["billing", "plan-change-preview", subscriptionId, plan],
    queryFn: () => previewPlanChange(subscriptionId, plan!),
    enabled: plan !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}
