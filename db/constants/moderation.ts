// Reports and moderation's rules (our choices where the product leaves them open; docs/trust-and-safety.md).
import type { FlaggedContentType } from "../schema/enums";

/** Why a member reports something (the form's list; 'other' wants a few words). */
export const REPORT_REASONS = [
  "inappropriate",
  "harassment",
  "fake_profile",
  "scam",
  "off_platform_contact",
  "safety",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_DETAILS_MAX_LENGTH = 1000;
export const DECISION_STATEMENT_MAX_LENGTH = 1000;
export const APPEAL_MAX_LENGTH = 1000;

/** What the automatic filter recognises, and how sure each makes it (the score, 0-1). */
export const CONTENT_SIGNALS = ["phone", "email", "link", "offPlatformPayment", "insult", "messageBurst"] as const;
export type ContentSignal = (typeof CONTENT_SIGNALS)[number];
export const SIGNAL_WEIGHTS: Record<ContentSignal, number> = {
  phone: 0.9,
  email: 0.85,
  offPlatformPayment: 0.8,
  insult: 0.8,
  messageBurst: 0.85,
  link: 0.6,
};

/** A new account (younger than this) writing to this many babysitters within the window is flagged. */
export const NEW_ACCOUNT_DAYS = 7;
export const MESSAGE_BURST_SITTERS = 5;
export const MESSAGE_BURST_WINDOW_MINUTES = 10;

/** An account whose content is rejected this many times is suspended. */
export const REJECTIONS_BEFORE_SUSPENSION = 3;

/** How much a person's report weighs in the queue, by reason (the automatic filter sets its own). */
export const REPORT_SEVERITY: Record<ReportReason, "low" | "medium" | "high" | "critical"> = {
  inappropriate: "medium",
  harassment: "high",
  fake_profile: "high",
  scam: "high",
  off_platform_contact: "medium",
  safety: "critical",
  other: "low",
};

/** What each kind of content becomes when the team rejects it. */
export const REJECTION_EFFECTS: Record<FlaggedContentType, string> = {
  message: "hidden from the thread ('Message retiré par la modération')",
  review: "hidden, and the rating recomputed without it",
  photo: "removed (the default avatar shows)",
  profile: "hidden from search and its public page",
  hours: "refused: the booked hours stand instead of the declared ones",
};
