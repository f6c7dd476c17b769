// The query keys of the settings' subscription tab. The success page (features/payment) invalidates
// the same ["billing", "subscription"] and ["billing", "invoices"] keys after a payment.
import { queryClient } from "@web/lib/query-client";

export const billingKeys = {
  subscription: () => ["billing", "subscription"] as const,
  invoices: () => ["billing", "invoices"] as const,
};

/** After any change: the subscription and the invoice list are asked again. */
export function invalidateBilling(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.subscription() }),
    queryClient.invalidateQueries({ queryKey: billingKeys.invoices() }),
  ]).then(() => undefined);
}
