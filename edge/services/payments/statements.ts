// A family's statements: what to declare for each babysitter employed at home (CESU or Pajemploi ask,
// per employee and month, the hours, the hourly rate and the amount), and the year's summary for the
// income-tax form with the tax credit estimate (db/constants/tax-credit.ts).
//
// A sitting counts in the month it started (Paris time), once its hours stand (confirmed, confirmed
// without answer, or settled by the team: the minutes and amount of sitting-hours-rules.ts), or, for
// a sitting marked completed with no hours ever declared, its booked hours. Cancelled sittings, and
// hours still proposed or disputed, do not count yet. Tips are gifts, not wages: shown, not declared.
import { and, asc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "@db/client";
import { estimatedTaxCreditCents, taxCreditCeilingCents } from "@db/constants/tax-credit";
import { agencyMembers } from "@db/schema/agencies";
import { bookings } from "@db/schema/bookings";
import { children, profiles } from "@db/schema/profiles";
import { sittingPayments } from "@db/schema/payments";
import { HOUR_MS, parisDateOf, parisToUtcIso } from "@db/time/paris-time";
import { bookingTotalCents } from "@db/validators/booking";
import type { AgencyMonthStatement, MonthStatement, YearSummary } from "@db/validators/statements";
import { standingHours } from "../bookings/sitting-hours-rules";

type Line = MonthStatement["sitters"][number]["sittings"][number];
type Sitter = MonthStatement["sitters"][number]["babysitter"];
type SitterStatement = MonthStatement["sitters"][number];
type Family = AgencyMonthStatement["families"][number]["family"];

/** The first instant of a Paris month ("2026-10") and of the next, as UTC ISO. */
function monthBounds(month: string): [string, string] {
  const [year, number] = month.split("-").map(Number);
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
  return [parisToUtcIso(`${month}-01`, "00:00")!, parisToUtcIso(`${next}-01`, "00:00")!];
}

const family = alias(profiles, "family");

/**
 * The sittings that count between two instants, among the bookings `scope` selects (a family's, or
 * an agency's roster's), with their babysitter and family.
 */
async function countedSittings(db: Db, scope: SQL, from: string, to: string, nowMs: number) {
  const rows = await db
    .select({
      booking: bookings,
      sitter: { id: profiles.id, first_name: profiles.firstName, last_name: profiles.lastName },
      family: { id: family.id, first_name: family.firstName, last_name: family.lastName },
      payment: { status: sittingPayments.status, tipCents: sittingPayments.tipCents },
    })
    .from(bookings)
    .innerJoin(profiles, eq(profiles.id, bookings.babysitterId))
    .innerJoin(family, eq(family.id, bookings.parentId))
    .leftJoin(sittingPayments, eq(sittingPayments.bookingId, bookings.id))
    .where(
      and(
        scope,
        inArray(bookings.status, ["confirmed", "completed"]),
        gte(bookings.startTime, from),
        lt(bookings.startTime, to),
      ),
    )
    .orderBy(asc(bookings.startTime));
  const counted: Counted[] = [];
  for (const { booking, sitter, family: parent, payment } of rows) {
    const line = lineOf(booking, payment, nowMs);
    if (line) counted.push({ sitter, family: parent, line });
  }
  return counted;
}

type Counted = { sitter: Sitter; family: Family; line: Line };

function lineOf(
  booking: typeof bookings.$inferSelect,
  payment: { status: string | null; tipCents: number | null } | null,
  nowMs: number,
): Line | null {
  const standing = standingHours(booking, nowMs);
  let span: [string, string];
  if (standing) span = [standing.start, standing.end];
  else if (booking.hoursStatus === null && booking.status === "completed") span = [booking.startTime, booking.endTime];
  else return null;
  const [startMs, endMs] = [Date.parse(span[0]), Date.parse(span[1])];
  const settled = payment?.status === "succeeded" ? "card" : payment?.status === "outside" ? "outside" : "unpaid";
  return {
    booking_id: booking.id,
    start: span[0],
    end: span[1],
    minutes: Math.round((endMs - startMs) / 60_000),
    hourly_rate_cents: booking.hourlyRateCents,
    amount_cents: bookingTotalCents(booking.hourlyRateCents, startMs, endMs),
    settled,
    tip_cents: settled === "card" ? (payment?.tipCents ?? 0) : 0,
  };
}

/** Each babysitter's lines and totals, in the order she first appears. */
function bySitter(counted: Pick<Counted, "sitter" | "line">[]): SitterStatement[] {
  const groups = new Map<string, { sitter: Sitter; lines: Line[] }>();
  for (const { sitter, line } of counted) {
    const group = groups.get(sitter.id) ?? { sitter, lines: [] };
    group.lines.push(line);
    groups.set(sitter.id, group);
  }
  return [...groups.values()].map(({ sitter, lines }) => {
    const minutes = lines.reduce((sum, line) => sum + line.minutes, 0);
    const amount = lines.reduce((sum, line) => sum + line.amount_cents, 0);
    return {
      babysitter: sitter,
      minutes,
      amount_cents: amount,
      hourly_rate_cents: minutes > 0 ? Math.round((amount * HOUR_MS) / (minutes * 60_000)) : 0,
      days: new Set(lines.map((line) => parisDateOf(Date.parse(line.start)))).size,
      sittings: lines,
    };
  });
}

const sum = (sitters: { minutes: number; amount_cents: number }[]) => ({
  minutes: sitters.reduce((total, sitter) => total + sitter.minutes, 0),
  amount_cents: sitters.reduce((total, sitter) => total + sitter.amount_cents, 0),
});

/** The parent's statement of a month ("2026-10"). */
export async function monthStatement(
  db: Db,
  parentId: string,
  month: string,
  nowMs = Date.now(),
): Promise<MonthStatement> {
  const [from, to] = monthBounds(month);
  const sitters = bySitter(await countedSittings(db, eq(bookings.parentId, parentId), from, to, nowMs));
  return { month, sitters, ...sum(sitters) };
}

/** The parent's year ("2026"): totals per babysitter and the tax credit estimate. */
export async function yearSummary(db: Db, parentId: string, year: string, nowMs = Date.now()): Promise<YearSummary> {
  const [from] = monthBounds(`${year}-01`);
  const [to] = monthBounds(`${Number(year) + 1}-01`);
  const sitters = bySitter(await countedSittings(db, eq(bookings.parentId, parentId), from, to, nowMs)).map(
    ({ sittings: _, ...totals }) => totals,
  );
  const kids = await db.$count(children, eq(children.parentId, parentId));
  const totals = sum(sitters);
  return {
    year,
    sitters,
    ...totals,
    children: kids,
    ceiling_cents: taxCreditCeilingCents(kids),
    tax_credit_cents: estimatedTaxCreditCents(totals.amount_cents, kids),
  };
}

/**
 * An agency's month ("2026-10"): per family, the statement that family gets for the agency's roster
 * sitters (the same counting), and the month's totals. The roster as it is now: a sitter who left
 * takes her sittings with her.
 */
export async function agencyMonthStatement(
  db: Db,
  agencyId: string,
  month: string,
  nowMs = Date.now(),
): Promise<AgencyMonthStatement> {
  const [from, to] = monthBounds(month);
  const roster = db
    .select({ id: agencyMembers.sitterId })
    .from(agencyMembers)
    .where(eq(agencyMembers.agencyId, agencyId));
  const counted = await countedSittings(db, inArray(bookings.babysitterId, roster), from, to, nowMs);
  const groups = new Map<string, { family: Family; counted: Counted[] }>();
  for (const entry of counted) {
    const group = groups.get(entry.family.id) ?? { family: entry.family, counted: [] };
    group.counted.push(entry);
    groups.set(entry.family.id, group);
  }
  const families = [...groups.values()].map(({ family: parent, counted: lines }) => {
    const sitters = bySitter(lines);
    return { family: parent, sitters, ...sum(sitters) };
  });
  return { month, families, ...sum(families) };
}
