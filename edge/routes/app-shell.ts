// Every path that is neither a file, a pre-rendered public page nor the API reaches the Worker
// (wrangler.toml: not_found_handling = "none") and gets the bare app shell, where the client router
// takes over. The pre-rendered home page cannot play that part: a deep link would show the home
// page's content until the script replaced it.
import type { Context } from "hono";
import { billingSettings } from "../lib/billing-config";
import { APP_SHELL_PATH } from "../lib/app-shell";
import type { AppEnv } from "../lib/context";
import { securityHeaders, STRIPE_CSP, type CspOptions } from "../lib/security-headers";

/** The client router's paths have no file extension: a missing /assets/old.js stays a 404. */
const isClientPath = (pathname: string) => !/\.[^/]*$/.test(pathname);

/** The assets binding's answer with the headers the `_headers` file gives the files it serves. */
export function withSecurityHeaders(response: Response, csp?: CspOptions): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(securityHeaders(csp))) copy.headers.set(name, value);
  return copy;
}

/**
 * With Stripe configured, the pages the Worker serves may load Stripe.js and frame its Payment
 * Element, and say so on <html data-payments="stripe">: the checkout page reloads once when it was
 * reached from a pre-rendered page, whose static headers do not allow Stripe.
 */
function withPayments(c: Context<AppEnv>, shell: Response): Response {
  if (billingSettings(c.env).kind !== "stripe") return withSecurityHeaders(shell);
  const marked = new HTMLRewriter()
    .on("html", { element: (html) => void html.setAttribute("data-payments", "stripe") })
    .transform(shell);
  return withSecurityHeaders(marked, STRIPE_CSP);
}

export const wantsPage = (c: Context<AppEnv>) =>
  (c.req.method === "GET" || c.req.method === "HEAD") && isClientPath(new URL(c.req.url).pathname);

/** The bare app shell, for a GET or HEAD of a client path. */
export async function fetchAppShell(c: Context<AppEnv>): Promise<Response> {
  const shell = await c.env.ASSETS.fetch(new Request(new URL(APP_SHELL_PATH, c.req.url), { method: c.req.method }));
  return withPayments(c, shell);
}

export async function serveAppShell(c: Context<AppEnv>): Promise<Response> {
  if (!wantsPage(c)) return withSecurityHeaders(await c.env.ASSETS.fetch(c.req.raw));
  return fetchAppShell(c);
}
