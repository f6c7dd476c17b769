// The admin console's Users section contract: the list's query (search, filters, sort, page: the
// same query drives the CSV export, so the file holds exactly the filtered rows), a row, a user's
// page, and the actions (each with the reason the admin writes, kept in the audit log).
import { z } from "zod";
import { ADMIN_REASON_MAX_LENGTH, ADMIN_REASON_MIN_LENGTH } from "../constants/audit";
import { ASSIGNABLE_USER_TYPES, AUDIT_STATUSES, SEVERITIES, SUBSCRIPTION_PLANS, USER_TYPES } from "../schema/enums";
import { idParam } from "./ids";

export const ACCOUNT_STATUSES = ["active", "suspended", "deleted"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const USER_SORTS = ["created", "name", "email", "city", "role"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export const USER_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_USER_PAGE_SIZE = 25;
/** A typed search is cut at this length (a name, an email, a phone number, a city). */
export const USER_SEARCH_MAX_LENGTH = 100;
export const CSV_SEPARATORS = ["comma", "semicolon"] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

const invalid = { error: "validation.formatInvalid" };

/** The list's filters, as they stand in the console's URL. */
export const userFiltersSchema = z.object({
  q: z.string().trim().max(USER_SEARCH_MAX_LENGTH, "validation.formatInvalid").optional(),
  role: z.enum(USER_TYPES, invalid).optional(),
  status: z.enum(ACCOUNT_STATUSES, invalid).optional(),
  verified: z.enum(["true", "false"], invalid).optional(),
  plan: z.enum(SUBSCRIPTION_PLANS, invalid).optional(),
  sort: z.enum(USER_SORTS, invalid).default("created"),
  dir: z.enum(SORT_DIRECTIONS, invalid).default("desc"),
});
export type UserFilters = z.infer<typeof userFiltersSchema>;

/** A console list's page fields (users, subscriptions): which page, and how many rows a page. */
export const LIST_PAGE_FIELDS = {
  page: z.coerce.number(invalid).int(invalid.error).min(1, invalid.error).default(1),
  page_size: z.coerce
    .number(invalid)
    .refine((size) => (USER_PAGE_SIZES as readonly number[]).includes(size), invalid.error)
    .default(DEFAULT_USER_PAGE_SIZE),
};

/** A console list's CSV field: the separator (';' for Excel in French by default, or ','). */
export const CSV_EXPORT_FIELDS = { separator: z.enum(CSV_SEPARATORS, invalid).default("semicolon") };

export const usersQuerySchema = userFiltersSchema.extend(LIST_PAGE_FIELDS).strict();
export type UsersQuery = z.infer<typeof usersQuerySchema>;

export const usersExportQuerySchema = userFiltersSchema.extend(CSV_EXPORT_FIELDS).strict();
export type UsersExportQuery = z.infer<typeof usersExportQuerySchema>;

export const adminUserRowSchema = z
  .object({
    /** The profile's id (the console's /admin/users/{id}). */
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    role: z.enum(USER_TYPES),
    status: z.enum(ACCOUNT_STATUSES),
    /** The verified-profile badge (identity documents checked). */
    verified: z.boolean(),
    email_verified: z.boolean(),
    /** A babysitter's plan; null for parents and admins. */
    plan: z.enum(SUBSCRIPTION_PLANS).nullable(),
    /** UTC ISO-8601. */
    created_at: z.string(),
  })
  .meta({ id: "AdminUserRow" });
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersPageSchema = z.object({
  rows: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminUserParamsSchema = z.object({ profileId: idParam });

const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  resource: z.string(),
  details: z.string().nullable(),
  status: z.enum(AUDIT_STATUSES),
  severity: z.enum(SEVERITIES),
  /** Who acted (null: the system or an anonymous caller). */
  actor_name: z.string().nullable(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
});

export const adminUserDetailSchema = z
  .object({
    user: adminUserRowSchema.extend({
      address: z.string().nullable(),
      postal_code: z.string().nullable(),
      rating: z.number(),
      total_reviews: z.number().int(),
      language: z.string(),
      suspended_at: z.string().nullable(),
      suspension_reason: z.string().nullable(),
      deleted_at: z.string().nullable(),
      last_sign_in_at: z.string().nullable(),
    }),
    /** The 20 latest bookings the account is a party to. */
    bookings: z.array(
      z.object({
        id: z.string(),
        /** The account's side of the booking. */
        side: z.enum(["parent", "babysitter"]),
        other_party: z.string(),
        start_time: z.string(),
        status: z.string(),
        total_cents: z.number().int(),
      }),
    ),
    /** A babysitter's plan in force (or the last one), null otherwise. */
    subscription: z
      .object({
        id: z.string(),
        plan: z.enum(SUBSCRIPTION_PLANS),
        status: z.string(),
        amount_cents: z.number().int(),
        current_period_end: z.string(),
        cancel_at_period_end: z.boolean(),
        payment_method: z.string().nullable(),
      })
      .nullable(),
    invoices: z.array(
      z.object({
        id: z.string(),
        number: z.string(),
        created_at: z.string(),
        amount_paid_cents: z.number().int(),
        status: z.string(),
      }),
    ),
    /** Reports about the account's content (the moderation queue). */
    reports: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        reason: z.string(),
        status: z.string(),
        severity: z.enum(SEVERITIES),
        reported_at: z.string(),
      }),
    ),
    /** The 50 latest audit entries by the account or about it. */
    audit: z.array(auditEntrySchema),
  })
  .meta({ id: "AdminUserDetail" });
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminReasonField = z
  .string({ error: "validation.reasonRequired" })
  .trim()
  .min(ADMIN_REASON_MIN_LENGTH, "validation.reasonRequired")
  .max(ADMIN_REASON_MAX_LENGTH, "validation.reasonTooLong");

export const adminReasonBodySchema = z.object({ reason: adminReasonField }).strict();
export type AdminReasonBody = z.infer<typeof adminReasonBodySchema>;

export const adminRoleBodySchema = z
  .object({ role: z.enum(ASSIGNABLE_USER_TYPES, { error: "validation.formatInvalid" }), reason: adminReasonField })
  .strict();
export type AdminRoleBody = z.infer<typeof adminRoleBodySchema>;

/** What an action changed: the row as it now stands. */
export const adminUserActionSchema = z.object({ user: adminUserRowSchema, changed: z.boolean() });
export type AdminUserAction = z.infer<typeof adminUserActionSchema>;
