// Refuses an API request with 503 while this isolate already answers maxConcurrentRequests of them
// (services/monitoring/concurrency.ts). A refusal is not timed (it says nothing of the answers' speed).
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { admitRequest } from "../services/monitoring/concurrency";

/** How long a refused client waits before trying again. */
const RETRY_AFTER_MS = 1_000;

export const limitConcurrency = createMiddleware<AppEnv>(async (c, next) => {
  const release = await admitRequest(c.var.db);
  if (!release) throw new ApiError(503, "SERVER_BUSY", "errors.serverBusy", {}, {}, RETRY_AFTER_MS);
  try {
    await next();
  } finally {
    release();
  }
});
