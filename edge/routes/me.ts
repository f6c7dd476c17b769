// /api/me: the signed-in user's profile (the web app's session query).
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import type { RouteDoc } from "../lib/openapi";
import { requireSession } from "../middleware/session";
import { findProfileByUserId, toProfileDto } from "../services/profiles";

export const meRoutes = new Hono<AppEnv>().get("/", requireSession, async (c) => {
  const profile = await findProfileByUserId(c.var.db, c.var.user.id);
  if (!profile) throw notFound();
  return c.json({ profile: toProfileDto(profile) }, 200);
});

export const meDocs: RouteDoc[] = [
  {
    method: "get", path: "/api/me", tags: ["profile"], auth: true,
    summary: "The signed-in user's profile.",
    responses: {
      200: {
        description: "Profile",
        schema: z.object({
          profile: z.object({
            id: z.string(), user_id: z.string(), user_type: z.enum(["parent", "babysitter", "admin"]),
            first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string().nullable(),
            address: z.string().nullable(), city: z.string().nullable(), postal_code: z.string().nullable(),
            bio: z.string().nullable(), photo_url: z.string().nullable(), is_verified: z.boolean(),
            rating: z.number(), total_reviews: z.number(),
          }),
        }),
      },
      401: { description: "Not signed in" },
    },
  },
];
