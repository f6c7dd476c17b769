// The Cloudflare Worker entry: HTTP goes to the Hono app, once the configuration is complete.
// The realtime Durable Object class is exported from here too (wrangler.toml binds it), and the cron
// runs the plans' clock (services/billing/billing-sweep.ts), the 24-hour booking reminders, the expiry of
// requests nobody answered before their start, the anonymisation of accounts deleted more than
// 30 days ago, the deletion of search events past their retention, and the API's response times
// against the performance target.
import { createDb } from "@db/client";
import { app } from "./app";
import type { Env } from "./env";
import { configProblemOnce } from "./lib/config";
import { securityHeaders } from "./lib/security-headers";
import { anonymizeDeletedAccounts } from "./services/account/account";
import { runBillingSweep } from "./services/billing/billing-sweep";
import { expirePendingRequests } from "./services/bookings/booking-expiry";
import { sweepUrgentRequests } from "./services/urgent-requests/urgent-requests";
import { notifyProfile } from "./services/notifications/notify";
import { sendBookingReminders } from "./services/bookings/booking-reminders";
import { sendInvoiceNotices } from "./services/billing/invoice-notices";
import { purgeSearchEvents } from "./services/search/search-events";
import { checkResponseTimeTarget, flushTimings } from "./services/monitoring/api-timings";
import { runVerificationSweep } from "./services/verification/verification-sweep";
import { alertMissingArrivals } from "./services/bookings/sitting";
import { confirmUnansweredHours } from "./services/bookings/sitting-hours";

export { UserInbox } from "./user-inbox";

/** A Worker without its public origin (or secret) refuses to serve rather than guess from the request. */
function misconfigured(problem: string): Response {
  console.error(`Veilleuse is not configured: ${problem}`);
  return new Response("Service unavailable: the server is not configured.", {
    status: 503,
    headers: { "content-type": "text/plain; charset=utf-8", ...securityHeaders() },
  });
}

export default {
  fetch(request, env, ctx) {
    const problem = configProblemOnce(env);
    if (problem) return misconfigured(problem);
    return app.fetch(request, env, ctx);
  },
  async scheduled(_controller, env, ctx) {
    const problem = configProblemOnce(env);
    if (problem) return console.error(`Veilleuse is not configured: ${problem}`);
    const db = createDb(env);
    // The sweep's demo renewals are paid invoices too: their emails follow it.
    ctx.waitUntil(
      runBillingSweep(env, db)
        .then((report) => console.info(`Billing sweep: ${JSON.stringify(report)}`))
        .then(() => sendInvoiceNotices(env, db))
        .then((count) => console.info(`Invoice emails: ${count}`)),
    );
    ctx.waitUntil(
      sendBookingReminders(env, db).then((count) => console.info(`Booking reminders: ${count} booking(s)`)),
    );
    ctx.waitUntil(expirePendingRequests(env, db).then((count) => console.info(`Expired booking requests: ${count}`)));
    ctx.waitUntil(
      sweepUrgentRequests(db)
        .then(async ({ widened, expired, notices }) => {
          for (const notice of notices) await notifyProfile(env, db, notice);
          return { widened, expired };
        })
        .then((report) => console.info(`Urgent requests: ${JSON.stringify(report)}`)),
    );
    ctx.waitUntil(alertMissingArrivals(env, db).then((count) => console.info(`Missing arrivals alerted: ${count}`)));
    ctx.waitUntil(
      confirmUnansweredHours(env, db).then((count) => console.info(`Hours confirmed without an answer: ${count}`)),
    );
    ctx.waitUntil(
      runVerificationSweep(env, db).then((report) => console.info(`Verification sweep: ${JSON.stringify(report)}`)),
    );
    ctx.waitUntil(anonymizeDeletedAccounts(db).then((count) => console.info(`Deleted accounts anonymised: ${count}`)));
    ctx.waitUntil(
      purgeSearchEvents(db).then((count) => console.info(`Search events past retention deleted: ${count}`)),
    );
    // This isolate's API timings first, then the last hour's p95 against the performance target.
    ctx.waitUntil(
      flushTimings(db)
        .then(() => checkResponseTimeTarget(db))
        .then((warned) => warned && console.warn("API p95 past the response time target: audit warning written")),
    );
  },
} satisfies ExportedHandler<Env>;
