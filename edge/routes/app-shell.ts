// Every path that is neither a file, a pre-rendered public page nor the API reaches the Worker
// (wrangler.toml: not_found_handling = "none") and gets the bare app shell, where the client router
// takes over. The pre-rendered home page cannot play that part: a deep link would show the home
// page's content until the script replaced it.
import type { Context } from "hono";
import { APP_SHELL_PATH } from "../lib/app-shell";
import type { AppEnv } from "../lib/context";
import { securityHeaders } from "../lib/security-headers";

/** The client router's paths have no file extension: a missing /assets/old.js stays a 404. */
const isClientPath = (pathname: string) => !/\.[^/]*$/.test(pathname);

/** The assets binding's answer with the headers the `_headers` file gives the files it serves. */
function withSecurityHeaders(response: Response): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(securityHeaders())) copy.headers.set(name, value);
  return copy;
}

export const wantsPage = (c: Context<AppEnv>) =>
  (c.req.method === "GET" || c.req.method === "HEAD") && isClientPath(new URL(c.req.url).pathname);

/** The bare app shell, for a GET or HEAD of a client path. */
export async function fetchAppShell(c: Context<AppEnv>): Promise<Response> {
  const shell = await c.env.ASSETS.fetch(new Request(new URL(APP_SHELL_PATH, c.req.url), { method: c.req.method }));
  return withSecurityHeaders(shell);
}

export async function serveAppShell(c: Context<AppEnv>): Promise<Response> {
  if (!wantsPage(c)) return withSecurityHeaders(await c.env.ASSETS.fetch(c.req.raw));
  return fetchAppShell(c);
}
