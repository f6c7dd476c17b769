// /api/bookings: the booking form's data, creation, the role-scoped list, one booking, and status
// changes. One route for every status change (PATCH /{id}/status with an action), so the rules
// live in one function (services/bookings/booking-status.ts) and the answer is always the updated booking.
import { z } from "@hono/zod-openapi";
import {
  bookingActionBodySchema,
  bookingCreateBodySchema,
  bookingDtoSchema,
  bookingFormDataSchema,
  bookingListQuerySchema,
  bookingListSchema,
  bookingPreviewSchema,
  sittingTapBodySchema,
  hoursDeclarationBodySchema,
  hoursDisputeBodySchema,
} from "@db/validators/booking";
import { recordTap } from "../services/bookings/sitting";
import { confirmHours, declareHours, disputeHours } from "../services/bookings/sitting-hours";
import { idParam } from "@db/validators/ids";
import { bookingRequestedNotice, bookingStatusNotice } from "../services/notifications/notices";
import { notifyInBackground } from "../services/notifications/notify";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import {
  bookingFormData,
  changeBookingStatus,
  createBooking,
  getBooking,
  listBookings,
} from "../services/bookings/bookings";
import { consume } from "../services/limits/rate-limit";
import { requireVerifiedEmail } from "../auth/verified";
import { callerOrigin } from "../auth/for-request";
import { bookingCalendar } from "../services/bookings/booking-calendar";
import { previewBooking } from "../services/bookings/booking-warnings";
import { publicOrigin } from "../lib/config";

const bookingAnswer = z.object({ booking: bookingDtoSchema });
const idParams = z.object({ id: idParam });

const getFormData = signedInRoute({
  method: "get",
  path: "/new/{babysitterId}",
  tags: ["bookings"],
  summary: "The booking form's data: the babysitter's summary and rate, and the caller's children (parents only).",
  request: { params: z.object({ babysitterId: idParam }) },
  responses: {
    200: jsonResponse("Form data", bookingFormDataSchema),
    403: errorResponse("Not a parent"),
    404: errorResponse("No such babysitter ('Baby-sitter non trouvée')"),
  },
});

const postBooking = signedInRoute({
  method: "post",
  path: "/",
  tags: ["bookings"],
  summary:
    "Request a babysitter for a Paris date and times (parents only). Created pending; only the babysitter's acceptance confirms it.",
  request: { body: jsonBody(bookingCreateBodySchema) },
  responses: {
    201: jsonResponse("Created, pending", bookingAnswer),
    400: errorResponse("Invalid input (past date or time, end before start, no child, another parent's child...)"),
    403: errorResponse("Not a parent, or the email is not confirmed yet (EMAIL_NOT_VERIFIED)"),
    404: errorResponse("No such babysitter"),
    409: errorResponse("The babysitter already has a pending or confirmed booking overlapping the slot"),
    429: errorResponse("Too many booking requests; retry later (Retry-After)"),
  },
});

const postPreview = signedInRoute({
  method: "post",
  path: "/preview",
  tags: ["bookings"],
  summary:
    "Check a request before sending it (parents only; same body and refusals as the creation, nothing written): its stored times and total, and warnings the parent may pass: outside the babysitter's weekly availability, or a child already in another pending or confirmed booking at that time.",
  request: { body: jsonBody(bookingCreateBodySchema) },
  responses: {
    200: jsonResponse("The request as it would be created, and its warnings", bookingPreviewSchema),
    400: errorResponse("Invalid input (as for the creation)"),
    403: errorResponse("Not a parent, or the email is not confirmed yet (EMAIL_NOT_VERIFIED)"),
    404: errorResponse("No such babysitter"),
    429: errorResponse("Too many checks; retry later (Retry-After)"),
  },
});

const getCalendar = signedInRoute({
  method: "get",
  path: "/{id}/calendar.ics",
  tags: ["bookings"],
  summary:
    "The booking as an iCalendar event (RFC 5545, UTC times, UID = the booking's id), saved as a file: for its parent or its babysitter only. The babysitter's event has the family's address once the booking is confirmed.",
  request: { params: idParams },
  responses: {
    200: {
      description: "The .ics file (Content-Disposition: attachment)",
      content: { "text/calendar": { schema: z.string() } },
    },
    403: errorResponse("Neither a parent nor a babysitter"),
    404: errorResponse("No such booking, or not the caller's"),
  },
});

const getBookings = signedInRoute({
  method: "get",
  path: "/",
  tags: ["bookings"],
  summary:
    "The caller's bookings (as parent or as babysitter), by tab: all, upcoming (start ahead), past (end passed).",
  request: { query: bookingListQuerySchema },
  responses: {
    200: jsonResponse("A page of bookings", bookingListSchema),
    400: errorResponse("Invalid filter or page"),
    403: errorResponse("Neither a parent nor a babysitter"),
  },
});

