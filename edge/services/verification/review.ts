// The console's 'Vérifications' section: the queue (who waited longest first), one document with
// the owner's others, and the decision. A decision is taken only from 'pending' (one conditional
// update: of two admins deciding at once, one wins and the other is told it is decided), records
// who and when, writes its audit entry in the same batch, recomputes the owner's badge and tells
// her in her language.
import { and, asc, count, desc, eq, gt, gte, lte, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "@db/client";
import { recordExpiry, REPEATABLE_DOCUMENTS } from "@db/constants/verification";
import { identityDocuments } from "@db/schema/moderation";
import { profiles } from "@db/schema/profiles";
import { DAY_MS } from "@db/time/paris-time";
import {
  VERIFICATION_PAGE_SIZE,
  type RejectDocumentBody,
  type ReviewDocumentDto,
  type VerificationQueueQuery,
} from "@db/validators/verification";
import type { Env } from "../../env";
import { notFound } from "../../lib/errors";
import { auditInsertWhenChanged } from "../audit/audit";
import type { AdminContext } from "../admin/users";
import { notifyProfile } from "../notifications/notify";
import { notPending, toOwnDocumentDto, type DocumentRow } from "./documents";
import { isProfileVerified, recomputeVerifiedStatement } from "./verified-status";

const reviewer = alias(profiles, "reviewer");

const reviewColumns = {
  document: identityDocuments,
  owner: {
    id: profiles.id,
    first_name: profiles.firstName,
    last_name: profiles.lastName,
    email: profiles.email,
    city: profiles.city,
    user_type: profiles.userType,
    is_verified: profiles.isVerified,
  },
  reviewerFirst: reviewer.firstName,
  reviewerLast: reviewer.lastName,
};

type ReviewRow = {
  document: DocumentRow;
  owner: ReviewDocumentDto["owner"];
  reviewerFirst: string | null;
  reviewerLast: string | null;
};

const toReviewDto = (row: ReviewRow): ReviewDocumentDto => ({
  ...toOwnDocumentDto(row.document),
  owner: row.owner,
  reviewer_name: row.reviewerFirst ? `${row.reviewerFirst} ${row.reviewerLast ?? ""}`.trim() : null,
});

const reviewQuery = (db: Db) =>
  db
    .select(reviewColumns)
    .from(identityDocuments)
    .innerJoin(profiles, eq(profiles.id, identityDocuments.profileId))
    .leftJoin(reviewer, eq(reviewer.id, identityDocuments.reviewedBy));

export async function verificationQueue(db: Db, query: VerificationQueueQuery, nowMs = Date.now()) {
  const byStatus = eq(identityDocuments.status, query.status);
  // Waiting: the oldest first. Decided: the latest decision first.
  const order =
    query.status === "pending"
      ? [asc(identityDocuments.createdAt), asc(identityDocuments.id)]
      : [desc(identityDocuments.reviewedAt), desc(identityDocuments.id)];
  const monthAgo = new Date(nowMs - 30 * DAY_MS).toISOString();
  const decidedSince = (status: "approved" | "rejected") =>
    db
      .select({ n: count() })
      .from(identityDocuments)
      .where(and(eq(identityDocuments.status, status), gte(identityDocuments.reviewedAt, monthAgo)));
  const [rows, [total], [pending], [approved], [rejected], [expiring]] = await Promise.all([
    reviewQuery(db)
      .where(byStatus)
      .orderBy(...order)
      .limit(VERIFICATION_PAGE_SIZE)
      .offset((query.page - 1) * VERIFICATION_PAGE_SIZE),
    db.select({ n: count() }).from(identityDocuments).where(byStatus),
    db.select({ n: count() }).from(identityDocuments).where(eq(identityDocuments.status, "pending")),
    decidedSince("approved"),
    decidedSince("rejected"),
    db
      .select({ n: count() })
      .from(identityDocuments)
      .where(
        and(
          eq(identityDocuments.status, "approved"),
          gt(identityDocuments.expiresAt, new Date(nowMs).toISOString()),
          lte(identityDocuments.expiresAt, new Date(nowMs + 30 * DAY_MS).toISOString()),
        ),
      ),
  ]);
  return {
    rows: rows.map(toReviewDto),
    total: total.n,
    page: query.page,
    page_size: VERIFICATION_PAGE_SIZE,
    stats: { pending: pending.n, approved_30d: approved.n, rejected_30d: rejected.n, expiring_30d: expiring.n },
  };
}

/** One document and, for context, the owner's other documents (newest first). */
export async function verificationReview(db: Db, documentId: string) {
  const [row] = await reviewQuery(db).where(eq(identityDocuments.id, documentId));
  if (!row) throw notFound();
  const others = await db
    .select()
    .from(identityDocuments)
    .where(and(eq(identityDocuments.profileId, row.document.profileId), ne(identityDocuments.id, documentId)))
    .orderBy(desc(identityDocuments.createdAt));
  return { document: toReviewDto(row), others: others.map(toOwnDocumentDto) };
}

type Decision = { status: "approved" } | { status: "rejected"; reason: RejectDocumentBody };

/**
 * Takes the decision if the document is still pending; 404 for no document, 409 once decided. An
 * approval of a kind one holds once (not a diploma nor a reference) retires the previous approved
 * one of that kind (a renewed criminal record replaces the old), so one counts at a time.
 */
async function decide(env: Env, db: Db, admin: AdminContext, documentId: string, decision: Decision, nowMs: number) {
  const [current] = await db
    .select({ id: identityDocuments.id, profileId: identityDocuments.profileId, issuedOn: identityDocuments.issuedOn })
    .from(identityDocuments)
    .where(eq(identityDocuments.id, documentId));
  if (!current) throw notFound();
  const nowIso = new Date(nowMs).toISOString();
  const approved = decision.status === "approved";
  const claim = db
    .update(identityDocuments)
    .set({
      status: decision.status,
      reviewedBy: sql`(SELECT ${profiles.id} FROM ${profiles} WHERE ${profiles.userId} = ${admin.actor.userId})`,
      reviewedAt: nowIso,
      expiresAt: approved && current.issuedOn ? recordExpiry(current.issuedOn) : null,
      rejectionCode: approved ? null : decision.reason.reason,
      rejectionReason: approved ? null : (decision.reason.note ?? null),
    })
    .where(and(eq(identityDocuments.id, documentId), eq(identityDocuments.status, "pending")));
  const audit = auditInsertWhenChanged(db, admin.actor, admin.origin, {
    action: approved ? "verification.approve" : "verification.reject",
    resource: `identity_document:${documentId}`,
    details: approved ? null : (decision.reason.note ?? null),
    metadata: { profileId: current.profileId, ...(approved ? {} : { reason: decision.reason.reason }) },
  });
  const [claimed] = await db.batch([claim, audit]);
  if (claimed.rowsAffected === 0) throw notPending();
  const [document] = await db.select().from(identityDocuments).where(eq(identityDocuments.id, documentId));
  if (approved) await retireSuperseded(db, document);
  await recomputeVerifiedStatement(db, current.profileId, nowIso);
  await tellOwner(env, db, document);
  return (await verificationReview(db, documentId)).document;
}

/** Earlier approved documents of the same kind (and detail) than the one just approved: no longer current. */
async function retireSuperseded(db: Db, document: DocumentRow) {
  if (REPEATABLE_DOCUMENTS.includes(document.kind)) return;
  await db
    .update(identityDocuments)
    .set({ status: "expired" })
    .where(
      and(
        eq(identityDocuments.profileId, document.profileId),
        eq(identityDocuments.kind, document.kind),
        eq(identityDocuments.status, "approved"),
        ne(identityDocuments.id, document.id),
      ),
    );
}

/** The notice of the decision: the document, the reason and note when refused, whether the badge is on. */
async function tellOwner(env: Env, db: Db, document: DocumentRow) {
  const kind = { text: `verification.kinds.${document.kind}` };
  if (document.status === "approved") {
    const verified = await isProfileVerified(db, document.profileId);
    return notifyProfile(env, db, {
      event: verified ? "verificationComplete" : "verificationApproved",
      occurrence: document.id,
      recipientId: document.profileId,
      params: { kind },
      link: "/verification/upload",
    });
  }
  return notifyProfile(env, db, {
    event: "verificationRejected",
    occurrence: document.id,
    recipientId: document.profileId,
    params: {
      kind,
      reason: { text: `verification.reasons.${document.rejectionCode}` },
      note: document.rejectionReason ?? "",
    },
    link: "/verification/upload",
  });
}

export const approveDocument = (env: Env, db: Db, admin: AdminContext, documentId: string, nowMs = Date.now()) =>
  decide(env, db, admin, documentId, { status: "approved" }, nowMs);

export const rejectDocument = (
  env: Env,
  db: Db,
  admin: AdminContext,
  documentId: string,
  reason: RejectDocumentBody,
  nowMs = Date.now(),
) => decide(env, db, admin, documentId, { status: "rejected", reason }, nowMs);
