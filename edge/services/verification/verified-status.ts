// profiles.is_verified (the badge, search's 'Vérifiée' filter, backgroundCheckRequired) is derived:
// true when every kind REQUIRED_DOCUMENTS names for the profile's role has an approved document that
// has not expired. One statement computes and writes it, so two decisions landing at the same
// instant cannot leave a stale value.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { REQUIRED_DOCUMENTS } from "@db/constants/verification";
import { identityDocuments } from "@db/schema/moderation";
import { profiles } from "@db/schema/profiles";
import type { UserType } from "@db/schema/enums";

export const requiredDocumentsOf = (userType: UserType) =>
  userType === "parent" || userType === "babysitter" ? REQUIRED_DOCUMENTS[userType] : [];

/** The statement that sets `profileId`'s is_verified from its documents (batch it with a decision). */
export function recomputeVerifiedStatement(db: Db, profileId: string, nowIso = new Date().toISOString()) {
  const kindsFor = (userType: "parent" | "babysitter") =>
    sql.join(
      REQUIRED_DOCUMENTS[userType].map((kind) => sql`${kind}`),
      sql`, `,
    );
  const approvedKinds = (userType: "parent" | "babysitter") => sql`(
    SELECT count(DISTINCT d.kind) FROM ${identityDocuments} d
    WHERE d.profile_id = ${profiles.id} AND d.status = 'approved'
      AND (d.expires_at IS NULL OR d.expires_at > ${nowIso}) AND d.kind IN (${kindsFor(userType)}))`;
  return db
    .update(profiles)
    .set({
      isVerified: sql`CASE ${profiles.userType}
        WHEN 'babysitter' THEN ${approvedKinds("babysitter")} = ${REQUIRED_DOCUMENTS.babysitter.length}
        WHEN 'parent' THEN ${approvedKinds("parent")} = ${REQUIRED_DOCUMENTS.parent.length}
        ELSE ${profiles.isVerified} END`,
    })
    .where(eq(profiles.id, profileId));
}

/** Whether the profile is verified now (read after a decision, for the notice). */
export async function isProfileVerified(db: Db, profileId: string): Promise<boolean> {
  const [row] = await db.select({ verified: profiles.isVerified }).from(profiles).where(eq(profiles.id, profileId));
  return row?.verified ?? false;
}
