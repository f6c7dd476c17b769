// /api/me: the signed-in user's profile (the web app's session query).
import { z } from "@hono/zod-openapi";
import { profileDtoSchema } from "@db/validators/profile";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { toProfileDto } from "../services/profiles/profiles";

const getMe = signedInRoute({
  method: "get",
  path: "/",
  tags: ["profile"],
  summary: "The signed-in user's profile.",
  responses: {
    200: jsonResponse("Profile", z.object({ profile: profileDtoSchema })),
    404: errorResponse("The account has no profile"),
  },
});

export const meRoutes = createApi().openapi(getMe, async (c) => {
  const profile = await callerProfile(c);
  return c.json({ profile: toProfileDto(profile) }, 200);
});
