// What a moderation decision does to the content itself. Hidden: a message stays for the team but
// the thread shows 'Message retiré par la modération'; a review leaves every list and the rating; a
// photo is removed; a profile leaves search and its public page (its visibility becomes 'hidden',
// and its owner cannot set it back while the rejection stands). Restored (an approval of what the
// filter had hidden, or an appeal granted): the message and review come back, the profile is public
// again; a removed photo is gone for good and the owner uploads a new one. Disputed hours: kept
// (approved, or an appeal granted), the declared hours are confirmed; refused, the booked hours stand.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { flaggedContent } from "@db/schema/moderation";
import { messages } from "@db/schema/messages";
import { profiles } from "@db/schema/profiles";
import { reviews } from "@db/schema/reviews";
import type { Env } from "../../env";
import { recomputeRating } from "../bookings/reviews";
import { removePhoto } from "../profiles/photos";
import { settleDisputedHours } from "../bookings/sitting-hours";

export type FlaggedRow = typeof flaggedContent.$inferSelect;

const messageId = (resourceId: string | null) => (resourceId && /^\d+$/.test(resourceId) ? Number(resourceId) : null);

export async function hideContent(env: Env, db: Db, item: FlaggedRow, nowIso: string): Promise<void> {
  if (!item.resourceId) return;
  switch (item.type) {
    case "message": {
      const id = messageId(item.resourceId);
      if (id !== null) await db.update(messages).set({ removedAt: nowIso }).where(eq(messages.id, id));
      return;
    }
    case "review": {
      const [review] = await db
        .update(reviews)
        .set({ hiddenAt: nowIso })
        .where(and(eq(reviews.id, item.resourceId), isNull(reviews.hiddenAt)))
        .returning({ reviewedId: reviews.reviewedId });
      if (review) await recomputeRating(db, review.reviewedId);
      return;
    }
    case "photo": {
      const [profile] = await db.select().from(profiles).where(eq(profiles.id, item.resourceId));
      if (profile?.photoUrl) await removePhoto(db, env.PHOTOS, profile);
      return;
    }
    case "profile":
      await db.update(profiles).set({ profileVisibility: "hidden" }).where(eq(profiles.id, item.resourceId));
      return;
    case "hours":
      await settleDisputedHours(env, db, item.resourceId, false);
  }
}

export async function restoreContent(env: Env, db: Db, item: FlaggedRow): Promise<void> {
  if (!item.resourceId) return;
  switch (item.type) {
    case "message": {
      const id = messageId(item.resourceId);
      if (id !== null) await db.update(messages).set({ removedAt: null }).where(eq(messages.id, id));
      return;
    }
    case "review": {
      const [review] = await db
        .update(reviews)
        .set({ hiddenAt: null })
        .where(eq(reviews.id, item.resourceId))
        .returning({ reviewedId: reviews.reviewedId });
      if (review) await recomputeRating(db, review.reviewedId);
      return;
    }
    case "profile":
      await db.update(profiles).set({ profileVisibility: "public" }).where(eq(profiles.id, item.resourceId));
      return;
    case "photo":
      return;
    case "hours":
      await settleDisputedHours(env, db, item.resourceId, true);
  }
}

/** SQL: the profile is hidden by a rejection that still stands (its owner may not make it visible). */
export const profileHeldByModeration = (profileId: string) =>
  sql`EXISTS (SELECT 1 FROM ${flaggedContent} f WHERE f.type = 'profile' AND f.resource_id = ${profileId}
    AND f.status = 'rejected' AND f.hidden_at IS NOT NULL)`;
