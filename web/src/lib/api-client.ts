// The typed Hono RPC client (`hc<AppType>`, type-only import, so a changed route breaks this build)
// over the one fetch of api-fetch.ts. Pass a call's result to `unwrap`.
import { hc, type InferResponseType } from "hono/client";
import type { AppType } from "@edge/app";
import { apiFetch, baseUrl } from "./api-fetch";

export { ApiError, clearToken, readToken, TOKEN_STORAGE_KEY, unwrap } from "./api-fetch";

/** Typed routes: `client.api.me.$get()`; pass the result to `unwrap`. */
export const client = hc<AppType>(baseUrl(), { fetch: apiFetch });

// ---- Contract types ----

/** The error answer's body, as the server declares it (edge/lib/errors.ts). */
export type { ApiErrorBody } from "@edge/lib/errors";

/** The session profile, as GET /api/me declares it (a changed route breaks the build here). */
export type Profile = InferResponseType<typeof client.api.me.$get, 200>["profile"];
export type UserType = Profile["user_type"];
