// /api/agency: the agency space, for its managers (role 'agency') only. Every route starts from the
// manager's own agency: a roster sitter, a booking or an invitation of another agency is 404, as if
// it did not exist. The agency never reads messages nor a child's sheet (first names and ages of a
// confirmed sitting only).
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import { agencyMonthStatementSchema, statementMonthParam } from "@db/validators/statements";
import { agencyStatementCsv } from "../services/payments/statement-files";
import { agencyMonthStatement } from "../services/payments/statements";
import {
  agencyAnswerSchema,
  agencyBookingActionBodySchema,
  agencyReassignBodySchema,
  agencyBookingAnswerSchema,
  agencyBookingListSchema,
  agencyBookingsQuerySchema,
  agencyCalendarQuerySchema,
  agencyCalendarSchema,
  agencyFiguresSchema,
  agencyInvitationAnswerSchema,
  agencyInvitationBodySchema,
  agencyInvitationListSchema,
  bookingIdParamsSchema,
  invitationParamsSchema,
  rosterParamsSchema,
  rosterSchema,
} from "@db/validators/agencies";
import type { AppEnv } from "../lib/context";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { inBackground } from "../lib/background";
import { callerProfile, signedInRoute } from "../middleware/session";
import { callerOrigin } from "../auth/for-request";
import { sendAgencyInvitationEmail } from "../delivery/agency-emails";
import { agencyDto, agencyOfManager } from "../services/agencies/agencies";
import { cancelInvitation, inviteSitter, listInvitations } from "../services/agencies/invitations";
import { listRoster, removeFromRoster } from "../services/agencies/roster";
import { proposeReassignment } from "../services/agencies/reassignments";
import {
  agencyBooking,
  agencyCalendar,
  agencyFigures,
  answerForSitter,
  listAgencyBookings,
} from "../services/agencies/agency-bookings";
import { bookingStatusNotice } from "../services/notifications/notices";
import { notifyInBackground } from "../services/notifications/notify";
import { findProfileById } from "../services/profiles/profiles";

const TAGS = ["agency"];
const notAManager = errorResponse("The caller is not an agency manager");

/** The manager calling and the agency she runs (403 for any other role). */
async function managing(c: Context<AppEnv>) {
  const manager = await callerProfile(c, "agency");
  return { manager, agency: await agencyOfManager(c.var.db, manager.id) };
}

const route = <const R extends Parameters<typeof signedInRoute>[0]>(config: R) =>
  signedInRoute({ ...config, tags: TAGS, responses: { ...config.responses, 403: notAManager } });

const getAgency = route({
  method: "get",
  path: "/",
  summary: "The manager's agency: its details, managers and roster size.",
  responses: { 200: jsonResponse("The agency", agencyAnswerSchema) },
});

const roster = route({
  method: "get",
  path: "/roster",
  summary: "The roster: each babysitter's verification, rating, plan and confirmed hours still to come.",
  responses: { 200: jsonResponse("The roster", rosterSchema) },
});

const removeSitter = route({
  method: "delete",
  path: "/roster/{sitterId}",
  summary: "Takes a babysitter off the roster (she is told; her bookings stay hers). Audited. Answers the roster.",
  request: { params: rosterParamsSchema },
  responses: {
    200: jsonResponse("The roster without her", rosterSchema),
    400: errorResponse("Invalid id"),
    404: errorResponse("Not on this roster"),
  },
});

const invitations = route({
  method: "get",
  path: "/invitations",
  summary: "The agency's invitations, newest first.",
  responses: { 200: jsonResponse("Invitations", agencyInvitationListSchema) },
});

const invite = route({
  method: "post",
  path: "/invitations",
  summary:
    "Invites a babysitter by email: her notice when she has an account, else an email to sign up. " +
    "An address already invited answers that invitation (nobody written to twice).",
  request: { body: jsonBody(agencyInvitationBodySchema) },
  responses: {
    200: jsonResponse("The invitation", agencyInvitationAnswerSchema),
    400: errorResponse("Invalid email"),
    409: errorResponse("Already on the roster"),
    429: errorResponse("Too many invitations today"),
  },
});

