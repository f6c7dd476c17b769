// /api/emergencies: raising an emergency alert during a booking, and a booking's alerts (issue 10;
// money-and-operations §3, §6, §9). Parents and babysitters, on their own bookings only (anyone
// else gets the same 404 as an unknown booking). Rules in services/emergencies/emergencies.ts; the alert
// itself (both parties, the three internal mailboxes) leaves after the answer: services/emergencies/emergency-alerts.ts.
import {
  emergencyCreateBodySchema,
  emergencyIncidentSchema,
  emergencyListQuerySchema,
  emergencyListSchema,
} from "@db/validators/emergencies";
import { inBackground } from "../lib/background";
import { alertEmergency } from "../services/emergencies/emergency-alerts";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { listEmergencies, raiseEmergency, toIncidentDto } from "../services/emergencies/emergencies";

const TAGS = ["emergencies"];
const notFound = errorResponse("No such booking, or not the caller's ('Réservation non trouvée')");

const raise = signedInRoute({
  method: "post",
  path: "/",
  tags: TAGS,
  summary:
    "Raises an emergency alert on one of the caller's bookings: confirmed (or completed), from 2 hours before its start to 12 hours after its end. Both parties and the three internal mailboxes are alerted after the answer; in immediate danger, call 15.",
  request: { body: jsonBody(emergencyCreateBodySchema) },
  responses: {
    201: jsonResponse("Recorded; the alert is on its way", emergencyIncidentSchema),
    400: errorResponse("Invalid type, missing or too long place, too long description"),
    403: errorResponse("Neither a parent nor a babysitter"),
    404: notFound,
    409: errorResponse("The booking is not confirmed, or the time is outside the alert window"),
    429: errorResponse("Too many alerts in the hour; retry later (Retry-After)"),
  },
});

const list = signedInRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary:
    "A booking's alerts (newest first), whether one may be raised now, and the place to prefill, for the booking's parties only.",
  request: { query: emergencyListQuerySchema },
  responses: {
    200: jsonResponse("The booking's alerts", emergencyListSchema),
    400: errorResponse("Missing booking id"),
    403: errorResponse("Neither a parent nor a babysitter"),
    404: notFound,
  },
});

export const emergencyRoutes = createApi()
  .openapi(raise, async (c) => {
    const me = await callerProfile(c, "parent", "babysitter");
    const incident = await raiseEmergency(c.var.db, me.id, c.req.valid("json"), Date.now());
    inBackground(c)(alertEmergency(c.env, c.var.db, incident));
    return c.json(toIncidentDto(incident, me.id), 201);
  })
  .openapi(list, async (c) => {
    const me = await callerProfile(c, "parent", "babysitter");
    return c.json(await listEmergencies(c.var.db, me.id, c.req.valid("query").booking_id, Date.now()), 200);
  });
