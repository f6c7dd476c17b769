// The Cloudflare Worker entry: HTTP goes to the Hono app, once the configuration is complete.
// The realtime Durable Object class is exported from here too (wrangler.toml binds it), and the cron
// runs the plans' clock (services/billing-sweep.ts).
import { createDb } from "@db/client";
import { app } from "./app";
import type { Env } from "./env";
import { configProblem } from "./lib/config";
import { securityHeaders } from "./lib/security-headers";
import { runBillingSweep } from "./services/billing-sweep";

export { UserInbox } from "./realtime/user-inbox";

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
  async scheduled(_controller, env, ctx) {
    const problem = configProblem(env);
    if (problem) return console.error(`Veilleuse is not configured: ${problem}`);
    ctx.waitUntil(
      runBillingSweep(createDb(env)).then((report) => console.info(`Billing sweep: ${JSON.stringify(report)}`)),
    );
  },
} satisfies ExportedHandler<Env>;