const withdraw = route({
  method: "delete",
  path: "/invitations/{invitationId}",
  summary: "Withdraws a pending invitation.",
  request: { params: invitationParamsSchema },
  responses: {
    200: jsonResponse("The invitation", agencyInvitationAnswerSchema),
    400: errorResponse("Invalid id"),
    404: errorResponse("No such invitation of this agency"),
    409: errorResponse("Already answered"),
  },
});

const bookingsList = route({
  method: "get",
  path: "/bookings",
  summary: "The roster's bookings: requests to answer (default), upcoming, past or all.",
  request: { query: agencyBookingsQuerySchema },
  responses: { 200: jsonResponse("Bookings", agencyBookingListSchema), 400: errorResponse("Invalid filter") },
});

const answer = route({
  method: "post",
  path: "/bookings/{id}/answer",
  summary:
    "Accepts or declines a roster sitter's request on her behalf, by her own rules (plan, verification, " +
    "slot). The family is answered as by her; she is told. Audited.",
  request: { params: bookingIdParamsSchema, body: jsonBody(agencyBookingActionBodySchema) },
  responses: {
    200: jsonResponse("The booking", agencyBookingAnswerSchema),
    400: errorResponse("Invalid input"),
    402: errorResponse("The sitter's plan allows no more acceptance"),
    404: errorResponse("No such booking on this roster"),
    409: errorResponse("Already answered, started, or the slot is taken"),
  },
});

const reassign = route({
  method: "post",
  path: "/bookings/{id}/reassign",
  summary:
    "Proposes another sitter of the team, free at that time, for a request still to answer: the family agrees " +
    "(the request moves to her, at her rate) or refuses. Audited.",
  request: { params: bookingIdParamsSchema, body: jsonBody(agencyReassignBodySchema) },
  responses: {
    200: jsonResponse("The booking", agencyBookingAnswerSchema),
    400: errorResponse("Invalid input, or the same sitter"),
    404: errorResponse("No such booking, or sitter, on this roster"),
    409: errorResponse("No longer a request to answer, or the sitter is not free then"),
  },
});

const calendar = route({
  method: "get",
  path: "/calendar",
  summary: "The roster's bookings over a span of Paris days (week or month view) and each sitter's weekly hours.",
  request: { query: agencyCalendarQuerySchema },
  responses: { 200: jsonResponse("Calendar", agencyCalendarSchema), 400: errorResponse("Invalid span") },
});

const figures = route({
  method: "get",
  path: "/figures",
  summary: "Hours, bookings, families and revenue by month (Paris), this month and the 11 before.",
  responses: { 200: jsonResponse("Figures", agencyFiguresSchema) },
});

const monthParams = z.object({ month: statementMonthParam });

const statement = route({
  method: "get",
  path: "/statements/{month}",
  summary:
    "The roster's confirmed hours of a month (Paris time) per family: each family's statement for the agency's " +
    "sitters, and the month's totals.",
  request: { params: monthParams },
  responses: { 200: jsonResponse("The month", agencyMonthStatementSchema), 400: errorResponse("Not YYYY-MM") },
});

const statementFile = route({
  method: "get",
  path: "/statements/{month}/csv",
  summary: "The month's export: one row per family and babysitter (hours, net rate, amount, days, settled).",
  request: { params: monthParams },
  responses: {
    200: { description: "The file", content: { "text/csv": { schema: z.string() } } },
    400: errorResponse("Not YYYY-MM"),
  },
});

