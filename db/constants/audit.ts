// The audit log's actions: dotted names, written by the services that act (edge/services/audit/),
// read by the console's audit section and a user's audit trail. One list, so a screen, a filter
// and a test name the same actions. Each action's severity is its default; a service may raise it.
import type { Severity } from "../schema/enums";

export const AUDIT_ACTIONS = {
  "auth.sign_in": "low",
  "auth.sign_in_failed": "medium",
  "auth.blocked": "high",
  "account.password_change": "medium",
  "account.two_factor": "medium",
  "account.delete": "medium",
  "admin.user.suspend": "high",
  "admin.user.unsuspend": "medium",
  "admin.user.role_change": "high",
  "booking.check_in_far": "medium",
  "booking.hours_declare": "low",
  "booking.hours_confirm": "low",
  "booking.hours_auto_confirm": "low",
  "booking.hours_dispute": "medium",
  "payout.account_open": "low",
  "payment.sitting_paid": "low",
  "payment.sitting_outside": "low",
  /** A confirmed sitting cancelled late: the fee the parent accepted to owe the sitter. */
  "booking.cancel_late": "low",
  /** A card payment refunded in full (by the sitter, or from Stripe: charge.refunded). */
  "payment.sitting_refunded": "medium",
  /** The family's bank disputes a card payment (charge.dispute.created): the team answers it. */
  "payment.sitting_disputed": "high",
  /** A payout to a sitter's bank failed (payout.failed). */
  "payout.failed": "medium",
  /** Agencies: created with their first manager, or given another manager (by an admin). */
  "admin.agency.create": "high",
  "admin.agency.manager_add": "high",
  /** A babysitter joins an agency (accepting its invitation), leaves it, or is taken off its roster. */
  "agency.member_join": "low",
  "agency.member_leave": "low",
  "agency.member_remove": "medium",
  /** An agency manager answers a roster sitter's request on her behalf. */
  "agency.booking_accept": "medium",
  "agency.booking_decline": "medium",
  /** An agency proposes another sitter of its team for a request; the family agrees. */
  "agency.booking_reassign": "medium",
  "booking.reassign_accept": "medium",
  /** A babysitter took an urgent request (the first to accept gets the booking). */
  "urgent.accept": "low",
  "moderation.approve": "medium",
  "moderation.reject": "high",
  "moderation.escalate": "high",
  "verification.submit": "low",
  "verification.approve": "medium",
  "verification.reject": "medium",
  "verification.expire": "low",
  "verification.file_view": "low",
  "admin.user.verification_resend": "low",
  "admin.export": "medium",
  "admin.subscription.suspend": "high",
  "admin.subscription.reactivate": "medium",
  "admin.refund": "high",
  "admin.settings.change": "medium",
  "admin.settings.restore": "medium",
  /** A sitter's own plan: changed (prorated), set to end with its period, or kept on after all. */
  "subscription.plan_change": "low",
  "subscription.cancel": "low",
  "subscription.reactivate": "low",
  /** A renewal's payment refused by the card (Stripe's invoice.payment_failed). */
  "payment.failed": "medium",
  /** The API's 95th percentile over an hour passed the performance settings' target. */
  "monitoring.response_time": "high",
} as const satisfies Record<string, Severity>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** What an admin writes when she acts on an account (suspend, role, ...): kept in the audit entry. */
export const ADMIN_REASON_MIN_LENGTH = 3;
export const ADMIN_REASON_MAX_LENGTH = 500;
