// A provider call that did not go through becomes an answer the user can read, never a 500: 409 while
// the same request is still running at the provider (Stripe answers 409 to a second request with an
// idempotency key still in flight), 502 when the provider refused the call or could not be reached.
import { ApiError } from "../../../lib/errors";

export const providerBusy = () => new ApiError(409, "PROVIDER_BUSY", "billing.providerBusy");
export const providerFailed = () => new ApiError(502, "PROVIDER_ERROR", "billing.providerError");

/** True for the answers above (a provider's refusal), as opposed to a bug of ours. */
export const isProviderError = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.code === "PROVIDER_BUSY" || error.code === "PROVIDER_ERROR");
