// The Cloudflare Worker entry: HTTP goes to the Hono app, once the configuration is complete.
// (Scheduled jobs and the realtime Durable Objects are exported from here as they arrive.)
import { app } from "./app";
import type { Env } from "./env";
import { configProblem } from "./lib/config";
import { securityHeaders } from "./lib/security-headers";

/** A Worker without its public origin (or secret) refuses to serve rather than guess from the request. */
function misconfigured(problem: string): Response {
  console.error(`Veilleuse is not configured: ${problem}`);
  return new Response("Service unavailable: the server is not configured.", {
    status: 503,
    headers: { "content-type": "text/plain; charset=utf-8", ...securityHeaders() },
  });
}

export default {
  fetch(request, env, ctx) {
    const problem = configProblem(env);
    if (problem) return misconfigured(problem);
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
