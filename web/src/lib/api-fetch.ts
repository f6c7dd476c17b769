// The one fetch every call to the Worker goes through (the origin prefix of the desktop app,
// Accept-Language, cookies and the desktop bearer token), and `unwrap`, which turns the JSON error
// shape { error: { code, message, field?, warning?, retryAfterMinutes? } } into ApiError. Apart from
// the typed client (api-client.ts) so the frame asks for the session without carrying the client.
import type { ApiErrorBody } from "@edge/lib/errors";
import { currentLanguage } from "./i18n";
import { getPlatform } from "./platform";

export const TOKEN_STORAGE_KEY = "veilleuse.token";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly warning?: string,
    readonly retryAfterMinutes?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored then
  }
}

// Cookies carry the session in the browser; the desktop app (another origin, app:// scheme) keeps
// the bearer token better-auth hands out in `set-auth-token`.
function rememberToken(response: Response, desktop: boolean): void {
  const token = response.headers.get("set-auth-token");
  if (!desktop || !token) return;
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // without storage the session lasts as long as the cookie does
  }
}

/** The single fetch every call goes through. */
export const apiFetch: typeof fetch = async (input, init) => {
  const desktop = getPlatform().platform === "desktop";
  const headers = new Headers(init?.headers);
  headers.set("Accept", "application/json");
  headers.set("Accept-Language", currentLanguage());
  const token = desktop ? readToken() : null;
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(input, { ...init, headers, credentials: "include" });
  } catch (cause) {
    console.error("API request failed", cause);
    throw new ApiError(0, "NETWORK", "");
  }
  rememberToken(response, desktop);
  return response;
};

// The build's pre-render (in Node, no window) imports this module but never calls the API.
const pageOrigin = () => (typeof window === "undefined" ? "http://localhost" : window.location.origin);
export const baseUrl = () => getPlatform().apiOrigin || pageOrigin();

async function toApiError(response: Response): Promise<ApiError> {
  const payload = (await response.json().catch(() => null)) as { error?: Partial<ApiErrorBody> } | null;
  const error = payload?.error ?? {};
  return new ApiError(
    response.status,
    error.code ?? `HTTP_${response.status}`,
    typeof error.message === "string" ? error.message : "",
    error.field,
    error.warning,
    error.retryAfterMinutes,
  );
}

type SuccessBody<R> = R extends { ok: true; json(): Promise<infer B> } ? B : never;

/** The success body of a typed call, or an ApiError carrying the server's message. */
export async function unwrap<R extends { ok: boolean; json(): Promise<unknown> }>(
  pending: Promise<R>,
): Promise<SuccessBody<R>> {
  const response = (await pending) as unknown as Response;
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as SuccessBody<R>;
  return (await response.json().catch(() => undefined)) as SuccessBody<R>;
}
