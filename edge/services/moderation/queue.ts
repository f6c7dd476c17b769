// The console's moderation queue: items by status, filtered by severity and type (pending ones, the
// most severe and the oldest first), with the stat cards; one item with its author and reporter.
import { and, asc, count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "@db/client";
import { CONTENT_SIGNALS, REPORT_REASONS, type ContentSignal, type ReportReason } from "@db/constants/moderation";
import { flaggedContent } from "@db/schema/moderation";
import { profiles } from "@db/schema/profiles";
import { MODERATION_PAGE_SIZE, type ModerationItemDto, type ModerationQueueQuery } from "@db/validators/moderation";
import { DAY_MS } from "@db/time/paris-time";
import { notFound } from "../../lib/errors";
import type { FlaggedRow } from "./effects";

const reporter = alias(profiles, "reporter");
const reviewer = alias(profiles, "moderation_reviewer");

const columns = {
  item: flaggedContent,
  author: {
    id: profiles.id,
    first_name: profiles.firstName,
    last_name: profiles.lastName,
    email: profiles.email,
    user_type: profiles.userType,
  },
  reporterFirst: reporter.firstName,
  reporterLast: reporter.lastName,
  reviewerFirst: reviewer.firstName,
  reviewerLast: reviewer.lastName,
  appealed: sql<number>`EXISTS (SELECT 1 FROM flagged_content a WHERE a.appeal_of = ${flaggedContent.id})`,
};

const itemsQuery = (db: Db) =>
  db
    .select(columns)
    .from(flaggedContent)
    .innerJoin(profiles, eq(profiles.id, flaggedContent.profileId))
    .leftJoin(reporter, eq(reporter.id, flaggedContent.reportedBy))
    .leftJoin(reviewer, eq(reviewer.id, flaggedContent.reviewedBy));

type Row = Awaited<ReturnType<ReturnType<typeof itemsQuery>["where"]>>[number];

const fullName = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ""}`.trim() : null);
const reasonCode = (code: string | null) =>
  (REPORT_REASONS as readonly string[]).includes(code ?? "") ? (code as ReportReason) : null;
const knownSignals = (signals: FlaggedRow["signals"]) =>
  (signals ?? []).filter((signal): signal is ContentSignal => (CONTENT_SIGNALS as readonly string[]).includes(signal));

function toItemDto(row: Row): ModerationItemDto {
  const { item } = row;
  return {
    id: item.id,
    type: item.type,
    resource_id: item.resourceId,
    content: item.content,
    reason: item.reason,
    reason_code: reasonCode(item.reasonCode),
    details: item.details,
    source: item.source,
    signals: knownSignals(item.signals),
    status: item.status,
    severity: item.severity,
    ai_score: item.aiScore,
    reported_at: item.reportedAt,
    hidden: item.hiddenAt !== null,
    statement: item.statement,
    reviewed_at: item.reviewedAt,
    reviewer_name: fullName(row.reviewerFirst, row.reviewerLast),
    author: row.author,
    reporter_name: fullName(row.reporterFirst, row.reporterLast),
    appeal_of: item.appealOf,
    appealed: Boolean(row.appealed),
  };
}

/** Most severe first, then who waited longest (pending); the latest decision first (decided). */
const SEVERITY_RANK = sql`CASE ${flaggedContent.severity} WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END`;

export async function moderationQueue(db: Db, query: ModerationQueueQuery, nowMs = Date.now()) {
  const conditions: SQL[] = [eq(flaggedContent.status, query.status)];
  if (query.severity) conditions.push(eq(flaggedContent.severity, query.severity));
  if (query.type) conditions.push(eq(flaggedContent.type, query.type));
  const where = and(...conditions);
  const order =
    query.status === "pending"
      ? [asc(SEVERITY_RANK), asc(flaggedContent.reportedAt), asc(flaggedContent.id)]
      : [desc(flaggedContent.reviewedAt), desc(flaggedContent.id)];
  const monthAgo = new Date(nowMs - 30 * DAY_MS).toISOString();
  const countWhere = (condition: SQL | undefined) => db.select({ n: count() }).from(flaggedContent).where(condition);
  const [rows, [total], [pending], [escalated], [approved], [rejected]] = await Promise.all([
    itemsQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(MODERATION_PAGE_SIZE)
      .offset((query.page - 1) * MODERATION_PAGE_SIZE),
    countWhere(where),
    countWhere(eq(flaggedContent.status, "pending")),
    countWhere(eq(flaggedContent.status, "escalated")),
    countWhere(and(eq(flaggedContent.status, "approved"), gte(flaggedContent.reviewedAt, monthAgo))),
    countWhere(and(eq(flaggedContent.status, "rejected"), gte(flaggedContent.reviewedAt, monthAgo))),
  ]);
  return {
    rows: rows.map(toItemDto),
    total: total.n,
    page: query.page,
    page_size: MODERATION_PAGE_SIZE,
    stats: { pending: pending.n, escalated: escalated.n, approved_30d: approved.n, rejected_30d: rejected.n },
  };
}

export async function moderationItem(db: Db, id: string): Promise<ModerationItemDto> {
  const [row] = await itemsQuery(db).where(eq(flaggedContent.id, id));
  if (!row) throw notFound();
  return toItemDto(row);
}
