// Emergency alerts raised by a party during a booking. A record of what was reported, by whom,
// where and when: the alert itself goes out from edge/services/emergencies/emergency-alerts.ts. The
// reporter's and the other party's names, emails and phones
// are read from their profiles when the alert is sent, not copied here.
import { sqliteTable, text, index, check } from "drizzle-orm/sqlite-core";
import { profiles } from "./profiles";
import { bookings } from "./bookings";
import { EMERGENCY_TYPES } from "./enums";
import { createdAt, uuidPk } from "./columns";
import { atMost, between, lengthOf, nullOr, oneOf } from "./checks";
import { EMERGENCY_DESCRIPTION_MAX_LENGTH, EMERGENCY_LOCATION_MAX_LENGTH } from "../constants/emergencies";

export const emergencyIncidents = sqliteTable(
  "emergency_incidents",
  {
    id: uuidPk(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** The party who raised it (the booking's parent or babysitter). */
    reporterId: text("reporter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    type: text("type", { enum: EMERGENCY_TYPES }).notNull(),
    location: text("location").notNull(),
    description: text("description"),
    createdAt: createdAt(),
  },
  (t) => [
    check("emergency_incidents_type_check", oneOf(t.type, EMERGENCY_TYPES)),
    check("emergency_incidents_location_check", between(lengthOf(t.location), 1, EMERGENCY_LOCATION_MAX_LENGTH)),
    check(
      "emergency_incidents_description_check",
      nullOr(t.description, atMost(lengthOf(t.description), EMERGENCY_DESCRIPTION_MAX_LENGTH)),
    ),
    index("emergency_incidents_booking_created_idx").on(t.bookingId, t.createdAt),
    index("emergency_incidents_reporter_created_idx").on(t.reporterId, t.createdAt),
  ],
);