export const agencyRoutes = createApi()
  .openapi(getAgency, async (c) => {
    const { agency } = await managing(c);
    return c.json({ agency: await agencyDto(c.var.db, agency.id) }, 200);
  })
  .openapi(roster, async (c) => {
    const { agency } = await managing(c);
    return c.json({ sitters: await listRoster(c.var.db, agency.id, Date.now()) }, 200);
  })
  .openapi(removeSitter, async (c) => {
    const { manager, agency } = await managing(c);
    const { sitterId } = c.req.valid("param");
    const notice = await removeFromRoster(c.var.db, agency, manager, sitterId, callerOrigin(c));
    notifyInBackground(c, [notice]);
    return c.json({ sitters: await listRoster(c.var.db, agency.id, Date.now()) }, 200);
  })
  .openapi(invitations, async (c) => {
    const { agency } = await managing(c);
    return c.json({ invitations: await listInvitations(c.var.db, agency.id) }, 200);
  })
  .openapi(invite, async (c) => {
    const { manager, agency } = await managing(c);
    const { invitation, delivery } = await inviteSitter(c.var.db, agency, manager, c.req.valid("json").email);
    if (delivery && "notice" in delivery) notifyInBackground(c, [delivery.notice]);
    if (delivery && "email" in delivery)
      inBackground(c)(sendAgencyInvitationEmail(c.env, c.var.db, { ...delivery.email, lang: c.var.lang }));
    return c.json({ invitation }, 200);
  })
  .openapi(withdraw, async (c) => {
    const { agency } = await managing(c);
    const invitation = await cancelInvitation(c.var.db, agency.id, c.req.valid("param").invitationId);
    return c.json({ invitation }, 200);
  })
  .openapi(bookingsList, async (c) => {
    const { agency } = await managing(c);
    const { filter } = c.req.valid("query");
    return c.json({ bookings: await listAgencyBookings(c.var.db, agency.id, filter, Date.now()) }, 200);
  })
  .openapi(answer, async (c) => {
    const { manager, agency } = await managing(c);
    const { id } = c.req.valid("param");
    const { action } = c.req.valid("json");
    const nowMs = Date.now();
    const { change, sitterId, notices } = await answerForSitter(
      c.var.db,
      agency,
      manager,
      id,
      action,
      nowMs,
      callerOrigin(c),
    );
    if (change.changed) {
      // The family hears the sitter's answer, as when she answers herself.
      const sitter = await findProfileById(c.var.db, sitterId);
      if (sitter) notifyInBackground(c, [bookingStatusNotice(action, change.booking, sitter), ...notices]);
    }
    return c.json({ booking: await agencyBooking(c.var.db, agency.id, id, nowMs) }, 200);
  })
  .openapi(reassign, async (c) => {
    const { manager, agency } = await managing(c);
    const { id } = c.req.valid("param");
    const nowMs = Date.now();
    const { sitter_id: sitterId } = c.req.valid("json");
    const notice = await proposeReassignment(c.var.db, agency, manager, id, sitterId, nowMs, callerOrigin(c));
    notifyInBackground(c, [notice]);
    return c.json({ booking: await agencyBooking(c.var.db, agency.id, id, nowMs) }, 200);
  })
  .openapi(calendar, async (c) => {
    const { agency } = await managing(c);
    const { from, to } = c.req.valid("query");
    return c.json(await agencyCalendar(c.var.db, agency.id, from, to, Date.now()), 200);
  })
  .openapi(figures, async (c) => {
    const { agency } = await managing(c);
    return c.json(await agencyFigures(c.var.db, agency.id, Date.now()), 200);
  })
  .openapi(statement, async (c) => {
    const { agency } = await managing(c);
    return c.json(await agencyMonthStatement(c.var.db, agency.id, c.req.valid("param").month), 200);
  })
  .openapi(statementFile, async (c) => {
    const { agency } = await managing(c);
    const { month } = c.req.valid("param");
    const csv = agencyStatementCsv(await agencyMonthStatement(c.var.db, agency.id, month), c.var.lang);
    return c.body(csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="heures-agence-${month}.csv"`,
      "cache-control": "private, no-store",
    }) as never;
  });
