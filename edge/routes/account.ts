// /api/account: Settings → Sécurité: the caller's sessions, listed with a readable device and
// place, ended one by one or all but this one, when the password was last set and whether
// two-factor is on. (Changing the password and setting two-factor up are better-auth's, behind our
// allow-list: /api/auth/change-password, /api/auth/two-factor/*.) Only the caller's own rows:
// another user's session id is not found and nothing changes.
import { z } from "@hono/zod-openapi";
import {
  accountSecuritySchema,
  accountSessionsSchema,
  deleteAccountBodySchema,
  privacyBodySchema,
  privacySchema,
  revokedSchema,
  sessionParamSchema,
} from "@db/validators/account";
import { callerOrigin } from "../auth/for-request";
import { inBackground } from "../lib/background";
import { notFound } from "../lib/errors";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import {
  accountSecurity,
  deleteAccount,
  exportAccountData,
  getPrivacy,
  savePrivacy,
} from "../services/account/account";
import { consume } from "../services/limits/rate-limit";
import { closeSessionSockets } from "../delivery/inbox-sessions";
import { listSessions, revokeOtherSessions, revokeSession } from "../services/account/sessions";

const TAGS = ["account"];

const getSessions = signedInRoute({
  method: "get",
  path: "/sessions",
  tags: TAGS,
  summary: "The caller's live sessions (device, place when known, created and last seen), the current one first.",
  responses: { 200: jsonResponse("The sessions", accountSessionsSchema) },
});

const deleteSession = signedInRoute({
  method: "delete",
  path: "/sessions/{id}",
  tags: TAGS,
  summary: "Sign one of the caller's sessions out (the current one too: that signs this device out).",
  request: { params: sessionParamSchema },
  responses: {
    200: jsonResponse("Signed out", revokedSchema),
    400: errorResponse("Invalid id"),
    404: errorResponse("No such session of the caller's"),
  },
});

const revokeOthers = signedInRoute({
  method: "post",
  path: "/sessions/revoke-others",
  tags: TAGS,
  summary: "Sign every other session of the caller's out; this one stays.",
  responses: { 200: jsonResponse("How many sessions ended", revokedSchema) },
});

const getSecurity = signedInRoute({
  method: "get",
  path: "/security",
  tags: TAGS,
  summary:
    "Settings → Sécurité: when the caller's password was last set (null: Google or Facebook sign-in, no password) and whether sign-in asks for an authenticator code (set up and off: /api/auth/two-factor/*).",
  responses: { 200: jsonResponse("The password's date and two-factor", accountSecuritySchema) },
});

const getPrivacyRoute = signedInRoute({
  method: "get",
  path: "/privacy",
  tags: TAGS,
  summary: "Settings → Confidentialité: the profile's visibility and the cookie choices (essential always on).",
  responses: { 200: jsonResponse("The choices", privacySchema), 404: errorResponse("No profile") },
});

const putPrivacy = signedInRoute({
  method: "put",
  path: "/privacy",
  tags: TAGS,
  summary:
    "Save the profile's visibility (public, members, hidden: search and the public profile obey it) and/or the cookie choices.",
  request: { body: jsonBody(privacyBodySchema) },
  responses: {
    200: jsonResponse("Saved", privacySchema),
    400: errorResponse("Invalid input"),
    404: errorResponse("No profile"),
  },
});

const exportData = signedInRoute({
  method: "get",
  path: "/export",
  tags: TAGS,
  summary:
    "Everything Veilleuse holds on the caller as one JSON file (profile, children, bookings, messages, reviews, preferences, subscriptions, invoices, notifications, favourites, sessions), no secrets; of what is shared with another member only the caller's side, the other party by the name members see; favourites of the caller by others as a count. 5 an hour.",
  responses: {
    200: jsonResponse("The download (Content-Disposition: attachment)", z.record(z.string(), z.unknown())),
    404: errorResponse("No profile"),
    429: errorResponse("Too many exports: wait the minutes the message says"),
  },
});

const deleteAccountRoute = signedInRoute({
  method: "post",
  path: "/delete",
  tags: TAGS,
  summary:
    "Delete the account (confirmation: 'SUPPRIMER' exactly): disabled and gone everywhere at once (sign-in refused, every session ended, profile hidden, bookings still to come cancelled with the other party told), an email confirms; personal data anonymised after the grace period, invoices kept.",
  request: { body: jsonBody(deleteAccountBodySchema) },
  responses: {
    200: jsonResponse("Deleted", z.object({ anonymised_after: z.string() })),
    400: errorResponse("The confirmation is not SUPPRIMER"),
  },
});

export const accountRoutes = createApi()
  .openapi(getPrivacyRoute, async (c) => c.json(await getPrivacy(c.var.db, await callerProfile(c)), 200))
  .openapi(putPrivacy, async (c) =>
    c.json(await savePrivacy(c.var.db, await callerProfile(c), c.req.valid("json")), 200),
  )
  .openapi(exportData, async (c) => {
    const profile = await callerProfile(c);
    await consume(c.var.db, [{ name: "dataExportPerUser", subject: c.var.user.id }]);
    const data = await exportAccountData(c.var.db, profile);
    c.header(
      "content-disposition",
      `attachment; filename="veilleuse-donnees-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    c.header("cache-control", "no-store");
    return c.json(data, 200);
  })
  .openapi(deleteAccountRoute, async (c) => {
    c.req.valid("json");
    const { id, email, name } = c.var.user;
    const owner = { userId: id, email, name, lang: c.var.lang };
    const answer = await deleteAccount(c.env, c.var.db, owner, inBackground(c), callerOrigin(c));
    // Every session row is gone: this browser's cookie opens nothing any more.
    return c.json(answer, 200);
  })
  .openapi(getSecurity, async (c) => c.json(await accountSecurity(c.var.db, c.var.user.id), 200))
  .openapi(getSessions, async (c) => {
    const sessions = await listSessions(c.var.db, c.var.user.id, c.var.session.id);
    return c.json({ sessions }, 200);
  })
  .openapi(revokeOthers, async (c) => {
    const ended = await revokeOtherSessions(c.var.db, c.var.user.id, c.var.session.id);
    await closeSessionSockets(c.env, c.var.db, c.var.user.id, ended);
    return c.json({ revoked: ended.length }, 200);
  })
  .openapi(deleteSession, async (c) => {
    const { id } = c.req.valid("param");
    const ended = await revokeSession(c.var.db, c.var.user.id, id);
    if (ended.length === 0) throw notFound();
    await closeSessionSockets(c.env, c.var.db, c.var.user.id, ended);
    return c.json({ revoked: 1 }, 200);
  });
