// A parent's children ('Mes enfants'). Every query names the parent: another parent's child is
// simply not found, and nothing of it is read or changed.
import { and, asc, eq, inArray, notExists, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { bookingChildren, bookings } from "@db/schema/bookings";
import type { BookingStatus } from "@db/schema/enums";
import { children } from "@db/schema/profiles";
import type { ChildCreateBody, ChildDto, ChildUpdateBody } from "@db/validators/child";
import { ApiError } from "../../lib/errors";

type ChildRow = typeof children.$inferSelect;

/**
 * A child on a booking that is still to happen (or under way) cannot be deleted: the babysitter
 * was told who she keeps. Past and cancelled bookings lose the child from their list (the rows of
 * booking_children cascade): deleting a child's data is the parent's call.
 */
const ACTIVE_BOOKING_STATUSES: readonly BookingStatus[] = ["pending", "confirmed"];

const childNotFound = () => new ApiError(404, "NOT_FOUND", "profiles.children.notFound");
const childOnActiveBooking = () => new ApiError(409, "CHILD_ON_ACTIVE_BOOKING", "profiles.children.onActiveBooking");

function toChildDto(row: ChildRow): ChildDto {
  return {
    id: row.id,
    name: row.name,
    age: row.age,
    special_needs: row.specialNeeds,
    allergies: row.allergies,
    created_at: row.createdAt,
  };
}

/** An optional note: omitted stays as it is, empty clears it. */
const note = (value: string | undefined) => (value === undefined ? undefined : value.trim() || null);

export async function listChildren(db: Db, parentId: string): Promise<ChildDto[]> {
  const rows = await db
    .select()
    .from(children)
    .where(eq(children.parentId, parentId))
    .orderBy(asc(children.createdAt), asc(children.name));
  return rows.map(toChildDto);
}

export async function createChild(db: Db, parentId: string, body: ChildCreateBody): Promise<ChildDto> {
  const [row] = await db
    .insert(children)
    .values({
      parentId,
      name: body.name.trim(),
      age: body.age,
      specialNeeds: note(body.special_needs) ?? null,
      allergies: note(body.allergies) ?? null,
    })
    .returning();
  return toChildDto(row);
}

const ownChild = (parentId: string, childId: string) => and(eq(children.id, childId), eq(children.parentId, parentId));

export async function updateChild(db: Db, parentId: string, childId: string, body: ChildUpdateBody): Promise<ChildDto> {
  const changes = {
    name: body.name?.trim(),
    age: body.age,
    specialNeeds: note(body.special_needs),
    allergies: note(body.allergies),
  };
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const [row] =
    Object.keys(set).length > 0
      ? await db.update(children).set(set).where(ownChild(parentId, childId)).returning()
      : await db.select().from(children).where(ownChild(parentId, childId)).limit(1);
  if (!row) throw childNotFound();
  return toChildDto(row);
}

/** One statement deletes the child only when no active booking names it (no race with a new booking). */
export async function deleteChild(db: Db, parentId: string, childId: string): Promise<void> {
  const onActiveBooking = db
    .select({ one: sql`1` })
    .from(bookingChildren)
    .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
    .where(and(eq(bookingChildren.childId, children.id), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])));
  const deleted = await db
    .delete(children)
    .where(and(ownChild(parentId, childId), notExists(onActiveBooking)))
    .returning({ id: children.id });
  if (deleted.length > 0) return;
  const [exists] = await db.select({ id: children.id }).from(children).where(ownChild(parentId, childId)).limit(1);
  throw exists ? childOnActiveBooking() : childNotFound();
}
