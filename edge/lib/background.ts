// Work after the answer: a leaf of its own, so delivery and services can hand work to the request's
// execution context without importing the auth layer.
import type { Context } from "hono";
import type { AppEnv } from "./context";

/** Runs work after the answer has left (ctx.waitUntil), so slow email never shows in response times. */
export function inBackground(c: Context<AppEnv>): (work: Promise<unknown>) => void {
  return (work) => {
    const logged = work.catch((error) => console.error("Background task failed", error));
    try {
      c.executionCtx.waitUntil(logged);
    } catch {
      // No execution context (unit tests on app.fetch): the promise simply runs on.
    }
  };
}
