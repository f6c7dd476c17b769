// The gateway a request uses, from the Worker's configuration (lib/billing-config.ts): Stripe, the demo
// provider, or none (production without Stripe keys: 'Service de paiement non disponible').
import type { Db } from "@db/client";
import type { Env } from "../../../env";
import { ApiError } from "../../../lib/errors";
import { billingSettings } from "../../../lib/billing-config";
import { DemoGateway } from "./demo-gateway";
import type { BillingGateway } from "./gateway";
import { StripeGateway } from "./stripe-gateway";

export const paymentsUnavailable = () => new ApiError(503, "PAYMENTS_UNAVAILABLE", "billing.unavailable");

export function billingGateway(env: Env, db: Db): BillingGateway {
  const settings = billingSettings(env);
  if (settings.kind === "stripe") return new StripeGateway(settings);
  if (settings.kind === "demo") return new DemoGateway(db);
  throw paymentsUnavailable();
}
