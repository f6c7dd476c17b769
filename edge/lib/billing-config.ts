// Which payment provider the Worker uses, from its configuration only. Stripe when its secret key is
// set (then every Stripe setting must be: a half-configured Stripe is a configuration error, never a
// silent fall back to the demo); the demo provider otherwise, except in production, where plans are
// unavailable until Stripe is configured (no deployment takes pretend payments by accident).
import type { PaidPlan } from "@db/schema/enums";
import { type Env, isProduction } from "../env";

export type StripeSettings = {
  kind: "stripe";
  secretKey: string;
  publishableKey: string;
  /** The signing secrets of the webhook endpoints: the account's own events, then (optional) the
   * Connect endpoint's, for events on the babysitters' connected accounts. */
  webhookSecrets: string[];
  prices: Record<PaidPlan, string>;
  /** Tests point the SDK at a local double (host, port, protocol); production leaves it unset. */
  apiBase: URL | null;
};

export type BillingSettings = StripeSettings | { kind: "demo" } | { kind: "unavailable" };

const REQUIRED = [
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_STANDARD",
  "STRIPE_PRICE_PREMIUM",
] as const satisfies readonly (keyof Env)[];

const value = (env: Env, name: keyof Env) => (typeof env[name] === "string" ? (env[name] as string).trim() : "");

/** What is missing from a Stripe configuration, or null (also null when Stripe is not configured at all). */
export function stripeConfigProblem(env: Env): string | null {
  if (!value(env, "STRIPE_SECRET_KEY")) return null;
  const missing = REQUIRED.filter((name) => !value(env, name));
  if (missing.length > 0) return `STRIPE_SECRET_KEY is set but not ${missing.join(", ")}`;
  const base = value(env, "STRIPE_API_BASE");
  if (base && !URL.canParse(base)) return `STRIPE_API_BASE is not a URL: ${base}`;
  return null;
}

export function billingSettings(env: Env): BillingSettings {
  const secretKey = value(env, "STRIPE_SECRET_KEY");
  if (secretKey) {
    const base = value(env, "STRIPE_API_BASE");
    return {
      kind: "stripe",
      secretKey,
      publishableKey: value(env, "STRIPE_PUBLISHABLE_KEY"),
      webhookSecrets: [value(env, "STRIPE_WEBHOOK_SECRET"), value(env, "STRIPE_CONNECT_WEBHOOK_SECRET")].filter(
        Boolean,
      ),
      prices: { standard: value(env, "STRIPE_PRICE_STANDARD"), premium: value(env, "STRIPE_PRICE_PREMIUM") },
      apiBase: base ? new URL(base) : null,
    };
  }
  return isProduction(env) ? { kind: "unavailable" } : { kind: "demo" };
}
