// Every failure leaves as `{ error: { code, message } }`: 4xx for the client's mistakes, a bare
// 500 'Une erreur est survenue' for ours (logged, never with a stack trace in the answer).
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../lib/context";
import { ApiError, forbidden, notFound, renderError, unauthorized } from "../lib/errors";

export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof ApiError) return renderError(c, error);
  if (error instanceof HTTPException) return renderError(c, fromHttpException(error));
  console.error("Unhandled API error", c.req.method, new URL(c.req.url).pathname, error);
  return renderError(c, new ApiError(500, "INTERNAL", "errors.internal"));
}

function fromHttpException(error: HTTPException): ApiError {
  if (error.status === 400 && /json/i.test(error.message))
    return new ApiError(400, "INVALID_JSON", "errors.invalidJson");
  if (error.status === 413) return new ApiError(413, "PAYLOAD_TOO_LARGE", "errors.invalidInput");
  if (error.status === 401) return unauthorized();
  if (error.status === 403) return forbidden();
  if (error.status === 404) return notFound();
  return new ApiError(error.status >= 500 ? 500 : (error.status as 400), "HTTP_ERROR", "errors.invalidInput");
}

export const handleNotFound = (c: Context<AppEnv>) => renderError(c, notFound());
