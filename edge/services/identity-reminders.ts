// The spec's identityVerification email: a babysitter who has not verified her identity a day after
// signing up is invited to send her documents (/verification/upload), once. The cron asks every
// quarter hour; the centre's notification (its event key) marks who was invited, so a run twice,
// or late within the week, invites once.
import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { notifications, profiles } from "@db/schema";
import { DAY_MS } from "@db/time/paris-time";
import { notifyProfile } from "../delivery/notify";
import type { Env } from "../env";

const INVITE_AFTER_MS = DAY_MS;
/** Past a week without an invitation (the cron was down), it is no longer news: none is sent. */
const INVITE_UNTIL_MS = 7 * DAY_MS;

export async function sendIdentityReminders(env: Env, db: Db, nowMs = Date.now()): Promise<number> {
  const eventKey = sql`'identityVerification:' || ${profiles.id}`;
  const due = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.userType, "babysitter"),
        eq(profiles.isVerified, false),
        lte(profiles.createdAt, new Date(nowMs - INVITE_AFTER_MS).toISOString()),
        gte(profiles.createdAt, new Date(nowMs - INVITE_UNTIL_MS).toISOString()),
        sql`NOT EXISTS (SELECT 1 FROM ${notifications} WHERE ${notifications.profileId} = ${profiles.id} AND json_extract(${notifications.data}, '$.event') = ${eventKey})`,
      ),
    );
  for (const { id } of due) {
    await notifyProfile(env, db, {
      event: "identityVerification",
      occurrence: id,
      recipientId: id,
      params: {},
      link: "/verification/upload",
    });
  }
  return due.length;
}
