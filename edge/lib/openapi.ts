// The API contract for clients at the edge, generated from the very zod schemas the routes
// validate with (each route file exports its docs beside its routes).
import { z, type ZodType } from "zod";

export type RouteDoc = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  tags: string[];
  /** Needs a session cookie or a bearer token. */
  auth?: boolean;
  body?: ZodType;
  responses: Record<number, { description: string; schema?: ZodType }>;
};

const toJsonSchema = (schema: ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });

export function buildOpenApiDocument(docs: RouteDoc[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of docs) {
    const responses = Object.fromEntries(
      Object.entries(doc.responses).map(([status, r]) => [
        status,
        { description: r.description, ...(r.schema && { content: { "application/json": { schema: toJsonSchema(r.schema, "output") } } }) },
      ]),
    );
    paths[doc.path] ??= {};
    paths[doc.path][doc.method] = {
      summary: doc.summary,
      tags: doc.tags,
      ...(doc.auth && { security: [{ bearerAuth: [] }, { cookieAuth: [] }] }),
      ...(doc.body && { requestBody: { required: true, content: { "application/json": { schema: toJsonSchema(doc.body, "input") } } } }),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Veilleuse API",
      version: "0.1.0",
      description:
        "Errors are `{ error: { code, message } }` with the message in the language of `Accept-Language` (fr by default, en). Authenticate with the session cookie or `Authorization: Bearer <token>` (the token comes in the `set-auth-token` header of sign-in).",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer" },
        cookieAuth: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
      },
    },
    paths,
  };
}
