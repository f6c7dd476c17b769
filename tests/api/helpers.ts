// Small HTTP helpers for the API tests (plain fetch against the running Worker).
import { createClient } from "@libsql/client";
import { inject } from "vitest";

export const baseUrl = () => inject("baseUrl");

/** Read-only access to the test database file, to check what the API really wrote. */
export function openDb() {
  return createClient({ url: `file:${inject("dbFile")}` });
}

export type Call = { status: number; body: any; headers: Headers };

export async function call(
  method: string,
  path: string,
  options: { json?: unknown; raw?: string; headers?: Record<string, string>; cookie?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined || options.raw !== undefined) headers["content-type"] ??= "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: options.raw ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
    redirect: "manual",
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, headers: response.headers };
}

/** The session cookie(s) set by a response, as a Cookie header value. */
export const cookieFrom = (headers: Headers) =>
  headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

let counter = 0;
export const uniqueEmail = (prefix = "test") => `${prefix}.${Date.now()}.${++counter}@exemple.fr`;

/** Each test block can act from its own client address (wrangler dev passes CF-Connecting-IP through). */
export const fromAddress = (address: string) => ({ "cf-connecting-ip": address });

export const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  user_type: "parent",
  first_name: "Élodie",
  last_name: "Lefèvre",
  email: uniqueEmail(),
  phone: "06 12 34 56 78",
  city: "Lyon",
  password: "Motdepasse1",
  ...overrides,
});