const getOne = signedInRoute({
  method: "get",
  path: "/{id}",
  tags: ["bookings"],
  summary: "One booking, for its parent or its babysitter.",
  request: { params: idParams },
  responses: {
    200: jsonResponse("The booking", bookingAnswer),
    403: errorResponse("Neither a parent nor a babysitter"),
    404: errorResponse("No such booking, or not the caller's"),
  },
});

const patchStatus = signedInRoute({
  method: "patch",
  path: "/{id}/status",
  tags: ["bookings"],
  summary:
    "Change a booking's status: the parent cancels a pending request or a confirmed sitting still to come, or completes an ended confirmed booking; the babysitter accepts or declines a pending request, or cancels (withdraw) a confirmed sitting still to come. Cancelling a confirmed sitting is free until 24 hours before its start; later the parent owes the babysitter half the booked amount, and must send that figure (the booking's cancellation.fee_cents) as late_fee_cents. A request still pending at its start has expired: nobody may act on it. Repeating the change the booking already went through (a double click) answers 200 with the booking as it is, and notifies nobody again.",
  request: { params: idParams, body: jsonBody(bookingActionBodySchema) },
  responses: {
    200: jsonResponse("The updated booking (or, for a repeat, the booking as it already was)", bookingAnswer),
    400: errorResponse("Unknown action"),
    403: errorResponse("Not this party's action, or accepting before the email is confirmed (EMAIL_NOT_VERIFIED)"),
    404: errorResponse("No such booking, or not the caller's"),
    409: errorResponse(
      "The booking's state contradicts the action (says which: declined, cancelled, expired, confirmed...), too early to complete, too late to cancel (SITTING_STARTED), or a late cancellation without its fee accepted (LATE_FEE_NOT_ACCEPTED)",
    ),
    410: errorResponse("Accepting a request of a deleted account ('Ce compte a été supprimé.')"),
  },
});

const sittingTap = (tap: "check-in" | "check-out", summary: string) =>
  signedInRoute({
    method: "post",
    path: `/{id}/${tap}`,
    tags: ["bookings"],
    summary,
    request: { params: idParams, body: jsonBody(sittingTapBodySchema) },
    responses: {
      200: jsonResponse("The booking with the tap recorded (a repeat records nothing more)", bookingAnswer),
      400: errorResponse("Invalid position"),
      403: errorResponse("Only the booking's babysitter taps"),
      404: errorResponse("No booking with this id has the caller in it"),
      409: errorResponse("Not confirmed, outside the sitting, or not checked in yet"),
    },
  });

const checkIn = sittingTap(
  "check-in",
  "The babysitter arrived (one tap, from an hour before the start to the end): the parent is told. With her consent, " +
    "her position is compared with the family's and only the distance is kept.",
);
const checkOut = sittingTap("check-out", "The babysitter left (after her arrival): the parent is told.");

const declareHoursRoute = signedInRoute({
  method: "post",
  path: "/{id}/hours",
  tags: ["bookings"],
  summary:
    "The babysitter declares the sitting's real start and end, once, after it is over (its booked end, or her departure " +
    "tap): within 6 hours of the booked times, ending before now, at most 24 hours. The parent is told and has 24 hours " +
    "to confirm or dispute them; without an answer they are confirmed.",
  request: { params: idParams, body: jsonBody(hoursDeclarationBodySchema) },
  responses: {
    200: jsonResponse("The booking with its declared hours", bookingAnswer),
    400: errorResponse("Times that are not ISO instants, an end before the start, or outside the rules"),
    403: errorResponse("Only the booking's babysitter declares its hours"),
    404: errorResponse("No booking with this id has the caller in it"),
    409: errorResponse("Not a confirmed sitting that is over, or its hours were already declared"),
  },
});

const hoursAnswerResponses = {
  200: jsonResponse("The booking with the answer recorded (the same answer again changes nothing)", bookingAnswer),
  403: errorResponse("Only the booking's parent answers"),
  404: errorResponse("No booking with this id has the caller in it"),
  409: errorResponse("No hours await an answer: none declared, already answered, or past the 24 hours"),
};

const confirmHoursRoute = signedInRoute({
  method: "post",
  path: "/{id}/hours/confirm",
  tags: ["bookings"],
  summary: "The parent confirms the declared hours (within 24 hours of the declaration): the babysitter is told.",
  request: { params: idParams },
  responses: hoursAnswerResponses,
});

const disputeHoursRoute = signedInRoute({
  method: "post",
  path: "/{id}/hours/dispute",
  tags: ["bookings"],
  summary:
    "The parent disputes the declared hours, saying why (within 24 hours): the dispute goes to the team's moderation " +
    "queue, which keeps them or lets the booked hours stand.",
  request: { params: idParams, body: jsonBody(hoursDisputeBodySchema) },
  responses: {
    200: hoursAnswerResponses[200],
    400: errorResponse("No reason, or one too short or too long"),
    403: hoursAnswerResponses[403],
    404: hoursAnswerResponses[404],
    409: hoursAnswerResponses[409],
  },
});

