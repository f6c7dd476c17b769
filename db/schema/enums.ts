// The enumerations of the product, used by CHECK constraints, validators and the web.
// One source of truth: import from here, never retype the lists.

/** 'agency' is an agency's manager: created by an admin with the agency, never by self-registration. */
export const USER_TYPES = ["parent", "babysitter", "admin", "agency"] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The roles an admin may give an account from the console (an agency manager comes with her agency). */
export const ASSIGNABLE_USER_TYPES = ["parent", "babysitter", "admin"] as const;
export type AssignableUserType = (typeof ASSIGNABLE_USER_TYPES)[number];

/** An agency's invitation to a babysitter: waiting for her, accepted, declined, or withdrawn by the agency. */
export const AGENCY_INVITATION_STATUSES = ["pending", "accepted", "declined", "cancelled"] as const;
export type AgencyInvitationStatus = (typeof AGENCY_INVITATION_STATUSES)[number];

/** An urgent request: waiting for a sitter, taken by the first who accepted, past its start with
 * nobody, or called off by the family. */
export const URGENT_REQUEST_STATUSES = ["open", "filled", "expired", "cancelled"] as const;
export type UrgentRequestStatus = (typeof URGENT_REQUEST_STATUSES)[number];

/** An agency's proposal of another sitter for a request: waiting for the family, agreed, refused. */
export const REASSIGNMENT_STATUSES = ["pending", "accepted", "refused"] as const;
export type ReassignmentStatus = (typeof REASSIGNMENT_STATUSES)[number];

/** Self-registration may only create these ('Type d'utilisateur invalide' otherwise). */
export const REGISTRABLE_USER_TYPES = ["parent", "babysitter"] as const;
export type RegistrableUserType = (typeof REGISTRABLE_USER_TYPES)[number];

/** Sign-in providers besides email and password (each active only when its keys are set). */
export const SOCIAL_PROVIDERS = ["google", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Where a search measured its distances from: the browser's position, a typed place, or the default (Paris). */
export const SEARCH_ORIGIN_SOURCES = ["position", "location", "default"] as const;
export type SearchOriginSource = (typeof SEARCH_ORIGIN_SOURCES)[number];

/** Who may see a profile: everyone, signed-in users
 * only, or nobody but its owner and the other party of a shared booking. */
export const PROFILE_VISIBILITIES = ["public", "members", "hidden"] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

export const BOOKING_STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Who ended a booking that is now 'cancelled': a party, or the platform (expiry, deletion). */
export const BOOKING_CANCELLERS = ["parent", "babysitter", "system"] as const;
export type BookingCanceller = (typeof BOOKING_CANCELLERS)[number];

/** Why a booking was ended: the parent cancelled, the babysitter declined the request or cancelled
 * a confirmed sitting, a request still pending at its start expired, or a party deleted their
 * account. Shown beside 'Annulée' so both parties read who ended it and why. */
export const BOOKING_CANCEL_REASONS = ["cancelled", "declined", "withdrawn", "expired", "account_deleted"] as const;
export type BookingCancelReason = (typeof BOOKING_CANCEL_REASONS)[number];

/** What a party may do to a booking: the parent cancels a request or a confirmed sitting still to
 * come, or marks a past sitting completed; the babysitter accepts or declines a request, or cancels
 * a confirmed sitting still to come (withdraw). */
export const BOOKING_ACTIONS = ["cancel", "complete", "accept", "decline", "withdraw"] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/** The bookings list's tabs: Toutes, À venir (start ahead), Passées (end passed). */
export const BOOKING_FILTERS = ["all", "upcoming", "past"] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];

export const SUBSCRIPTION_PLANS = ["discovery", "standard", "premium"] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

