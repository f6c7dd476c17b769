// Emergency alerts (issue 10): the window rule, the request contract, the staff email (escaped, all
// the details, 'Numéro d'urgence : 15'), and the delivery on a real libSQL file: both parties and
// the three internal mailboxes, each once, also when the alert is handled twice.
import type { Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMERGENCY_MAILBOXES } from "../../db/constants/company";
import { EMERGENCY_PHONE, emergencyAllowed } from "../../db/constants/emergencies";
import type { Db } from "../../db/client";
import { emergencyCreateBodySchema } from "../../db/validators/emergencies";
import { alertEmergency, staffEmail, type EmergencyContext } from "../../edge/services/emergencies/emergency-alerts";
import type { Env } from "../../edge/env";
import type { IncidentRow } from "../../edge/services/emergencies/emergencies";
import { createTempDb, insertProfile, type TempDb } from "./helpers/temp-db";

const HOUR = 3_600_000;
const start = Date.parse("2026-06-01T18:00:00.000Z");
const end = start + 4 * HOUR;

describe("when an alert may be raised", () => {
  const at = (status: string, nowMs: number) => emergencyAllowed({ status, startMs: start, endMs: end }, nowMs);

  it("on a confirmed or completed booking, from 2 h before its start to 12 h after its end", () => {
    for (const status of ["confirmed", "completed"]) {
      expect(at(status, start - 2 * HOUR)).toBe(true);
      expect(at(status, start + HOUR)).toBe(true);
      expect(at(status, end + 12 * HOUR)).toBe(true);
      expect(at(status, start - 2 * HOUR - 1)).toBe(false);
      expect(at(status, end + 12 * HOUR + 1)).toBe(false);
    }
  });

  it("never on a pending or cancelled booking", () => {
    expect(at("pending", start + HOUR)).toBe(false);
    expect(at("cancelled", start + HOUR)).toBe(false);
  });
});

describe("the request contract", () => {
  it("trims, and stores an empty description as none", () => {
    expect(
      emergencyCreateBodySchema.parse({ booking_id: "b", type: "lost_child", location: "  Parc  ", description: "  " }),
    ).toEqual({ booking_id: "b", type: "lost_child", location: "Parc", description: null });
  });

  it("names each problem with an i18n key", () => {
    const message = (body: unknown) => emergencyCreateBodySchema.safeParse(body).error?.issues[0].message;
    expect(message({ booking_id: "b", type: "fire", location: "x" })).toBe("emergencies.validation.typeInvalid");
    expect(message({ booking_id: "b", type: "other", location: " " })).toBe("validation.required");
    expect(message({ booking_id: "b", type: "other", location: "x".repeat(301) })).toBe("validation.maxChars");
    expect(message({ booking_id: "b", type: "other", location: "x", extra: 1 })).toBeDefined();
  });
});

const person = (id: string, firstName: string, overrides: Record<string, unknown> = {}) =>
  ({
    id,
    userId: id,
    userType: "parent",
    firstName,
    lastName: "<Dupont>",
    email: `${id}@exemple.fr`,
    phone: null,
    address: null,
    city: null,
    postalCode: null,
    language: "fr",
    ...overrides,
  }) as unknown as EmergencyContext["parent"];

describe("the staff email", () => {
  const context: EmergencyContext = {
    incident: {
      id: "incident-1",
      bookingId: "booking-1",
      reporterId: "sitter",
      type: "accident",
      location: `3 rue <script>alert("x")</script>`,
      description: "Chute & bosse",
      createdAt: "2026-06-01T19:30:00.000Z",
    },
    booking: { id: "booking-1", startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString() },
    parent: person("parent", "Camille", { phone: "0612345678" }),
    babysitter: person("sitter", "Inès"),
    children: [{ name: "Léo", age: 4, specialNeeds: null, allergies: "arachides" }],
  };

  it("gives the person on duty everything, in French, with 15, escaped in a 600 px HTML part", () => {
    const email = staffEmail(context, "https://veilleuse.example");
    expect(email.subject).toBe("URGENCE : Accident ou blessure signalée par Inès <Dupont> (garde du lundi 1 juin)");
    for (const needle of [
      "Incident : incident-1",
      "Type : Accident ou blessure",
      `Lieu : 3 rue <script>alert("x")</script>`,
      "Signalée le (heure de Paris) : lundi 1 juin 2026 à 21:30:00",
      "Description : Chute & bosse",
      "Réservation : booking-1, garde du lundi 1 juin de 20:00 à 00:00",
      "Signalée par : Inès <Dupont> · sitter@exemple.fr · pas de téléphone",
      "Parent : Camille <Dupont> · parent@exemple.fr · 0612345678",
      "Enfants : Léo (4 ans) · allergies : arachides",
      `Numéro d'urgence : ${EMERGENCY_PHONE}`,
    ])
      expect(email.text).toContain(needle);
    expect(email.html).toContain("max-width:600px");
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(email.html).toContain("Chute &amp; bosse");
    expect(email.html).toContain("Inès &lt;Dupont&gt;");
    expect(email.html).toContain("Numéro d&#39;urgence : 15");
  });
});

describe("the alert's delivery", () => {
  let temp: TempDb;
  let client: Client;
  let db: Db;
  const env = { PUBLIC_ORIGIN: "https://veilleuse.fr" } as Env;

  beforeAll(async () => {
    temp = await createTempDb("emergency");
    ({ client, db } = temp);
    await insertProfile(client, "parent", "parent");
    await insertProfile(client, "sitter", "babysitter");
    await client.execute("UPDATE profiles SET phone = '0612345678' WHERE id = 'parent'");
    await client.execute({
      sql: "INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status) VALUES ('b1', 'parent', 'sitter', ?, ?, 1500, 6000, 'confirmed')",
      args: [new Date(start).toISOString(), new Date(end).toISOString()],
    });
    await client.execute(
      "INSERT INTO emergency_incidents (id, booking_id, reporter_id, type, location) VALUES ('i1', 'b1', 'parent', 'medical', 'Maison')",
    );
  });
  afterAll(() => temp.cleanup());

  const count = async (sql: string) => Number((await client.execute(sql)).rows[0][0]);

  it("reaches both parties and the three mailboxes once, even when handled twice", async () => {
    const [incident] = (await client.execute("SELECT * FROM emergency_incidents WHERE id = 'i1'")).rows;
    const row = {
      id: "i1",
      bookingId: "b1",
      reporterId: "parent",
      type: "medical",
      location: "Maison",
      description: null,
      createdAt: String(incident.created_at),
    } satisfies IncidentRow;
    for (let run = 0; run < 2; run++) await alertEmergency(env, db, row);
    const staff = await client.execute(
      "SELECT recipient FROM outbox WHERE channel = 'email' AND recipient LIKE '%@veilleuse.fr' ORDER BY recipient",
    );
    expect(staff.rows.map((r) => r.recipient)).toEqual(Object.values(EMERGENCY_MAILBOXES).sort());
    expect(await count("SELECT count(*) FROM outbox WHERE channel = 'email'")).toBe(5);
    expect(await count("SELECT count(*) FROM outbox WHERE channel = 'sms'")).toBe(1); // the parent's phone
    expect(await count("SELECT count(*) FROM notifications WHERE profile_id IN ('parent', 'sitter')")).toBe(2);
    const [sms] = (await client.execute("SELECT body FROM outbox WHERE channel = 'sms'")).rows;
    expect(String(sms.body)).toMatch(/URGENCE/);
    expect(String(sms.body)).toContain("https://veilleuse.fr/bookings/b1");
  });
});
