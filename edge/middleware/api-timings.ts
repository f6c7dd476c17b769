// Times every API answer for the console's performance figures (services/monitoring/api-timings.ts):
// from the request's arrival in the app to its answer, errors included; a WebSocket upgrade (101)
// is not an answer time. The isolate's measures are written after an answer, at most every 10 s.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../lib/context";
import { inBackground } from "../lib/background";
import { flushDue, flushTimings, noteTiming } from "../services/monitoring/api-timings";

export const timeApiAnswers = createMiddleware<AppEnv>(async (c, next) => {
  const start = Date.now();
  await next();
  if (c.res.status === 101) return;
  const end = Date.now();
  noteTiming(end - start, end);
  if (flushDue(end)) inBackground(c)(flushTimings(c.var.db, end));
});
