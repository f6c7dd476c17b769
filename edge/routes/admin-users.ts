// /api/admin/users: the admin console's Users section. Admins only (adminRoute: 401 signed out, 403
// for any other role, checked from the database on every request). The list and its CSV take the
// same filters, so the file holds exactly the rows the screen filters; each action asks for a reason
// and is audited by its service (services/admin/users.ts).
import { z } from "zod";
import {
  adminReasonBodySchema,
  adminRoleBodySchema,
  adminUserActionSchema,
  adminUserDetailSchema,
  adminUserParamsSchema,
  adminUsersPageSchema,
  usersExportQuerySchema,
  usersQuerySchema,
} from "@db/validators/admin-users";
import { authFor } from "../auth/for-request";
import type { Lang } from "../lib/i18n";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { adminActing, adminRoute } from "../middleware/session";
import {
  changeUserRole,
  listUsers,
  resendVerificationEmail,
  suspendUser,
  unsuspendUser,
  userDetail,
} from "../services/admin/users";
import { exportUsersCsv } from "../services/admin/users-export";
import { consume } from "../services/limits/rate-limit";
import { csvDownloadHeaders } from "../lib/csv";

const TAGS = ["admin"];
const notFound = errorResponse("No account has this profile id");
const invalid = errorResponse("Invalid input (the reason is required)");

const list = adminRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary:
    "Accounts, filtered (search on name, email, phone, city; role, status, verified badge, plan), sorted " +
    "and paged, with the total.",
  request: { query: usersQuerySchema },
  responses: { 200: jsonResponse("A page of accounts", adminUsersPageSchema), 400: invalid },
});

const exportCsv = adminRoute({
  method: "get",
  path: "/export",
  tags: TAGS,
  summary: "The filtered accounts as CSV (UTF-8 with BOM, ';' by default or ','), every row, streamed. Audited.",
  request: { query: usersExportQuerySchema },
  responses: {
    200: { description: "The CSV file", content: { "text/csv": { schema: z.string() } } },
    400: invalid,
  },
});

const detail = adminRoute({
  method: "get",
  path: "/{profileId}",
  tags: TAGS,
  summary: "One account: profile, latest bookings, plan, invoices, reports and audit trail.",
  request: { params: adminUserParamsSchema },
  responses: { 200: jsonResponse("The account", adminUserDetailSchema), 400: invalid, 404: notFound },
});

const action = (path: string, summary: string, body: typeof adminReasonBodySchema | typeof adminRoleBodySchema) =>
  adminRoute({
    method: "post",
    path: `/{profileId}/${path}`,
    tags: TAGS,
    summary,
    request: { params: adminUserParamsSchema, body: jsonBody(body) },
    responses: {
      200: jsonResponse("The account as it now stands; `changed` false when it already was so", adminUserActionSchema),
      400: errorResponse("Invalid input, or the admin's own account"),
      404: notFound,
      409: errorResponse("The account is deleted (or, for the email, already confirmed or suspended)"),
      429: errorResponse("Too many links asked for this address"),
    },
  });

const suspend = action(
  "suspend",
  "Suspends the account: no sign-in (the reason is shown to its owner), every session and socket " +
    "ended at once, gone from search, messages and bookings. Audited.",
  adminReasonBodySchema,
);
const unsuspend = action("unsuspend", "Lifts a suspension. Audited.", adminReasonBodySchema);
const role = action(
  "role",
  "Changes the account's role (parent, babysitter, admin), from its next request. Audited.",
  adminRoleBodySchema,
);
const verificationEmail = action(
  "verification-email",
  "Sends a new email confirmation link, in the account's language. Audited.",
  adminReasonBodySchema,
);

export const adminUserRoutes = createApi()
  .openapi(list, async (c) => c.json(await listUsers(c.var.db, c.req.valid("query")), 200))
  .openapi(exportCsv, async (c) => {
    const query = c.req.valid("query");
    const file = await exportUsersCsv(c.var.db, adminActing(c), query, c.var.lang);
    return c.body(file.stream, 200, csvDownloadHeaders(file.name)) as never;
  })
  .openapi(detail, async (c) => c.json(await userDetail(c.var.db, c.req.valid("param").profileId), 200))
  .openapi(suspend, async (c) => {
    const { profileId } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    return c.json(await suspendUser(c.env, c.var.db, adminActing(c), profileId, reason), 200);
  })
  .openapi(unsuspend, async (c) => {
    const { profileId } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    return c.json(await unsuspendUser(c.var.db, adminActing(c), profileId, reason), 200);
  })
  .openapi(role, async (c) => {
    const { profileId } = c.req.valid("param");
    const body = c.req.valid("json") as z.infer<typeof adminRoleBodySchema>;
    return c.json(await changeUserRole(c.var.db, adminActing(c), profileId, body.role, body.reason), 200);
  })
  .openapi(verificationEmail, async (c) => {
    const { profileId } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const send = async (email: string, lang: Lang) => {
      // The same limit as the link a user asks for herself: repeated clicks send no flood.
      await consume(c.var.db, [{ name: "verificationEmailPerEmail", subject: email }]);
      await authFor(c, { lang }).api.sendVerificationEmail({ body: { email }, headers: new Headers() });
    };
    return c.json(await resendVerificationEmail(c.var.db, adminActing(c), profileId, reason, send), 200);
  });