/** The plans a babysitter pays for (Discovery is the free trial every new babysitter starts on). */
export const PAID_PLANS = ["standard", "premium"] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** Stripe's vocabulary (active, trialing, canceled, past_due), plus paused for the admin screens. */
export const SUBSCRIPTION_STATUSES = ["active", "trialing", "paused", "canceled", "past_due"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Who bills a subscription: Stripe when its keys are set, else the demo provider (no real charge). */
export const BILLING_PROVIDERS = ["stripe", "demo"] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

/** A checkout (the first payment of a paid plan): waiting for the card, paid, refused, or dropped. */
export const CHECKOUT_STATUSES = ["pending", "succeeded", "failed", "expired"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** A babysitter's payout account (Stripe Connect Express, or the demo provider): onboarding not
 * finished, able to receive card payments and payouts, or held back by the provider (missing details). */
export const PAYOUT_ACCOUNT_STATUSES = ["pending", "enabled", "restricted"] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** How a sitting was settled: by card through Veilleuse (Stripe or the demo provider), or outside it. */
export const SITTING_PAYMENT_METHODS = ["stripe", "demo", "outside"] as const;
export type SittingPaymentMethod = (typeof SITTING_PAYMENT_METHODS)[number];

/** A sitting's payment: waiting for the card, paid, refused (another card may be tried), settled
 * outside, or paid and then refunded in full to the family. */
export const SITTING_PAYMENT_STATUSES = ["pending", "succeeded", "failed", "outside", "refunded"] as const;
export type SittingPaymentStatus = (typeof SITTING_PAYMENT_STATUSES)[number];

/** A transfer from a babysitter's payout account to her bank (Stripe's payout.paid / payout.failed). */
export const BANK_PAYOUT_STATUSES = ["paid", "failed"] as const;
export type BankPayoutStatus = (typeof BANK_PAYOUT_STATUSES)[number];

export const BILLING_CYCLES = ["monthly", "yearly"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** Stripe invoice statuses; the settings screen shows 'Payée' for paid, 'En attente' otherwise. */
export const INVOICE_STATUSES = ["draft", "open", "paid", "void", "uncollectible"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const REFUND_REASONS = ["customer_request", "service_issue", "billing_error", "fraud", "other"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const NOTIFICATION_TYPES = ["booking", "message", "review", "system"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const OUTBOX_CHANNELS = ["email", "sms", "push"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** simulated: no provider key, recorded only and reported as a success. */
export const OUTBOX_STATUSES = ["queued", "sent", "simulated", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * What the moderation queue holds. `hours`: a parent's dispute of the hours a babysitter declared
 * for a sitting (services/bookings/sitting-hours.ts), raised by the parent, never reported.
 */
export const FLAGGED_CONTENT_TYPES = ["profile", "message", "review", "photo", "hours"] as const;
export type FlaggedContentType = (typeof FLAGGED_CONTENT_TYPES)[number];
/** What a member may report (POST /api/reports). */
export const REPORTABLE_TYPES = ["profile", "message", "review", "photo"] as const;

/**
 * A sitting's real hours, once the babysitter declared them: proposed -> confirmed by the parent,
 * auto_confirmed (no answer within HOURS_ANSWER_HOURS), or disputed -> confirmed (the team kept her
 * hours) or adjusted (the team refused them: the booked hours stand).
 */
export const SITTING_HOURS_STATUSES = ["proposed", "confirmed", "auto_confirmed", "disputed", "adjusted"] as const;
export type SittingHoursStatus = (typeof SITTING_HOURS_STATUSES)[number];

export const MODERATION_STATUSES = ["pending", "approved", "rejected", "escalated"] as const;

/** Who raised a moderation item: a member's report, or the automatic filter. */
export const FLAG_SOURCES = ["report", "auto"] as const;
export type FlagSource = (typeof FLAG_SOURCES)[number];
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const AUDIT_STATUSES = ["success", "failure", "warning"] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

export const AI_CONFIG_GROUPS = ["matching", "security", "recommendations", "performance"] as const;
export type AiConfigGroup = (typeof AI_CONFIG_GROUPS)[number];

/**
 * What a person sends to be verified. Which ones are required, for whom, is
 * db/constants/verification.ts's REQUIRED_DOCUMENTS; diplomas and references are optional extras.
 */
export const IDENTITY_DOCUMENT_KINDS = [
  "id_document",
  "proof_of_address",
  "criminal_record",
  "diploma",
  "reference",
] as const;
export type IdentityDocumentKind = (typeof IDENTITY_DOCUMENT_KINDS)[number];

/** pending: sent, waiting for the team; expired: an approved criminal record past its year. */
export const IDENTITY_DOCUMENT_STATUSES = ["pending", "approved", "rejected", "expired"] as const;
export type IdentityDocumentStatus = (typeof IDENTITY_DOCUMENT_STATUSES)[number];

/** The search filters' lists. Stored as these slugs; labels are i18n keys. */
export const SPECIALTIES = [
  "newborn",
  "toddler",
  "preschool",
  "school_age",
  "teen",
  "special_needs",
  "homework",
  "creative",
  "sports",
  "cooking",
  "first_aid",
  "foreign_languages",
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

export const AGE_GROUPS = ["0-12m", "1-2", "3-5", "6-12", "13+"] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** ISO 639-1 codes of a sitter's languages (Français, Anglais, Espagnol, Italien, Allemand, Arabe, Chinois). */
export const LANGUAGES = ["fr", "en", "es", "it", "de", "ar", "zh"] as const;
export type Language = (typeof LANGUAGES)[number];

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** What an emergency alert raised during a booking is about: the person raising it picks one. */
export const EMERGENCY_TYPES = ["medical", "accident", "lost_child", "safety", "other"] as const;
export type EmergencyType = (typeof EMERGENCY_TYPES)[number];
