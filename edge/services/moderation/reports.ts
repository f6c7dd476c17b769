// A member reports a profile, a photo, a message or a review. Only what she can see: a message
// sent to her, a review (reviews are public), a profile or photo of a live account other than hers;
// anything else is a 404, as for no such content. The report keeps a copy of the content as it was
// (the team judges what was reported, even if it is edited), takes its severity from the reason and
// a score from the automatic filter. One open report per reporter and content: a second click
// thanks her again and adds nothing. She is never told another person's outcome, only 'traité'.
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { REPORT_REASONS, REPORT_SEVERITY, type ReportReason } from "@db/constants/moderation";
import { flaggedContent } from "@db/schema/moderation";
import { messages } from "@db/schema/messages";
import { profiles } from "@db/schema/profiles";
import { reviews } from "@db/schema/reviews";
import type { ReportBody } from "@db/validators/moderation";
import type { CallerProfile } from "../../lib/caller-profile";
import { notFound } from "../../lib/errors";
import { liveProfile } from "../account-state";
import { scoreOf, signalsIn } from "./content-signals";

type Target = { authorId: string; content: string };

async function reportedProfile(
  db: Db,
  reporter: CallerProfile,
  profileId: string,
  photo: boolean,
): Promise<Target | null> {
  const [profile] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, profileId), liveProfile(), photo ? isNotNull(profiles.photoUrl) : undefined))
    .limit(1);
  if (!profile || profile.id === reporter.id) return null;
  return {
    authorId: profile.id,
    content: photo ? profile.photoUrl! : `${profile.firstName} ${profile.lastName}\n${profile.bio ?? ""}`.trim(),
  };
}

async function reportedMessage(db: Db, reporter: CallerProfile, id: string): Promise<Target | null> {
  if (!/^\d{1,15}$/.test(id)) return null;
  const [message] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, Number(id)), eq(messages.recipientId, reporter.id)));
  return message ? { authorId: message.senderId, content: message.content } : null;
}

async function reportedReview(db: Db, reporter: CallerProfile, id: string): Promise<Target | null> {
  const [review] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)));
  if (!review || review.reviewerId === reporter.id) return null;
  return { authorId: review.reviewerId, content: review.comment };
}

function targetOf(db: Db, reporter: CallerProfile, body: ReportBody) {
  switch (body.type) {
    case "profile":
      return reportedProfile(db, reporter, body.resource_id, false);
    case "photo":
      return reportedProfile(db, reporter, body.resource_id, true);
    case "message":
      return reportedMessage(db, reporter, body.resource_id);
    case "review":
      return reportedReview(db, reporter, body.resource_id);
  }
}

const reasonOf = (code: string | null): ReportReason =>
  (REPORT_REASONS as readonly string[]).includes(code ?? "") ? (code as ReportReason) : "other";

const toOwnReport = (row: typeof flaggedContent.$inferSelect) => ({
  id: row.id,
  type: row.type,
  reason: reasonOf(row.reasonCode),
  created_at: row.reportedAt,
  status: row.status === "pending" ? ("pending" as const) : ("handled" as const),
});

export async function createReport(db: Db, reporter: CallerProfile, body: ReportBody) {
  const target = await targetOf(db, reporter, body);
  if (!target) throw notFound();
  const signals = signalsIn(target.content);
  const [created] = await db
    .insert(flaggedContent)
    .values({
      type: body.type,
      profileId: target.authorId,
      resourceId: body.resource_id,
      content: target.content,
      reason: body.reason,
      reasonCode: body.reason,
      details: body.details ?? null,
      reportedBy: reporter.id,
      source: "report",
      severity: REPORT_SEVERITY[body.reason],
      aiScore: scoreOf(signals),
      signals,
    })
    .onConflictDoNothing()
    .returning();
  const row =
    created ??
    (
      await db
        .select()
        .from(flaggedContent)
        .where(
          and(
            eq(flaggedContent.reportedBy, reporter.id),
            eq(flaggedContent.type, body.type),
            eq(flaggedContent.resourceId, body.resource_id),
            eq(flaggedContent.status, "pending"),
          ),
        )
    )[0];
  return { received: true as const, report: toOwnReport(row), created: Boolean(created) };
}

export async function ownReports(db: Db, reporter: CallerProfile) {
  const rows = await db
    .select()
    .from(flaggedContent)
    .where(eq(flaggedContent.reportedBy, reporter.id))
    .orderBy(desc(flaggedContent.reportedAt))
    .limit(100);
  return { reports: rows.map(toOwnReport) };
}
