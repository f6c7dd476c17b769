// Reports and moderation's contract: a member's report (POST /api/reports) and their list of them,
// the author's view of a decision and its one appeal (/api/moderation/decisions/{id}), and the
// console's queue and decisions (/api/admin/moderation).
import { z } from "zod";
import {
  APPEAL_MAX_LENGTH,
  CONTENT_SIGNALS,
  DECISION_STATEMENT_MAX_LENGTH,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
} from "../constants/moderation";
import {
  FLAG_SOURCES,
  FLAGGED_CONTENT_TYPES,
  MODERATION_STATUSES,
  REPORTABLE_TYPES,
  SEVERITIES,
  USER_TYPES,
} from "../schema/enums";
import { LIST_PAGE_FIELDS } from "./admin-users";

const invalid = { error: "validation.formatInvalid" };

export const reportBodySchema = z
  .object({
    type: z.enum(REPORTABLE_TYPES, { error: "moderation.errors.type" }),
    /** A profile's id (profile, photo), a message's id, a review's id. */
    resource_id: z.string().trim().min(1, invalid.error).max(64, invalid.error),
    reason: z.enum(REPORT_REASONS, { error: "moderation.errors.reason" }),
    details: z.string().trim().max(REPORT_DETAILS_MAX_LENGTH, invalid.error).optional(),
  })
  .strict()
  .refine((body) => body.reason !== "other" || Boolean(body.details), {
    path: ["details"],
    message: "moderation.errors.detailsRequired",
  });
export type ReportBody = z.infer<typeof reportBodySchema>;

/** What a reporter sees of her reports: never the outcome of another person's case, only that it was handled. */
export const ownReportSchema = z
  .object({
    id: z.string(),
    type: z.enum(FLAGGED_CONTENT_TYPES),
    reason: z.enum(REPORT_REASONS),
    created_at: z.string(),
    status: z.enum(["pending", "handled"]),
  })
  .meta({ id: "OwnReport" });
export const ownReportsSchema = z.object({ reports: z.array(ownReportSchema) }).meta({ id: "OwnReports" });

export const reportReceivedSchema = z
  .object({ received: z.literal(true), report: ownReportSchema })
  .meta({ id: "ReportReceived" });

/** The author's view of a decision on her content: what, why, and whether she may still appeal. */
export const authorDecisionSchema = z
  .object({
    id: z.string(),
    type: z.enum(FLAGGED_CONTENT_TYPES),
    status: z.enum(MODERATION_STATUSES),
    content: z.string(),
    statement: z.string().nullable(),
    decided_at: z.string().nullable(),
    can_appeal: z.boolean(),
    appealed_at: z.string().nullable(),
    /** The appeal's own outcome, once another admin decided it. */
    appeal_status: z.enum(MODERATION_STATUSES).nullable(),
  })
  .meta({ id: "ModerationDecision" });
export type AuthorDecisionDto = z.infer<typeof authorDecisionSchema>;

export const appealBodySchema = z
  .object({ text: z.string().trim().min(10, "moderation.errors.appealTooShort").max(APPEAL_MAX_LENGTH, invalid.error) })
  .strict();

// --- The console ---

export const MODERATION_PAGE_SIZE = 25;

export const moderationQueueQuerySchema = z
  .object({
    status: z.enum(MODERATION_STATUSES, invalid).default("pending"),
    severity: z.enum(SEVERITIES, invalid).optional(),
    type: z.enum(FLAGGED_CONTENT_TYPES, invalid).optional(),
    page: LIST_PAGE_FIELDS.page,
  })
  .strict();
export type ModerationQueueQuery = z.infer<typeof moderationQueueQuerySchema>;

const personSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  user_type: z.enum(USER_TYPES),
});

export const moderationItemSchema = z
  .object({
    id: z.string(),
    type: z.enum(FLAGGED_CONTENT_TYPES),
    resource_id: z.string().nullable(),
    content: z.string(),
    reason: z.string(),
    reason_code: z.enum(REPORT_REASONS).nullable(),
    details: z.string().nullable(),
    source: z.enum(FLAG_SOURCES),
    signals: z.array(z.enum(CONTENT_SIGNALS)),
    status: z.enum(MODERATION_STATUSES),
    severity: z.enum(SEVERITIES),
    ai_score: z.number().nullable(),
    reported_at: z.string(),
    hidden: z.boolean(),
    statement: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    reviewer_name: z.string().nullable(),
    /** The author of the content. */
    author: personSchema,
    /** The reporter's name; null for the automatic filter (or an erased account). */
    reporter_name: z.string().nullable(),
    /** An appeal: the decision it contests, and who took it (another admin must decide the appeal). */
    appeal_of: z.string().nullable(),
    appealed: z.boolean(),
  })
  .meta({ id: "ModerationItem" });
export type ModerationItemDto = z.infer<typeof moderationItemSchema>;

export const moderationQueueSchema = z
  .object({
    rows: z.array(moderationItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    stats: z.object({
      pending: z.number().int(),
      escalated: z.number().int(),
      approved_30d: z.number().int(),
      rejected_30d: z.number().int(),
    }),
  })
  .meta({ id: "ModerationQueue" });

export const MODERATION_ACTIONS = ["approve", "reject", "escalate"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The statement of reasons: required to reject (the author receives it), optional otherwise. */
export const moderationDecisionBodySchema = z
  .object({
    statement: z.string().trim().max(DECISION_STATEMENT_MAX_LENGTH, invalid.error).optional(),
  })
  .strict();
