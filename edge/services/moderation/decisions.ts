// The team's decisions in the console's 'Modération' section, and the author's one appeal.
// - Approve, reject or escalate, only from pending (one conditional update: of two admins at once,
//   one decides), recording who and when, audited in the same batch. Rejecting needs a statement
//   of reasons: the author receives it, and may appeal once.
// - Effects (effects.ts): a rejection hides the content; approving what the filter had hidden brings
//   it back. An author whose content is rejected REJECTIONS_BEFORE_SUSPENSION times is suspended.
// - An appeal is a new pending item pointing at the decision; another admin than the one who took it
//   decides it: granted (approved), the content comes back; refused, the decision stands.
// - The reporters are told their report was handled, never the outcome.
import { and, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { REJECTIONS_BEFORE_SUSPENSION } from "@db/constants/moderation";
import { flaggedContent } from "@db/schema/moderation";
import { profiles } from "@db/schema/profiles";
import type { ModerationAction } from "@db/validators/moderation";
import type { Env } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import type { CallerProfile } from "../../lib/caller-profile";
import { auditInsertWhenChanged } from "../audit/audit";
import { suspendUser, type AdminContext } from "../admin/users";
import { notifyProfile } from "../notifications/notify";
import { hideContent, restoreContent, type FlaggedRow } from "./effects";

const notPending = () => new ApiError(409, "NOT_PENDING", "moderation.errors.notPending");
const statementRequired = () => new ApiError(400, "VALIDATION_ERROR", "moderation.errors.statementRequired");
const sameReviewer = () => new ApiError(403, "SAME_REVIEWER", "moderation.errors.sameReviewer");
const cannotAppeal = () => new ApiError(409, "CANNOT_APPEAL", "moderation.errors.cannotAppeal");

const STATUS_OF: Record<ModerationAction, "approved" | "rejected" | "escalated"> = {
  approve: "approved",
  reject: "rejected",
  escalate: "escalated",
};

const adminProfileId = (admin: AdminContext) =>
  sql`(SELECT ${profiles.id} FROM ${profiles} WHERE ${profiles.userId} = ${admin.actor.userId})`;

async function itemOf(db: Db, id: string): Promise<FlaggedRow> {
  const [item] = await db.select().from(flaggedContent).where(eq(flaggedContent.id, id));
  if (!item) throw notFound();
  return item;
}

export async function decideItem(
  env: Env,
  db: Db,
  admin: AdminContext,
  id: string,
  action: ModerationAction,
  statement: string | undefined,
): Promise<FlaggedRow> {
  const item = await itemOf(db, id);
  if (action === "reject" && !statement) throw statementRequired();
  const contested = item.appealOf ? await itemOf(db, item.appealOf) : null;
  if (contested && contested.reviewedBy !== null) {
    const [me] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, admin.actor.userId));
    if (me?.id === contested.reviewedBy) throw sameReviewer();
  }
  const nowIso = new Date().toISOString();
  const [claimed] = await db.batch([
    db
      .update(flaggedContent)
      .set({
        status: STATUS_OF[action],
        reviewedBy: adminProfileId(admin),
        reviewedAt: nowIso,
        statement: statement ?? null,
      })
      .where(and(eq(flaggedContent.id, id), eq(flaggedContent.status, "pending"))),
    auditInsertWhenChanged(db, admin.actor, admin.origin, {
      action: `moderation.${action}`,
      resource: `flagged_content:${id}`,
      details: statement ?? null,
      metadata: { type: item.type, profileId: item.profileId, appeal: Boolean(contested) },
    }),
  ]);
  if (claimed.rowsAffected === 0) throw notPending();
  const decided = await itemOf(db, id);
  if (contested) await settleAppeal(env, db, decided, contested);
  else await applyDecision(env, db, admin, decided, nowIso);
  await tellReporters(env, db, decided);
  return decided;
}

async function applyDecision(env: Env, db: Db, admin: AdminContext, item: FlaggedRow, nowIso: string) {
  // Approving disputed hours keeps them: the one kind of item whose approval changes the content.
  if (item.status === "approved" && (item.hiddenAt || item.type === "hours")) {
    await restoreContent(env, db, item);
    await db.update(flaggedContent).set({ hiddenAt: null }).where(eq(flaggedContent.id, item.id));
  }
  if (item.status !== "rejected") return;
  await hideContent(env, db, item, nowIso);
  await db
    .update(flaggedContent)
    .set({ hiddenAt: item.hiddenAt ?? nowIso })
    .where(eq(flaggedContent.id, item.id));
  await notifyProfile(env, db, {
    event: "moderationDecision",
    occurrence: item.id,
    recipientId: item.profileId,
    params: { kind: { text: `moderation.kinds.${item.type}` }, statement: item.statement ?? "" },
    link: `/moderation/decisions/${item.id}`,
  });
  await suspendAfterRepeatedRejections(env, db, admin, item.profileId);
}