export const bookingRoutes = createApi()
  .openapi(getFormData, async (c) => {
    const parent = await callerProfile(c, "parent");
    return c.json(await bookingFormData(c.var.db, parent.id, c.req.valid("param").babysitterId), 200);
  })
  .openapi(postBooking, async (c) => {
    const parent = await callerProfile(c, "parent");
    await requireVerifiedEmail(c);
    await consume(c.var.db, [{ name: "bookingRequestPerParent", subject: parent.id }]);
    const booking = await createBooking(c.var.db, parent.id, c.req.valid("json"), Date.now());
    notifyInBackground(c, [bookingRequestedNotice(booking, parent)]);
    return c.json({ booking }, 201);
  })
  .openapi(postPreview, async (c) => {
    const parent = await callerProfile(c, "parent");
    await requireVerifiedEmail(c); // as the creation: a preview that passes is a request that may be sent
    await consume(c.var.db, [{ name: "bookingPreviewPerParent", subject: parent.id }]);
    return c.json(await previewBooking(c.var.db, parent.id, c.req.valid("json"), Date.now()), 200);
  })
  .openapi(getCalendar, async (c) => {
    const { id: me } = await callerProfile(c, "parent", "babysitter");
    const { id } = c.req.valid("param");
    const ics = await bookingCalendar(c.var.db, me, id, {
      lang: c.var.lang,
      origin: publicOrigin(c.env),
      nowMs: Date.now(),
    });
    return c.body(ics, 200, {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="veilleuse-${id}.ics"`,
      "cache-control": "private, no-store",
    });
  })
  .openapi(getBookings, async (c) => {
    const { id, userType } = await callerProfile(c, "parent", "babysitter");
    const role = userType === "parent" ? "parent" : "babysitter";
    return c.json(await listBookings(c.var.db, { id, role }, c.req.valid("query"), Date.now()), 200);
  })
  .openapi(getOne, async (c) => {
    const { id } = await callerProfile(c, "parent", "babysitter");
    return c.json({ booking: await getBooking(c.var.db, id, c.req.valid("param").id, Date.now()) }, 200);
  })
  .openapi(patchStatus, async (c) => {
    const actor = await callerProfile(c, "parent", "babysitter");
    const body = c.req.valid("json");
    if (body.action === "accept") await requireVerifiedEmail(c);
    const { booking, changed } = await changeBookingStatus(
      c.var.db,
      actor.id,
      c.req.valid("param").id,
      body,
      Date.now(),
      callerOrigin(c),
    );
    // Only the request that changed the booking tells the other party: a repeat tells nobody again.
    if (changed) notifyInBackground(c, [bookingStatusNotice(body.action, booking, actor)]);
    return c.json({ booking }, 200);
  })
  .openapi(checkIn, async (c) => {
    const sitter = await callerProfile(c, "parent", "babysitter");
    const { id } = c.req.valid("param");
    await recordTap(c.env, c.var.db, sitter, id, "check-in", c.req.valid("json").position);
    return c.json({ booking: await getBooking(c.var.db, sitter.id, id, Date.now()) }, 200);
  })
  .openapi(checkOut, async (c) => {
    const sitter = await callerProfile(c, "parent", "babysitter");
    const { id } = c.req.valid("param");
    await recordTap(c.env, c.var.db, sitter, id, "check-out", c.req.valid("json").position);
    return c.json({ booking: await getBooking(c.var.db, sitter.id, id, Date.now()) }, 200);
  })
  .openapi(declareHoursRoute, async (c) => {
    const sitter = await callerProfile(c, "parent", "babysitter");
    const { id } = c.req.valid("param");
    await declareHours(c.env, c.var.db, sitter, id, c.req.valid("json"), callerOrigin(c));
    return c.json({ booking: await getBooking(c.var.db, sitter.id, id, Date.now()) }, 200);
  })
  .openapi(confirmHoursRoute, async (c) => {
    const parent = await callerProfile(c, "parent", "babysitter");
    const { id } = c.req.valid("param");
    await confirmHours(c.env, c.var.db, parent, id, callerOrigin(c));
    return c.json({ booking: await getBooking(c.var.db, parent.id, id, Date.now()) }, 200);
  })
  .openapi(disputeHoursRoute, async (c) => {
    const parent = await callerProfile(c, "parent", "babysitter");
    const { id } = c.req.valid("param");
    await disputeHours(c.env, c.var.db, parent, id, c.req.valid("json").reason, callerOrigin(c));
    return c.json({ booking: await getBooking(c.var.db, parent.id, id, Date.now()) }, 200);
  });
