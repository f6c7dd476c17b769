// One error shape for every API answer: { error: { code, message, ...extra } }, message in the
// request's language. Domain code throws ApiError; app.onError renders it (and hides anything else).
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { translate, type Lang } from "./i18n";

/** The body of every error answer (the web client reads the same type). */
export const apiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string().describe("In the language of Accept-Language (fr by default, en)."),
      field: z.string().optional().describe("The invalid input field, for validation errors."),
      warning: z.string().optional().describe("A second line to show, e.g. attempts left before a login block."),
      retryAfterMinutes: z.number().int().optional(),
    }),
  })
  .openapi("ApiError");
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>["error"];
export type ErrorExtra = Omit<ApiErrorBody, "code" | "message">;

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    readonly extra: ErrorExtra = {},
    /** For a 429 or a 503: how long to wait, sent as Retry-After (seconds). */
    readonly retryAfterMs?: number,
  ) {
    super(code);
  }
}

function errorBody(lang: Lang, error: ApiError): z.infer<typeof apiErrorBodySchema> {
  return {
    error: { code: error.code, message: translate(lang, error.messageKey, error.params), ...error.extra },
  };
}

export function renderError(c: Context, error: ApiError) {
  if (error.retryAfterMs !== undefined)
    c.header("retry-after", String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
  return c.json(errorBody(c.get("lang" as never) ?? "fr", error), error.status);
}

export const unauthorized = () => new ApiError(401, "UNAUTHORIZED", "errors.unauthorized");
export const forbidden = () => new ApiError(403, "FORBIDDEN", "errors.forbidden");
export const notFound = () => new ApiError(404, "NOT_FOUND", "errors.notFound");
