// The Worker's Hono app: the JSON API under /api (routes chained so Hono RPC keeps their types for
// the web client: `hc<AppType>`; each defined once with its schemas, see lib/openapi.ts), and the
// built web app for every other path.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import { createDb } from "@db/client";
import { trustedOrigins } from "./lib/config";
import type { AppEnv } from "./lib/context";
import { ApiError } from "./lib/errors";
import { pickLang } from "./lib/i18n";
import { createApi, registerSecuritySchemes } from "./lib/openapi";
import { timeApiAnswers } from "./middleware/api-timings";
import { limitConcurrency } from "./middleware/concurrency";
import { handleError, handleNotFound } from "./middleware/errors";
import { withSecurityHeaders } from "./middleware/security-headers";
import { serveAppShell } from "./routes/app-shell";
import { publicPageRoutes } from "./routes/public-pages";
import { accountRoutes } from "./routes/account";
import { adminAiConfigRoutes } from "./routes/admin-ai-config";
import { adminAnalyticsRoutes } from "./routes/admin-analytics";
import { verificationRoutes } from "./routes/verification";
import { moderationRoutes, reportRoutes } from "./routes/reports";
import { adminModerationRoutes } from "./routes/admin-moderation";
import { adminVerificationRoutes } from "./routes/admin-verifications";
import { adminAuditRoutes } from "./routes/admin-audit";
import { adminDashboardRoutes } from "./routes/admin-dashboard";
import { adminGeographyRoutes } from "./routes/admin-geography";
import { adminSubscriptionRoutes } from "./routes/admin-subscriptions";
import { adminUserRoutes } from "./routes/admin-users";
import { adminAgencyRoutes } from "./routes/admin-agencies";
import { agencyRoutes } from "./routes/agency";
import { agencyMembershipRoutes } from "./routes/agency-membership";
import { urgentRequestRoutes } from "./routes/urgent-requests";
import { reassignmentRoutes } from "./routes/reassignments";
import { authRoutes } from "./routes/auth";
import { dashboardRoutes } from "./routes/dashboard";
import { emergencyRoutes } from "./routes/emergencies";
import { favouritesRoutes } from "./routes/favourites";
import { babysitterRoutes } from "./routes/babysitters";
import { billingRoutes } from "./routes/billing";
import { childrenRoutes } from "./routes/children";
import { conversationRoutes } from "./routes/conversations";
import { citiesRoutes } from "./routes/cities";
import { bookingRoutes } from "./routes/bookings";
import { payoutRoutes, sittingPaymentRoutes } from "./routes/payments";
import { statementRoutes } from "./routes/statements";
import { meRoutes } from "./routes/me";
import { messageRoutes } from "./routes/messages";
import { notificationRoutes } from "./routes/notifications";
import { photoRoutes } from "./routes/photos";
import { preferencesRoutes } from "./routes/preferences";
import { pushRoutes } from "./routes/push";
import { PHOTO_UPLOAD_PATH, profileRoutes } from "./routes/profile";
import { realtimeRoutes } from "./routes/realtime";
import { referenceRoutes } from "./routes/reference";
import { serveSitterPage } from "./routes/sitter-page";
import { searchRoutes } from "./routes/search";
import { reviewRoutes } from "./routes/reviews";
import { seoRoutes } from "./routes/seo";
import { systemRoutes } from "./routes/system";
import { unsubscribeRoutes } from "./routes/unsubscribe";

const MAX_BODY_BYTES = 64 * 1024;

const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  c.set("lang", pickLang(c.req.header("accept-language")));
  c.set("db", createDb(c.env));
  await next();
});

const allowedOrigins = createMiddleware<AppEnv>((c, next) =>
  cors({
    origin: (origin) => (trustedOrigins(c.env).includes(origin) ? origin : null),
    credentials: true,
    allowHeaders: ["content-type", "authorization", "accept-language"],
    exposeHeaders: ["set-auth-token"],
  })(c, next),
);

const tooLarge = () => {
  throw new ApiError(413, "PAYLOAD_TOO_LARGE", "errors.invalidInput");
};

const jsonBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
/** Stripe's events carry whole invoices (their lines): larger than our own JSON, still bounded. */
const webhookBodyLimit = bodyLimit({ maxSize: 16 * MAX_BODY_BYTES, onError: tooLarge });
const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";

/** API bodies are small JSON; a photo upload reads its own body with its own limit (routes/profile.ts). */
const limitBodies = createMiddleware<AppEnv>((c, next) => {
  if (c.req.method !== "POST") return jsonBodyLimit(c, next);
  if (c.req.path === PHOTO_UPLOAD_PATH) return next();
  return (c.req.path === STRIPE_WEBHOOK_PATH ? webhookBodyLimit : jsonBodyLimit)(c, next);
});

// Middleware first, in its own statement: `use` answers a plain Hono type, which would lose the
// OpenAPI router's methods for the chain of routes below.
const apiRoot = createApi().basePath("/api");
apiRoot.use(withSecurityHeaders, allowedOrigins, requestContext, limitConcurrency, timeApiAnswers, limitBodies);

const routes = apiRoot
  .route("/auth", authRoutes)
  .route("/me", meRoutes)
  .route("/", systemRoutes)
  .route("/favourites", favouritesRoutes)
  .route("/dashboard", dashboardRoutes)
  .route("/profile", profileRoutes)
  .route("/photos", photoRoutes)
  .route("/children", childrenRoutes)
  .route("/babysitters", babysitterRoutes)
  .route("/search", searchRoutes)
  .route("/cities", citiesRoutes)
  .route("/bookings", bookingRoutes)
  .route("/bookings", sittingPaymentRoutes)
  .route("/bookings", reassignmentRoutes)
  .route("/payouts", payoutRoutes)
  .route("/statements", statementRoutes)
  .route("/emergencies", emergencyRoutes)
  .route("/reviews", reviewRoutes)
  .route("/conversations", conversationRoutes)
  .route("/messages", messageRoutes)
  .route("/notifications", notificationRoutes)
  .route("/realtime", realtimeRoutes)
  .route("/stripe", billingRoutes)
  .route("/preferences", preferencesRoutes)
  .route("/push", pushRoutes)
  .route("/account", accountRoutes)
  .route("/unsubscribe", unsubscribeRoutes)
  .route("/admin/users", adminUserRoutes)
  .route("/admin/agencies", adminAgencyRoutes)
  .route("/agency", agencyRoutes)
  .route("/agency-membership", agencyMembershipRoutes)
  .route("/urgent-requests", urgentRequestRoutes)
  .route("/admin/audit", adminAuditRoutes)
  .route("/admin/ai-config", adminAiConfigRoutes)
  .route("/admin/subscriptions", adminSubscriptionRoutes)
  .route("/admin/dashboard", adminDashboardRoutes)
  .route("/admin/geography", adminGeographyRoutes)
  .route("/admin/analytics", adminAnalyticsRoutes)
  .route("/verification", verificationRoutes)
  .route("/admin/verifications", adminVerificationRoutes)
  .route("/reports", reportRoutes)
  .route("/moderation", moderationRoutes)
  .route("/admin/moderation", adminModerationRoutes);

/** The whole API, its own description included (the document is built from `routes` on request). */
export const api = routes.route(
  "/",
  referenceRoutes(() => routes),
);
registerSecuritySchemes(api);

export const app = new Hono<AppEnv>()
  .route("/", api)
  // Registered after the API so it only catches what no API route matched.
  .all("/api/*", handleNotFound)
  .route("/", seoRoutes)
  // The pre-rendered public pages, in the visitor's language.
  .route("/", publicPageRoutes)
  // A babysitter's page: the app shell with her title, description and Open Graph tags.
  .get("/babysitter/:id", serveSitterPage)
  // Files are served by the assets binding before the Worker runs (with the headers of
  // web/dist/_headers); any other path gets the app shell.
  .all("*", serveAppShell);

app.onError(handleError);

export type AppType = typeof app;