/**
 * Rejections that stand: not appeals, not reversed by a granted appeal, and not refused hours (a
 * disagreement over what is owed, not content against the rules).
 */
async function standingRejections(db: Db, profileId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(flaggedContent)
    .where(
      and(
        eq(flaggedContent.profileId, profileId),
        eq(flaggedContent.status, "rejected"),
        ne(flaggedContent.type, "hours"),
        isNull(flaggedContent.appealOf),
        sql`NOT EXISTS (SELECT 1 FROM ${flaggedContent} a WHERE a.appeal_of = ${flaggedContent.id} AND a.status = 'approved')`,
      ),
    );
  return row.n;
}

async function suspendAfterRepeatedRejections(env: Env, db: Db, admin: AdminContext, profileId: string) {
  if ((await standingRejections(db, profileId)) < REJECTIONS_BEFORE_SUSPENSION) return;
  const [author] = await db.select({ userType: profiles.userType }).from(profiles).where(eq(profiles.id, profileId));
  if (!author || author.userType === "admin") return;
  try {
    await suspendUser(env, db, admin, profileId, `${REJECTIONS_BEFORE_SUSPENSION} contenus refusés par la modération`);
  } catch (error) {
    // A deleted account is already gone: nothing to suspend.
    if (!(error instanceof ApiError)) throw error;
  }
}

/** An appeal decided: granted, the content comes back and the rejection no longer counts; refused, it stands. */
async function settleAppeal(env: Env, db: Db, appeal: FlaggedRow, contested: FlaggedRow) {
  if (appeal.status === "approved") {
    await restoreContent(env, db, contested);
    await db.update(flaggedContent).set({ hiddenAt: null }).where(eq(flaggedContent.id, contested.id));
  }
  if (appeal.status === "escalated") return;
  await notifyProfile(env, db, {
    event: appeal.status === "approved" ? "moderationAppealGranted" : "moderationAppealRefused",
    occurrence: appeal.id,
    recipientId: appeal.profileId,
    params: { kind: { text: `moderation.kinds.${appeal.type}` }, statement: appeal.statement ?? "" },
    link: `/moderation/decisions/${contested.id}`,
  });
}

/** Each reporter of the same content learns that her report was handled, and nothing more. */
async function tellReporters(env: Env, db: Db, item: FlaggedRow) {
  if (item.status === "escalated" || !item.reportedBy) return;
  await notifyProfile(env, db, {
    event: "reportHandled",
    occurrence: item.id,
    recipientId: item.reportedBy,
    params: {},
    link: "/notifications",
  });
}

// --- The author's side ---

/** A decision on the caller's content (404 for anyone else's, or an item still open). */
export async function authorDecision(db: Db, author: CallerProfile, id: string) {
  const [item] = await db
    .select()
    .from(flaggedContent)
    .where(and(eq(flaggedContent.id, id), eq(flaggedContent.profileId, author.id), isNull(flaggedContent.appealOf)));
  if (!item || item.status === "pending") throw notFound();
  const [appeal] = await db.select().from(flaggedContent).where(eq(flaggedContent.appealOf, id));
  return {
    id: item.id,
    type: item.type,
    status: item.status,
    content: item.content,
    statement: item.statement,
    decided_at: item.reviewedAt,
    can_appeal: item.status === "rejected" && !item.appealedAt,
    appealed_at: item.appealedAt,
    appeal_status: appeal?.status ?? null,
  };
}

/** The one appeal of a rejection, claimed on the decision (twenty at once make one). */
export async function appealDecision(db: Db, author: CallerProfile, id: string, text: string) {
  const [item] = await db
    .select()
    .from(flaggedContent)
    .where(and(eq(flaggedContent.id, id), eq(flaggedContent.profileId, author.id), isNull(flaggedContent.appealOf)));
  if (!item || item.status === "pending") throw notFound();
  const nowIso = new Date().toISOString();
  const [claimed] = await db
    .update(flaggedContent)
    .set({ appealedAt: nowIso })
    .where(and(eq(flaggedContent.id, id), eq(flaggedContent.status, "rejected"), isNull(flaggedContent.appealedAt)))
    .returning();
  if (!claimed) throw cannotAppeal();
  await db.insert(flaggedContent).values({
    type: item.type,
    profileId: item.profileId,
    resourceId: item.resourceId,
    content: item.content,
    reason: "appeal",
    details: text,
    source: item.source,
    signals: item.signals,
    severity: item.severity,
    aiScore: item.aiScore,
    appealOf: item.id,
  });
  return authorDecision(db, author, id);
}
