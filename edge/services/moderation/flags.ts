// The automatic filter at work: a message as it is sent, a review as it is written, a bio as it is
// saved. Contact details and payments off the platform count in messages only before the two people
// have a booking (after, they may call each other); insults count everywhere; a new account writing
// to many babysitters within minutes counts too. With the security settings: a score at or above
// suspiciousActivityThreshold is queued for the team, and with autoBlockEnabled the content is hidden
// at once, pending review. One open flag per content (a unique index), so a retried request adds none.
import { and, countDistinct, eq, gte, or, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import {
  MESSAGE_BURST_SITTERS,
  MESSAGE_BURST_WINDOW_MINUTES,
  NEW_ACCOUNT_DAYS,
  type ContentSignal,
} from "@db/constants/moderation";
import { bookings } from "@db/schema/bookings";
import { conversations } from "@db/schema/messages";
import { flaggedContent } from "@db/schema/moderation";
import { profiles } from "@db/schema/profiles";
import type { FlaggedContentType, Severity } from "@db/schema/enums";
import type { Env } from "../../env";
import { DAY_MS } from "@db/time/paris-time";
import { loadAiSettings } from "../settings/ai-settings";
import { scoreOf, signalsIn } from "./content-signals";
import { hideContent } from "./effects";

const CONTACT_SIGNALS: readonly ContentSignal[] = ["phone", "email", "link", "offPlatformPayment"];

const severityOf = (score: number): Severity => (score >= 0.95 ? "critical" : score >= 0.9 ? "high" : "medium");

type Candidate = {
  type: FlaggedContentType;
  resourceId: string;
  authorId: string;
  content: string;
  signals: ContentSignal[];
};

/** Queues the content when its score reaches the threshold, and hides it when auto-block is on. Whether it was hidden. */
async function flag(env: Env, db: Db, candidate: Candidate, { mayHide }: { mayHide: boolean }): Promise<boolean> {
  const score = scoreOf(candidate.signals);
  if (score === 0) return false;
  const security = await loadAiSettings(db, "security");
  if (score < security.suspiciousActivityThreshold) return false;
  const hide = mayHide && security.autoBlockEnabled;
  const nowIso = new Date().toISOString();
  const [item] = await db
    .insert(flaggedContent)
    .values({
      type: candidate.type,
      profileId: candidate.authorId,
      resourceId: candidate.resourceId,
      content: candidate.content,
      reason: candidate.signals.join(", "),
      source: "auto",
      signals: candidate.signals,
      severity: severityOf(score),
      aiScore: score,
      hiddenAt: hide ? nowIso : null,
    })
    .onConflictDoNothing()
    .returning();
  if (item && hide) await hideContent(env, db, item, nowIso);
  return Boolean(item && hide);
}

/** Whether the two people have a booking together (any status: they met through the platform). */
async function haveBooking(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      or(
        and(eq(bookings.parentId, a), eq(bookings.babysitterId, b)),
        and(eq(bookings.parentId, b), eq(bookings.babysitterId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A sender under NEW_ACCOUNT_DAYS old who opened conversations with MESSAGE_BURST_SITTERS babysitters
 * within the window. An older account is answered from its creation date alone: no query on the
 * send path of most messages.
 */
async function isMessageBurst(db: Db, sender: Sender, nowMs: number): Promise<boolean> {
  if (nowMs - Date.parse(sender.createdAt) >= NEW_ACCOUNT_DAYS * DAY_MS) return false;
  const since = new Date(nowMs - MESSAGE_BURST_WINDOW_MINUTES * 60_000).toISOString();
  const partner = sql`CASE WHEN ${conversations.participantA} = ${sender.id} THEN ${conversations.participantB} ELSE ${conversations.participantA} END`;
  const [row] = await db
    .select({ sitters: countDistinct(profiles.id) })
    .from(conversations)
    .innerJoin(profiles, and(eq(profiles.id, partner), eq(profiles.userType, "babysitter")))
    .where(
      and(
        or(eq(conversations.participantA, sender.id), eq(conversations.participantB, sender.id)),
        gte(conversations.createdAt, since),
      ),
    );
  return (row?.sitters ?? 0) >= MESSAGE_BURST_SITTERS;
}

type Sender = { id: string; createdAt: string };

/** Screens a message just stored; true when it was hidden at once (the thread then shows it removed). */
export async function screenMessage(
  env: Env,
  db: Db,
  sender: Sender,
  message: { id: number; recipientId: string; content: string },
  nowMs = Date.now(),
): Promise<boolean> {
  let signals = signalsIn(message.content);
  if (
    signals.some((signal) => CONTACT_SIGNALS.includes(signal)) &&
    (await haveBooking(db, sender.id, message.recipientId))
  )
    signals = signals.filter((signal) => !CONTACT_SIGNALS.includes(signal));
  if (await isMessageBurst(db, sender, nowMs)) signals = [...signals, "messageBurst"];
  return flag(
    env,
    db,
    { type: "message", resourceId: String(message.id), authorId: sender.id, content: message.content, signals },
    { mayHide: true },
  );
}

/** Screens a review just written (insults, contact details); hidden at once with auto-block. */
export const screenReview = (env: Env, db: Db, review: { id: string; reviewerId: string; comment: string }) =>
  flag(
    env,
    db,
    {
      type: "review",
      resourceId: review.id,
      authorId: review.reviewerId,
      content: review.comment,
      signals: signalsIn(review.comment),
    },
    { mayHide: true },
  );

/** Screens a bio just saved: queued for the team, never hidden by the filter alone (a whole profile is the team's call). */
export const screenBio = (env: Env, db: Db, profile: { id: string; bio: string }) =>
  flag(
    env,
    db,
    {
      type: "profile",
      resourceId: profile.id,
      authorId: profile.id,
      content: profile.bio,
      signals: signalsIn(profile.bio),
    },
    { mayHide: false },
  );
