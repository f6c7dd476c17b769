// Each API route is defined once, with `createRoute` from @hono/zod-openapi: path, method, request
// schemas, response schemas per status, auth and summary. The validation, the Hono RPC types of
// the web client and the OpenAPI 3.1 document all come from that one definition.
import { OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { ZodType } from "zod";
import type { AppEnv } from "./context";
import { apiErrorBodySchema } from "./errors";
import { validationError } from "./validation";

/** A router whose invalid inputs become our 400 (first problem, user's language, nothing changed). */
export const createApi = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });

/** A JSON request body; required, so a missing or non-JSON body is refused rather than skipped. */
export const jsonBody = <Schema extends ZodType>(schema: Schema) => ({
  required: true,
  content: { "application/json": { schema } },
});

/** A JSON answer with its schema. */
export const jsonResponse = <Schema extends ZodType>(description: string, schema: Schema) => ({
  description,
  content: { "application/json": { schema } },
});

/** An error answer: always `{ error: { code, message, ... } }`. */
export const errorResponse = (description: string) => jsonResponse(description, apiErrorBodySchema);

/** A redirect, for the links people follow from an email or a sign-in provider. */
export const redirectResponse = (description: string) => ({
  description,
  headers: { location: { description: "Where the browser goes next.", schema: { type: "string" as const } } },
});

export const SESSION_SECURITY: NonNullable<RouteConfig["security"]> = [{ bearerAuth: [] }, { cookieAuth: [] }];

const API_DESCRIPTION =
  "Errors are `{ error: { code, message } }` with the message in the language of `Accept-Language` (fr by default, en). " +
  "Authenticate with the session cookie or `Authorization: Bearer <token>` (API clients get the token in the " +
  "`set-auth-token` header of sign-in).";

/** The document's frame; the paths come from the routes' own definitions. */
export function documentFrame(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: { title: "Veilleuse API", version: "0.1.0", description: API_DESCRIPTION },
    servers: [{ url: serverUrl }],
  };
}

/** Registered once on the API router so every route's `security` can name them. */
export function registerSecuritySchemes(api: OpenAPIHono<AppEnv>): void {
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer" });
  api.openAPIRegistry.registerComponent("securitySchemes", "cookieAuth", {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
  });
}
