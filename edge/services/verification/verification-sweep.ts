// Identity verification's quarter-hourly work (edge/worker.ts's cron):
// - a babysitter still without documents a day after signing up is invited to send them, once;
// - an approved criminal record is announced 30 and then 7 days before it lapses (each claimed
//   before it is sent, so two runs at once announce once), and at its date it expires: the badge
//   goes (profiles.is_verified recomputed) and the sitter is told;
// - files are deleted DOCUMENT_FILE_RETENTION_DAYS after the decision (a deleted account's at once);
//   the decision stays.
import { and, eq, gte, isNull, lte, notExists, or, gt, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { DOCUMENT_FILE_RETENTION_DAYS, EXPIRY_NOTICE_DAYS } from "@db/constants/verification";
import { identityDocuments } from "@db/schema/moderation";
import { notifications } from "@db/schema/notifications";
import { profiles } from "@db/schema/profiles";
import { DAY_MS } from "@db/time/paris-time";
import type { Env } from "../../env";
import { auditInsertWhenChanged, NO_ORIGIN, SYSTEM_ACTOR } from "../audit/audit";
import { notifyProfile } from "../notifications/notify";
import { deleteFiles } from "./documents";
import { recomputeVerifiedStatement } from "./verified-status";

const INVITE_AFTER_MS = DAY_MS;
/** Past a week without an invitation (the cron was down), it is no longer news: none is sent. */
const INVITE_UNTIL_MS = 7 * DAY_MS;
const LINK = "/verification/upload";

export type VerificationSweepReport = { invited: number; announced: number; expired: number; filesDeleted: number };

export async function runVerificationSweep(env: Env, db: Db, nowMs = Date.now()): Promise<VerificationSweepReport> {
  return {
    invited: await inviteNewSitters(env, db, nowMs),
    announced: await announceExpiries(env, db, nowMs),
    expired: await expireRecords(env, db, nowMs),
    filesDeleted: await deleteDecidedFiles(env, db, nowMs),
  };
}

/** Babysitters a day to a week old, not verified, who sent nothing and were not invited yet. */
async function inviteNewSitters(env: Env, db: Db, nowMs: number): Promise<number> {
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
        notExists(
          db
            .select({ one: sql`1` })
            .from(identityDocuments)
            .where(eq(identityDocuments.profileId, profiles.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(notifications)
            .where(
              and(
                eq(notifications.profileId, profiles.id),
                sql`json_extract(${notifications.data}, '$.event') = ${eventKey}`,
              ),
            ),
        ),
      ),
    );
  for (const { id } of due) {
    await notifyProfile(env, db, {
      event: "identityVerification",
      occurrence: id,
      recipientId: id,
      params: {},
      link: LINK,
    });
  }
  return due.length;
}

/**
 * Each notice step (30, then 7 days before), claimed by lowering expiry_notice_days before it is
 * sent. The nearest step first: a record found 5 days from its expiry gets the 7-day notice only.
 */
async function announceExpiries(env: Env, db: Db, nowMs: number): Promise<number> {
  let announced = 0;
  for (const days of [...EXPIRY_NOTICE_DAYS].sort((x, y) => x - y)) {
    const claimed = await db
      .update(identityDocuments)
      .set({ expiryNoticeDays: days })
      .where(
        and(
          eq(identityDocuments.status, "approved"),
          isNotNull(identityDocuments.expiresAt),
          gt(identityDocuments.expiresAt, new Date(nowMs).toISOString()),
          lte(identityDocuments.expiresAt, new Date(nowMs + days * DAY_MS).toISOString()),
          or(isNull(identityDocuments.expiryNoticeDays), gt(identityDocuments.expiryNoticeDays, days)),
        ),
      )
      .returning();
    for (const document of claimed) {
      await notifyProfile(env, db, {
        event: "verificationExpiring",
        occurrence: `${document.id}:${days}`,
        recipientId: document.profileId,
        params: { kind: { text: `verification.kinds.${document.kind}` }, day: { day: document.expiresAt! } },
        link: LINK,
      });
    }
    announced += claimed.length;
  }
  return announced;
}

/** Approved documents past their expiry: expired, audited, the badge recomputed, the owner told. */
async function expireRecords(env: Env, db: Db, nowMs: number): Promise<number> {
  const nowIso = new Date(nowMs).toISOString();
  const due = await db
    .select({ id: identityDocuments.id })
    .from(identityDocuments)
    .where(and(eq(identityDocuments.status, "approved"), lte(identityDocuments.expiresAt, nowIso)));
  let expired = 0;
  for (const { id } of due) {
    const [claimed] = await db.batch([
      db
        .update(identityDocuments)
        .set({ status: "expired" })
        .where(and(eq(identityDocuments.id, id), eq(identityDocuments.status, "approved"))),
      auditInsertWhenChanged(db, SYSTEM_ACTOR, NO_ORIGIN, {
        action: "verification.expire",
        resource: `identity_document:${id}`,
      }),
    ]);
    if (claimed.rowsAffected === 0) continue;
    expired++;
    const [document] = await db.select().from(identityDocuments).where(eq(identityDocuments.id, id));
    await recomputeVerifiedStatement(db, document.profileId, nowIso);
    await notifyProfile(env, db, {
      event: "verificationExpired",
      occurrence: id,
      recipientId: document.profileId,
      params: { kind: { text: `verification.kinds.${document.kind}` } },
      link: LINK,
    });
  }
  return expired;
}

/**
 * Files of documents decided over DOCUMENT_FILE_RETENTION_DAYS ago, and of deleted accounts (at
 * once): deleted; the row and decision stay.
 */
async function deleteDecidedFiles(env: Env, db: Db, nowMs: number): Promise<number> {
  const before = new Date(nowMs - DOCUMENT_FILE_RETENTION_DAYS * DAY_MS).toISOString();
  // Deleted, not suspended: a suspension may be lifted, and its documents still count then.
  const ownerDeleted = sql`EXISTS (SELECT 1 FROM ${profiles} p JOIN "user" u ON u.id = p.user_id
    WHERE p.id = ${identityDocuments.profileId} AND u.deleted_at IS NOT NULL)`;
  const claimed = await db
    .update(identityDocuments)
    .set({ filesDeletedAt: new Date(nowMs).toISOString() })
    .where(and(isNull(identityDocuments.filesDeletedAt), or(lte(identityDocuments.reviewedAt, before), ownerDeleted)))
    .returning();
  for (const document of claimed) await deleteFiles(env.DOCUMENTS, document);
  return claimed.length;
}
