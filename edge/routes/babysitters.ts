// /api/babysitters/{id}: a babysitter's public profile (the /babysitter/{id} page). A session is
// optional: it decides members-only and hidden profiles, the owner's view, and the phone number,
// which only a parent with a confirmed booking with her ever gets.
import { createRoute, z } from "@hono/zod-openapi";
import { idParam } from "@db/validators/ids";
import { publicSitterProfileSchema } from "@db/validators/public-profile";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { OPTIONAL_SESSION_SECURITY, viewerProfile } from "../middleware/session";
import { getPublicSitterProfile } from "../services/profiles/public-profile";

const getBabysitter = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["babysitters"],
  summary:
    "A babysitter's public profile: details, real figures, weekly availability and the latest 10 reviews. " +
    "Public profiles for everyone, members-only ones for signed-in users, hidden ones for herself and the parents " +
    "she has a booking with; any other id (or a non-babysitter) is 404 'Profil non trouvé'.",
  security: OPTIONAL_SESSION_SECURITY,
  request: { params: z.object({ id: idParam }) },
  responses: {
    200: jsonResponse("The profile", z.object({ babysitter: publicSitterProfileSchema })),
    404: errorResponse("Profil non trouvé"),
  },
});

export const babysitterRoutes = createApi().openapi(getBabysitter, async (c) => {
  const viewer = await viewerProfile(c);
  const babysitter = await getPublicSitterProfile(c.var.db, c.req.valid("param").id, viewer);
  // The answer depends on who asks: never stored by a shared cache.
  c.header("cache-control", "private, no-store");
  c.header("vary", "cookie, authorization");
  return c.json({ babysitter }, 200);
});
