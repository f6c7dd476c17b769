// The one place that talks HTTP to the Worker: origin prefix (desktop), Accept-Language, cookies,
// the bearer token of the desktop app, and the JSON error shape
// { error: { code, message, field?, warning?, retryAfterMinutes? } }.
// edge/app.ts (and its AppType) did not exist yet when this was written, so this is a small typed
// fetch wrapper rather than `hc<AppType>`; the response types below mirror the agreed contract and
// the wrapper keeps the same behaviour hc would need (same headers, same error handling), so
// switching means replacing `request` calls per feature hook, nothing else.
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

/** status 0: the request never got an answer (offline, server down, CORS). */
export const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

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

// Cookies carry the session in the browser; the desktop app (other origin, app:// scheme) keeps the
// bearer token better-auth hands out in `set-auth-token`.
function rememberToken(response: Response, desktop: boolean): void {
  const token = response.headers.get("set-auth-token");
  if (!desktop || !token) return;
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // without storage the session lasts as long as the cookie does
  }
}

function buildHeaders(hasBody: boolean, desktop: boolean): Headers {
  const headers = new Headers({ Accept: "application/json", "Accept-Language": currentLanguage() });
  if (hasBody) headers.set("Content-Type", "application/json");
  const token = desktop ? readToken() : null;
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return headers;
}

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

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const { apiOrigin, platform } = getPlatform();
  const desktop = platform === "desktop";
  let response: Response;
  try {
    response = await fetch(`${apiOrigin}${path}`, {
      method,
      credentials: "include",
      headers: buildHeaders(body !== undefined, desktop),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    console.error(`${method} ${path} failed`, cause);
    throw new ApiError(0, "NETWORK", "");
  }
  rememberToken(response, desktop);
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => undefined)) as T;
}

export const api = {
  get: <T>(path: string) => request<T>("GET", path),
  post: <T>(path: string, body: unknown = {}) => request<T>("POST", path, body),
  patch: <T>(path: string, body: unknown) => request<T>("PATCH", path, body),
  delete: <T>(path: string) => request<T>("DELETE", path),
};

// ---- Contract types (mirror edge/ responses) ----

export interface ApiErrorBody {
  code: string;
  message: string;
  field?: string;
  warning?: string;
  retryAfterMinutes?: number;
}

export type UserType = "parent" | "babysitter" | "admin";

export interface Profile {
  id: string;
  user_id: string;
  user_type: UserType;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  city: string | null;
  address: string | null;
  postal_code: string | null;
  bio: string | null;
  photo_url: string | null;
  is_verified: boolean;
}

export interface MeResponse {
  profile: Profile;
}

export interface SignInResponse {
  user: { id: string; email: string };
  profile: Profile;
}

export interface ConfigResponse {
  oauth: { google: boolean; facebook: boolean };
}
