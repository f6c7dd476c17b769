// An emergency alert raised during a booking reaches, after the answer (money-and-operations §6, §9;
// issue 10):
// - both parties of the booking, through the delivery pipeline (notifications/notify.ts), event "emergencyAlert",
//   priority "emergency": in-app always, email, and SMS when a phone exists and emergency SMS are on
//   (even with normal SMS off). The reporter too: it confirms the alert left and reminds them of 15;
// - the three internal mailboxes (emergency, support, management: db/constants/company.ts), one
//   email each, in French, with everything a person on duty needs to call back.
// Each delivery once per incident, recipient and channel (outbox keys), so a replay sends nothing twice.
// Never throws (a failure is logged and the other deliveries still go).
import { eq, inArray } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookingChildren, bookings, children, profiles } from "@db/schema";
import { EMERGENCY_MAILBOXES } from "@db/constants/company";
import { EMERGENCY_PHONE } from "@db/constants/emergencies";
import type { Env } from "../../env";
import { translate } from "../../lib/i18n";
import type { IncidentRow } from "./emergencies";
import { publicOrigin } from "../../lib/config";
import { sendEmail } from "../../delivery/email";
import { formatParam, renderEmail, type Param } from "../../delivery/templates";
import { notifyProfile } from "../notifications/notify";

const dayOf = (iso: string) => String(formatParam("fr", { date: iso }));
const clockOf = (iso: string) => String(formatParam("fr", { time: iso }));
const dateTimeOf = (iso: string) =>
  new Intl.DateTimeFormat("fr-FR", { dateStyle: "full", timeStyle: "medium", timeZone: "Europe/Paris" }).format(
    new Date(iso),
  );

type Person = typeof profiles.$inferSelect;
type Child = { name: string; age: number; specialNeeds: string | null; allergies: string | null };

export type EmergencyContext = {
  incident: IncidentRow;
  booking: { id: string; startTime: string; endTime: string };
  parent: Person;
  babysitter: Person;
  children: Child[];
};

const fullName = (person: Person) => `${person.firstName} ${person.lastName}`.trim();

async function contextOf(db: Db, incident: IncidentRow): Promise<EmergencyContext | null> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, incident.bookingId)).limit(1);
  if (!booking) return null;
  const [people, kids] = await db.batch([
    db
      .select()
      .from(profiles)
      .where(inArray(profiles.id, [booking.parentId, booking.babysitterId])),
    db
      .select({
        name: children.name,
        age: children.age,
        specialNeeds: children.specialNeeds,
        allergies: children.allergies,
      })
      .from(bookingChildren)
      .innerJoin(children, eq(children.id, bookingChildren.childId))
      .where(eq(bookingChildren.bookingId, booking.id)),
  ]);
  const parent = people.find((p) => p.id === booking.parentId);
  const babysitter = people.find((p) => p.id === booking.babysitterId);
  if (!parent || !babysitter) return null;
  return { incident, booking, parent, babysitter, children: kids };
}

/** The staff email (French, the team's language): subject, text part and 600 px HTML. Pure. */
export function staffEmail(
  { incident, booking, parent, babysitter, children: kids }: EmergencyContext,
  origin: string,
) {
  const t = (key: string, params: Record<string, string | number> = {}) => translate("fr", key, params);
  const reporter = incident.reporterId === parent.id ? parent : babysitter;
  const type = t(`emergencies.types.${incident.type}`);
  const none = t("emergencies.staff.none");
  const person = (role: string, p: Person) => ({
    label: role,
    value: `${fullName(p)} · ${p.email} · ${p.phone ?? t("emergencies.staff.noPhone")}`,
  });
  const childLine = (child: Child) =>
    [
      t("emergencies.staff.child", { name: child.name, age: child.age }),
      child.allergies && t("emergencies.staff.allergies", { text: child.allergies }),
      child.specialNeeds && t("emergencies.staff.specialNeeds", { text: child.specialNeeds }),
    ]
      .filter(Boolean)
      .join(" · ");
  const rows = [
    { label: t("emergencies.staff.incident"), value: incident.id },
    { label: t("emergencies.staff.type"), value: type },
    { label: t("emergencies.staff.location"), value: incident.location },
    { label: t("emergencies.staff.time"), value: dateTimeOf(incident.createdAt) },
    { label: t("emergencies.staff.description"), value: incident.description ?? none },
    {
      label: t("emergencies.staff.booking"),
      value: t("emergencies.staff.bookingValue", {
        id: booking.id,
        date: dayOf(booking.startTime),
        start: clockOf(booking.startTime),
        end: String(formatParam("fr", { time: booking.endTime, since: booking.startTime })),
      }),
    },
    person(t("emergencies.staff.reporter"), reporter),
    person(t("emergencies.staff.parent"), parent),
    person(t("emergencies.staff.babysitter"), babysitter),
    { label: t("emergencies.staff.children"), value: kids.length ? kids.map(childLine).join(" ; ") : none },
  ];
  const subject = t("emergencies.staff.subject", {
    type,
    name: fullName(reporter),
    date: dayOf(booking.startTime),
  });
  const intro = t("emergencies.staff.intro");
  const call = t("emergencies.staff.call", { phone: EMERGENCY_PHONE });
  const { html, text } = renderEmail({
    lang: "fr",
    title: subject,
    paragraphs: [intro, call],
    details: rows,
    privacyUrl: `${origin}/privacy`,
  });
  return { subject, text, html };
}

/** What both parties' notices say (notify.ts words it in each recipient's language). */
function partyParams(context: EmergencyContext): Record<string, Param> {
  const reporter = context.incident.reporterId === context.parent.id ? context.parent : context.babysitter;
  return {
    reporterName: fullName(reporter),
    incidentType: { text: `emergencies.types.${context.incident.type}` },
    date: { date: context.booking.startTime },
    location: context.incident.location,
  };
}

export async function alertEmergency(env: Env, db: Db, incident: IncidentRow): Promise<void> {
  try {
    const context = await contextOf(db, incident);
    if (!context) return;
    const parties = [context.parent, context.babysitter].map((recipient) =>
      notifyProfile(env, db, {
        event: "emergencyAlert",
        // Per recipient: the outbox keys ("<event>:<occurrence>:<channel>") must differ between the two parties.
        occurrence: `${incident.id}:${recipient.id}`,
        recipientId: recipient.id,
        params: partyParams(context),
        link: `/bookings/${context.booking.id}`,
        priority: "emergency",
      }),
    );
    const email = staffEmail(context, publicOrigin(env));
    const staff = Object.values(EMERGENCY_MAILBOXES).map((mailbox) =>
      sendEmail(
        env,
        db,
        { to: mailbox, template: "emergencyAlert", ...email },
        `emergencyAlert:${incident.id}:${mailbox}`,
      ),
    );
    await Promise.all([...parties, ...staff]);
  } catch (error) {
    console.error("Emergency alert failed", error);
  }
}
