// Agencies as the console creates and lists them, and the agency a manager runs (every /api/agency
// route starts from it: a manager reads and acts on her own agency only).
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db } from "@db/client";
import { agencies, agencyManagers, agencyMembers } from "@db/schema/agencies";
import { profiles } from "@db/schema/profiles";
import type { AgencyCreateValues, AgencyDto } from "@db/validators/agencies";
import { ApiError, forbidden } from "../../lib/errors";
import { AGENCY_SIREN_TAKEN, isDatabaseRefusal } from "../../lib/db-errors";

export const agencyNotFound = () => new ApiError(404, "AGENCY_NOT_FOUND", "agencies.errors.notFound");
const sirenTaken = () => new ApiError(409, "SIREN_TAKEN", "agencies.errors.sirenTaken", {}, { field: "siren" });

/** The agency `managerId` runs; 403 for a profile that runs none (a manager whose agency is gone). */
export async function agencyOfManager(db: Db, managerId: string): Promise<{ id: string; name: string }> {
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencyManagers)
    .innerJoin(agencies, eq(agencies.id, agencyManagers.agencyId))
    .where(eq(agencyManagers.profileId, managerId))
    .limit(1);
  if (!row) throw forbidden();
  return row;
}

/** The new agency's row (the SIREN is the company's: one agency per SIREN, 409 otherwise). */
export async function insertAgency(db: Db, values: AgencyCreateValues): Promise<string> {
  try {
    const [row] = await db
      .insert(agencies)
      .values({
        name: values.name,
        siren: values.siren,
        sapNumber: values.sap_number,
        contactEmail: values.contact_email.toLowerCase(),
        contactPhone: values.contact_phone,
      })
      .returning({ id: agencies.id });
    return row.id;
  } catch (error) {
    if (isDatabaseRefusal(error, AGENCY_SIREN_TAKEN)) throw sirenTaken();
    throw error;
  }
}

/** Undoes an agency whose first manager could not be created (nothing else points to it yet). */
export async function removeEmptyAgency(db: Db, agencyId: string): Promise<void> {
  await db.delete(agencies).where(eq(agencies.id, agencyId));
}

export async function agencyExists(db: Db, agencyId: string): Promise<boolean> {
  const [row] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  return Boolean(row);
}

/** The console's agencies (or one of them), with their managers and roster sizes, by name. */
export async function listAgencies(db: Db, onlyId?: string): Promise<AgencyDto[]> {
  const rows = await db
    .select()
    .from(agencies)
    .where(onlyId ? eq(agencies.id, onlyId) : undefined)
    .orderBy(asc(agencies.name), asc(agencies.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [managers, rosters] = await Promise.all([
    db
      .select({
        agencyId: agencyManagers.agencyId,
        profileId: profiles.id,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        email: profiles.email,
      })
      .from(agencyManagers)
      .innerJoin(profiles, eq(profiles.id, agencyManagers.profileId))
      .where(inArray(agencyManagers.agencyId, ids))
      .orderBy(asc(agencyManagers.createdAt)),
    db
      .select({ agencyId: agencyMembers.agencyId, size: count() })
      .from(agencyMembers)
      .where(inArray(agencyMembers.agencyId, ids))
      .groupBy(agencyMembers.agencyId),
  ]);
  const sizes = new Map(rosters.map((row) => [row.agencyId, row.size]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    siren: row.siren,
    sap_number: row.sapNumber,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    created_at: row.createdAt,
    roster_size: sizes.get(row.id) ?? 0,
    managers: managers
      .filter((manager) => manager.agencyId === row.id)
      .map((manager) => ({
        profile_id: manager.profileId,
        first_name: manager.firstName,
        last_name: manager.lastName,
        email: manager.email,
      })),
  }));
}

export async function agencyDto(db: Db, agencyId: string): Promise<AgencyDto> {
  const [agency] = await listAgencies(db, agencyId);
  if (!agency) throw agencyNotFound();
  return agency;
}

/** The managers of an agency (the recipients of what happens to its roster). */
export async function managersOf(db: Db, agencyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: agencyManagers.profileId })
    .from(agencyManagers)
    .where(and(eq(agencyManagers.agencyId, agencyId)));
  return rows.map((row) => row.id);
}
