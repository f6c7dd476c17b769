// /api/notifications: the caller's in-app notification centre (money-and-operations §2
// "Notifications screen", issue 10): the list with its counts, the header's unread count, mark one
// read, mark all read, delete one. Parents, babysitters and admins alike; only the caller's own
// notifications are ever reached (another user's id gets the same 404 as an unknown one). Rules live
// in services/notifications/notifications.ts.
import { z } from "zod";
import {
  notificationChangeSchema,
  notificationParamsSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
} from "@db/validators/notifications";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadNotificationCount,
} from "../services/notifications/notifications";

const TAGS = ["notifications"];
const noProfile = errorResponse("The account has no profile");
const notFound = errorResponse("No notification of the caller has this id");

const unreadSchema = z.object({ unread: z.number().int() });

const list = signedInRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary:
    "The caller's notifications, newest first, 20 a page (`cursor`), all or unread only, with both counts; " +
    "each with its stable key and raw values, its title and message written in the request's language.",
  request: { query: notificationsQuerySchema },
  responses: {
    200: jsonResponse("A page of notifications", notificationsPageSchema),
    400: errorResponse("Invalid filter, cursor or limit"),
    404: noProfile,
  },
});

const unread = signedInRoute({
  method: "get",
  path: "/unread",
  tags: TAGS,
  summary: "How many of the caller's notifications are unread (the top navigation's count).",
  responses: { 200: jsonResponse("The unread count", unreadSchema), 404: noProfile },
});

const readAll = signedInRoute({
  method: "post",
  path: "/read-all",
  tags: TAGS,
  summary: "Marks every unread notification of the caller read.",
  responses: { 200: jsonResponse("How many were marked, and the counts", notificationChangeSchema), 404: noProfile },
});

const read = signedInRoute({
  method: "post",
  path: "/{notificationId}/read",
  tags: TAGS,
  summary: "Marks one of the caller's notifications read (idempotent).",
  request: { params: notificationParamsSchema },
  responses: {
    200: jsonResponse("Marked read (changed 0 when it already was), and the counts", notificationChangeSchema),
    400: errorResponse("Invalid id"),
    404: notFound,
  },
});

const remove = signedInRoute({
  method: "delete",
  path: "/{notificationId}",
  tags: TAGS,
  summary: "Deletes one of the caller's notifications.",
  request: { params: notificationParamsSchema },
  responses: {
    200: jsonResponse("Deleted, and the counts", notificationChangeSchema),
    400: errorResponse("Invalid id"),
    404: notFound,
  },
});

export const notificationRoutes = createApi()
  .openapi(list, async (c) => {
    const me = await callerProfile(c);
    return c.json(await listNotifications(c.var.db, me.id, c.req.valid("query"), c.var.lang), 200);
  })
  .openapi(unread, async (c) => {
    const me = await callerProfile(c);
    return c.json({ unread: await unreadNotificationCount(c.var.db, me.id) }, 200);
  })
  .openapi(readAll, async (c) => {
    const me = await callerProfile(c);
    return c.json(await markAllNotificationsRead(c.var.db, me.id), 200);
  })
  .openapi(read, async (c) => {
    const me = await callerProfile(c);
    return c.json(await markNotificationRead(c.var.db, me.id, c.req.valid("param").notificationId), 200);
  })
  .openapi(remove, async (c) => {
    const me = await callerProfile(c);
    return c.json(await deleteNotification(c.var.db, me.id, c.req.valid("param").notificationId), 200);
  });
