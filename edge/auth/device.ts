// The browser id behind 'Nouvelle connexion': a random id in a long-lived, http-only cookie
// (DEVICE_COOKIE_NAME), kept in the database only as its SHA-256 (services/account/sign-ins.ts). A client
// without the cookie gets a fresh id on the answer that creates its session; a client that never
// sends it back (a bearer-only API client) is a new device at every sign-in.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_NAME } from "@db/constants/limits";
import { publicOrigin } from "../lib/config";
import type { AppEnv } from "../lib/context";

/** 32 random bytes, base64url: what the cookie holds. */
const DEVICE_ID_PATTERN = /^[\w-]{43}$/;

/** Ids minted during a request, to be set as a cookie on its answer (deviceCookie below). */
const minted = new WeakMap<Request, string>();

function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The calling browser's device id: the cookie's when it holds a well-formed one, else a new id
 * (the same one for the whole request), which deviceCookie sets on the answer.
 */
export function deviceIdOf(c: Context<AppEnv>): string {
  const sent = getCookie(c, DEVICE_COOKIE_NAME);
  if (sent && DEVICE_ID_PATTERN.test(sent)) return sent;
  let id = minted.get(c.req.raw);
  if (!id) {
    id = newDeviceId();
    minted.set(c.req.raw, id);
  }
  return id;
}

/** Sets the cookie of an id minted while answering (a sign-in from a browser without one). */
export const deviceCookie = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const id = minted.get(c.req.raw);
  if (!id) return;
  const secure = publicOrigin(c.env).startsWith("https:") ? "; Secure" : "";
  const cookie = `${DEVICE_COOKIE_NAME}=${id}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
  c.res = new Response(c.res.body, c.res);
  c.res.headers.append("set-cookie", cookie);
});
