// /api/children: a parent's children ('Mes enfants'). Parents only, and only their own children:
// another parent's child id answers 404 and nothing changes. Nobody else is ever served a child
// here (a babysitter sees the children of a confirmed booking through the booking routes).
import { z } from "@hono/zod-openapi";
import { childCreateBodySchema, childDtoSchema, childUpdateBodySchema } from "@db/validators/child";
import { idParam } from "@db/validators/ids";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { createChild, deleteChild, listChildren, updateChild } from "../services/profiles/children";

const childParams = z.object({ id: idParam });
const childAnswer = z.object({ child: childDtoSchema });
const invalidInput = errorResponse("Invalid input (first problem, in the request's language)");
const notParent = errorResponse("Not a parent");

const list = signedInRoute({
  method: "get",
  path: "/",
  tags: ["children"],
  summary: "The parent's children, oldest entry first. Parents only.",
  responses: {
    200: jsonResponse("Children", z.object({ children: z.array(childDtoSchema) })),
    403: notParent,
    404: errorResponse("The account has no profile"),
  },
});

const create = signedInRoute({
  method: "post",
  path: "/",
  tags: ["children"],
  summary: "Add a child: name, age 0-18, optional special needs and allergies (200 characters each).",
  request: { body: jsonBody(childCreateBodySchema) },
  responses: {
    201: jsonResponse("The child added", childAnswer),
    400: invalidInput,
    403: notParent,
    404: errorResponse("The account has no profile"),
  },
});

const update = signedInRoute({
  method: "patch",
  path: "/{id}",
  tags: ["children"],
  summary: "Change a child's name, age, special needs or allergies (an empty note clears it).",
  request: { params: childParams, body: jsonBody(childUpdateBodySchema) },
  responses: {
    200: jsonResponse("The child updated", childAnswer),
    400: invalidInput,
    403: notParent,
    404: errorResponse("No such child among the caller's children"),
  },
});

const remove = signedInRoute({
  method: "delete",
  path: "/{id}",
  tags: ["children"],
  summary:
    "Delete a child. Refused (409) while a pending or confirmed booking names the child; past and cancelled " +
    "bookings lose the child from their list.",
  request: { params: childParams },
  responses: {
    200: jsonResponse("Deleted", z.object({ ok: z.literal(true) })),
    403: notParent,
    404: errorResponse("No such child among the caller's children"),
    409: errorResponse("The child is on a pending or confirmed booking"),
  },
});

export const childrenRoutes = createApi()
  .openapi(list, async (c) => {
    const parent = await callerProfile(c, "parent");
    return c.json({ children: await listChildren(c.var.db, parent.id) }, 200);
  })
  .openapi(create, async (c) => {
    const parent = await callerProfile(c, "parent");
    return c.json({ child: await createChild(c.var.db, parent.id, c.req.valid("json")) }, 201);
  })
  .openapi(update, async (c) => {
    const parent = await callerProfile(c, "parent");
    const child = await updateChild(c.var.db, parent.id, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ child }, 200);
  })
  .openapi(remove, async (c) => {
    const parent = await callerProfile(c, "parent");
    await deleteChild(c.var.db, parent.id, c.req.valid("param").id);
    return c.json({ ok: true as const }, 200);
  });
