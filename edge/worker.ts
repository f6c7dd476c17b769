// The Cloudflare Worker entry: HTTP goes to the Hono app. (Scheduled jobs and the realtime
// Durable Objects are exported from here as they arrive.)
import { app } from "./app";
import type { Env } from "./env";

export default {
  fetch(request, env, ctx) {
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
