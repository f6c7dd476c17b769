// The admin console's Users section: the list (search on name, email, phone and city; filters on
// role, account status, verified badge and plan; sort; pages), a user's page, and the actions an
// admin takes on an account. Each action asks for a reason, is claimed once (a conditional update
// only one request wins) and writes its audit entry in the same batch (services/audit/audit.ts).
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { auditEvents } from "@db/schema/audit-events";
import { session, user } from "@db/schema/auth";
import { invoices, subscriptions } from "@db/schema/billing";
import { bookings } from "@db/schema/bookings";
import { flaggedContent } from "@db/schema/moderation";
import { babysitterProfiles, profiles } from "@db/schema/profiles";
import type { AssignableUserType, SubscriptionPlan, UserType } from "@db/schema/enums";
import { NEW_SITTER_HOURLY_RATE_CENTS } from "@db/constants/limits";
import type {
  AccountStatus,
  AdminUserAction,
  AdminUserDetail,
  AdminUserRow,
  AdminUsersPage,
  UserFilters,
  UserSort,
  UsersQuery,
} from "@db/validators/admin-users";
import type { Env } from "../../env";
import { closeAccountSockets } from "../../delivery/inbox-sessions";
import { ApiError, notFound } from "../../lib/errors";
import type { Lang } from "../../lib/i18n";
import { trialValues } from "../billing/subscriptions";
import { orderByKeys, seekPage } from "./keyset";
import { profileTextCondition } from "./text-search";
import { auditInsertWhenChanged, recordAudit, type AuditActor, type AuditOrigin } from "../audit/audit";

/** The admin acting: her account (for the audit entry) and where she acts from. */
export type AdminContext = { actor: AuditActor & { userId: string }; origin: AuditOrigin };

const accountStatus = sql<AccountStatus>`CASE
  WHEN ${user.deletedAt} IS NOT NULL THEN 'deleted'
  WHEN ${user.suspendedAt} IS NOT NULL THEN 'suspended'
  ELSE 'active' END`;

const rowColumns = {
  id: profiles.id,
  userId: profiles.userId,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  email: profiles.email,
  phone: profiles.phone,
  city: profiles.city,
  role: profiles.userType,
  status: accountStatus,
  verified: profiles.isVerified,
  emailVerified: user.emailVerified,
  plan: babysitterProfiles.subscriptionPlan,
  createdAt: profiles.createdAt,
};
type RowData = {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  city: string | null;
  role: UserType;
  status: AccountStatus;
  verified: boolean;
  emailVerified: boolean;
  /** Null when the account has no babysitter profile (the left join). */
  plan: SubscriptionPlan | null;
  createdAt: string;
};

function toRow(row: RowData): AdminUserRow {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    city: row.city,
    role: row.role,
    status: row.status,
    verified: row.verified,
    email_verified: row.emailVerified,
    plan: row.role === "babysitter" ? (row.plan ?? null) : null,
    created_at: row.createdAt,
  };
}

/**
 * The typed search (profileTextCondition): name, email, city, or (4 digits or more) the phone number,
 * which profiles store without spaces, with 0 or +33 in front.
 */
function searchCondition(q: string): SQL {
  const digits = q.replace(/\D/g, "");
  const phones = digits.length < 4 ? [] : digits.startsWith("0") ? [digits, `+33${digits.slice(1)}`] : [digits];
  return profileTextCondition(q, phones);
}

/**
 * Each status as a condition on the profile, through a subquery on the accounts rather than a join:
 * the list's count then reads the profiles alone, and a page's ids come from an index on profiles.
 * The subqueries do not depend on the row, so SQLite runs each once per statement.
 */
const accountsWhere = (condition: SQL) => sql`(SELECT ${user.id} FROM ${user} WHERE ${condition})`;
const STATUS_CONDITIONS: Record<AccountStatus, SQL> = {
  active: sql`${profiles.userId} NOT IN ${accountsWhere(sql`${user.deletedAt} IS NOT NULL OR ${user.suspendedAt} IS NOT NULL`)}`,
  suspended: sql`${profiles.userId} IN ${accountsWhere(sql`${user.deletedAt} IS NULL AND ${user.suspendedAt} IS NOT NULL`)}`,
  deleted: sql`${profiles.userId} IN ${accountsWhere(sql`${user.deletedAt} IS NOT NULL`)}`,
};

/**
 * The role, for rows read in the list's order: written `+user_type` so SQLite never seeks it. A role
 * holds a third of the accounts or more, and where the database keeps no statistics the planner takes
 * an index on the role for a few rows, then reads and sorts a whole role for each page (0.4 to 0.7 s
 * for 100,000 sitters); instead each sort's index, which carries the role, is walked in order and the
 * role read from it. A count (`seek`) takes the range of the role's index.
 */
const roleIs = (role: UserType, seek = false) =>
  seek ? eq(profiles.userType, role) : sql`+${profiles.userType} = ${role}`;

const planCondition = (plan: SubscriptionPlan) =>
  and(
    roleIs("babysitter"),
    sql`${profiles.id} IN (SELECT ${babysitterProfiles.profileId} FROM ${babysitterProfiles}
      WHERE ${babysitterProfiles.subscriptionPlan} = ${plan})`,
  )!;

/**
 * The filters as a condition on profiles alone (the joins only bring a row's columns); `seekRole`
 * for a count (see roleIs).
 */
function filtersWhere(filters: UserFilters, seekRole = false): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.q) conditions.push(searchCondition(filters.q));
  if (filters.role) conditions.push(roleIs(filters.role, seekRole));
  if (filters.status) conditions.push(STATUS_CONDITIONS[filters.status]);
  if (filters.verified) conditions.push(eq(profiles.isVerified, filters.verified === "true"));
  if (filters.plan) conditions.push(planCondition(filters.plan));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Each sort's keys, with the row's field that holds each one (an export's page starts after a row). */
const SORT_KEYS = {
  created: [[profiles.createdAt, "created_at"]],
  name: [
    [profiles.lastName, "last_name"],
    [profiles.firstName, "first_name"],
  ],
  email: [[profiles.email, "email"]],
  city: [[profiles.city, "city"]],
  role: [[profiles.userType, "role"]],
} as const satisfies Record<UserSort, readonly (readonly [Column, keyof UserCsvRow])[]>;

/** The sort's keys and the id last: rows that tie keep one order from page to page. */
const keysOf = (sort: UserSort): (readonly [Column, keyof UserCsvRow])[] => [...SORT_KEYS[sort], [profiles.id, "id"]];

const orderOf = (filters: UserFilters) =>
  orderByKeys(
    keysOf(filters.sort).map(([column]) => column),
    filters.dir,
  );

/** The rows `where` picks, with their account and plan, in the list's order. */
async function selectRows(db: Db, filters: UserFilters, where: SQL | undefined, limit: number, offset = 0) {
  const rows = await db
    .select(rowColumns)
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .leftJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
    .where(where)
    .orderBy(...orderOf(filters))
    .limit(limit)
    .offset(offset);
  return rows.map(toRow);
}

/**
 * A page of the list by its number. The page's ids are found first, from an index on the sort's keys
 * (it holds the role and the verified badge too, so those filters are read from it), and only those
 * rows are joined with their account and plan: a deep page skips index entries, not joined rows.
 */
function pageRows(db: Db, query: UsersQuery): Promise<AdminUserRow[]> {
  const ids = db
    .select({ id: profiles.id })
    .from(profiles)
    .where(filtersWhere(query))
    .orderBy(...orderOf(query))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return selectRows(db, query, inArray(profiles.id, ids), query.page_size);
}

/** A row as the CSV export writes it: the list's row without the email confirmation. */
export type UserCsvRow = Omit<AdminUserRow, "email_verified">;

/**
 * The export's columns of a row as one JSON array (one value per row instead of eleven): each value
 * crosses the database protocol encoded, decoded and made a property of a row object, which at
 * 100,000 rows cost the export more than its query; one text a row costs one JSON.parse.
 */
const csvRowJson = sql<string>`json_array(${profiles.id}, ${profiles.firstName}, ${profiles.lastName},
  ${profiles.email}, ${profiles.phone}, ${profiles.city}, ${profiles.userType}, ${accountStatus},
  ${profiles.isVerified}, ${babysitterProfiles.subscriptionPlan}, ${profiles.createdAt})`;

/** The array of csvRowJson as a row, with the list's rules (toRow): a plan only for a babysitter. */
function csvRowOf(json: string): UserCsvRow {
  const [id, first_name, last_name, email, phone, city, role, status, verified, plan, created_at] = JSON.parse(json);
  return {
    id,
    first_name,
    last_name,
    email,
    phone,
    city,
    role,
    status,
    verified: Number(verified) === 1,
    plan: role === "babysitter" ? (plan ?? null) : null,
    created_at,
  };
}

/** The rows `where` picks as the export writes them: selectRows' joins and order, read as csvRowJson. */
async function selectCsvRows(db: Db, filters: UserFilters, where: SQL | undefined, limit: number) {
  const rows = await db
    .select({ json: csvRowJson })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .leftJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
    .where(where)
    .orderBy(...orderOf(filters))
    .limit(limit);
  return rows.map((row) => csvRowOf(row.json));
}

/**
 * Up to `limit` rows of the filtered list that come after `after` (null: from the first), in its
 * order: the CSV export's pages, each one range of the sort's index (keyset.ts).
 */
export function userRowsAfter(
  db: Db,
  filters: UserFilters,
  limit: number,
  after: UserCsvRow | null,
): Promise<UserCsvRow[]> {
  const cursor = after && keysOf(filters.sort).map(([column, field]) => ({ column, value: after[field] }));
  return seekPage(limit, cursor, filters.dir, (seek, rows) =>
    selectCsvRows(db, filters, and(filtersWhere(filters), seek), rows),
  );
}

/** A typed search matching at most this many accounts is answered from their ids alone. */
export const FEW_MATCHES = 1000;

/**
 * The ids a typed search matches, when they are at most FEW_MATCHES; null when more. A search of
 * three characters or more takes its candidates from the trigram index; a shorter one reads the
 * profiles from the narrow index of the searched columns. Either stops at FEW_MATCHES + 1 matches.
 */
async function fewMatches(db: Db, query: UsersQuery): Promise<string[] | null> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(filtersWhere(query))
    .limit(FEW_MATCHES + 1);
  return rows.length > FEW_MATCHES ? null : rows.map((row) => row.id);
}

/**
 * The list's page and its exact total. Without a search, both read indexes only. A search reads
 * the profiles once when it matches at most FEW_MATCHES accounts (the usual case: a person is looked
 * for), the total is the matches' number and the page is taken among them; a broader search is
 * counted by a second read, and its page walks the sort's order until it has its rows, which comes
 * soon since matches are many.
 */
export async function listUsers(db: Db, query: UsersQuery): Promise<AdminUsersPage> {
  const page = { page: query.page, page_size: query.page_size };
  const few = query.q ? await fewMatches(db, query) : null;
  if (few) {
    const offset = (query.page - 1) * query.page_size;
    const rows =
      few.length === 0 ? [] : await selectRows(db, query, inArray(profiles.id, few), query.page_size, offset);
    return { rows, total: few.length, ...page };
  }
  const [rows, [{ total }]] = await Promise.all([
    pageRows(db, query),
    db.select({ total: count() }).from(profiles).where(filtersWhere(query, true)),
  ]);
  return { rows, total, ...page };
}

type Target = RowData & { deletedAt: Date | null };

async function findTarget(db: Db, profileId: string): Promise<Target> {
  const [row] = await db
    .select({ ...rowColumns, deletedAt: user.deletedAt })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .leftJoin(babysitterProfiles, eq(babysitterProfiles.profileId, profiles.id))
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

async function rowOf(db: Db, profileId: string): Promise<AdminUserRow> {
  return toRow(await findTarget(db, profileId));
}

/** An admin acts on other accounts: her own role and suspension are another admin's to change. */
function refuseSelf(admin: AdminContext, target: Target): void {
  if (target.userId === admin.actor.userId) throw new ApiError(400, "NOT_ON_SELF", "admin.users.notOnSelf");
}

function refuseDeleted(target: Target): void {
  if (target.deletedAt) throw new ApiError(409, "ACCOUNT_DELETED", "admin.users.deleted");
}

/**
 * Suspends the account: it cannot sign in (the reason is shown to its owner when she tries), every
 * session ends, every open socket closes, and it is gone from search, messages and bookings like a
 * deleted one (services/account-state.ts). Suspending a suspended account changes nothing.
 */
export async function suspendUser(
  env: Env,
  db: Db,
  admin: AdminContext,
  profileId: string,
  reason: string,
): Promise<AdminUserAction> {
  const target = await findTarget(db, profileId);
  refuseSelf(admin, target);
  refuseDeleted(target);
  const now = new Date();
  const [claimed] = await db.batch([
    db
      .update(user)
      .set({ suspendedAt: now, suspensionReason: reason, updatedAt: now })
      .where(and(eq(user.id, target.userId), isNull(user.suspendedAt), isNull(user.deletedAt)))
      .returning({ id: user.id }),
    auditInsertWhenChanged(db, admin.actor, admin.origin, {
      action: "admin.user.suspend",
      resource: `user:${target.id}`,
      details: reason,
    }),
    db.delete(session).where(eq(session.userId, target.userId)),
  ]);
  await closeAccountSockets(env, db, target.userId);
  return { user: await rowOf(db, profileId), changed: claimed.length > 0 };
}

export async function unsuspendUser(
  db: Db,
  admin: AdminContext,
  profileId: string,
  reason: string,
): Promise<AdminUserAction> {
  const target = await findTarget(db, profileId);
  refuseDeleted(target);
  const now = new Date();
  const [claimed] = await db.batch([
    db
      .update(user)
      .set({ suspendedAt: null, suspensionReason: null, updatedAt: now })
      .where(and(eq(user.id, target.userId), isNotNull(user.suspendedAt)))
      .returning({ id: user.id }),
    auditInsertWhenChanged(db, admin.actor, admin.origin, {
      action: "admin.user.unsuspend",
      resource: `user:${target.id}`,
      details: reason,
    }),
  ]);
  return { user: await rowOf(db, profileId), changed: claimed.length > 0 };
}

/**
 * Changes the account's role. It applies from the account's next request (the role is read on each).
 * Becoming a babysitter adds what registration gives one: the babysitter profile (the sign-up rate,
 * not yet chosen, so she is not listed until she completes it) and the Discovery trial when she never
 * had a plan. A babysitter who becomes a parent or an admin keeps her babysitter profile, unlisted.
 */
export async function changeUserRole(
  db: Db,
  admin: AdminContext,
  profileId: string,
  role: AssignableUserType,
  reason: string,
): Promise<AdminUserAction> {
  const target = await findTarget(db, profileId);
  refuseSelf(admin, target);
  refuseDeleted(target);
  // A manager's role comes and goes with her agency (its managers table), never from this menu.
  if (target.role === "agency") throw new ApiError(409, "AGENCY_ROLE", "agencies.errors.agencyRole");
  const nowIso = new Date().toISOString();
  const [claimed] = await db.batch([
    db
      .update(profiles)
      .set({ userType: role, updatedAt: nowIso })
      .where(and(eq(profiles.id, target.id), sql`${profiles.userType} <> ${role}`))
      .returning({ id: profiles.id }),
    auditInsertWhenChanged(db, admin.actor, admin.origin, {
      action: "admin.user.role_change",
      resource: `user:${target.id}`,
      details: reason,
      metadata: { from: target.role, to: role },
    }),
    ...(role === "babysitter" ? babysitterExtension(db, target.id) : []),
  ]);
  return { user: await rowOf(db, profileId), changed: claimed.length > 0 };
}

function babysitterExtension(db: Db, profileId: string) {
  const trial = trialValues(profileId, Date.now());
  return [
    db
      .insert(babysitterProfiles)
      .values({ profileId, hourlyRateCents: NEW_SITTER_HOURLY_RATE_CENTS })
      .onConflictDoNothing(),
    db.run(sql`
      INSERT INTO subscriptions
        (id, profile_id, plan, status, current_period_start, current_period_end, bookings_included, amount_cents, provider)
      SELECT ${crypto.randomUUID()}, ${profileId}, ${trial.plan}, ${trial.status}, ${trial.currentPeriodStart},
        ${trial.currentPeriodEnd}, ${trial.bookingsIncluded ?? null}, ${trial.amountCents ?? 0}, ${trial.provider ?? "demo"}
      WHERE NOT EXISTS (SELECT 1 FROM subscriptions WHERE profile_id = ${profileId})`),
  ] as const;
}

/**
 * Sends the account a new email confirmation link (`send`: better-auth's, in the account's
 * language), when its address is not confirmed yet. Counted by the caller like any other request
 * for a link (the per-address limit), so repeated clicks send no flood.
 */
export async function resendVerificationEmail(
  db: Db,
  admin: AdminContext,
  profileId: string,
  reason: string,
  send: (email: string, lang: Lang) => Promise<void>,
): Promise<AdminUserAction> {
  const target = await findTarget(db, profileId);
  refuseDeleted(target);
  if (target.status === "suspended") throw new ApiError(409, "ACCOUNT_SUSPENDED", "admin.users.suspendedNoEmail");
  if (target.emailVerified) throw new ApiError(409, "EMAIL_ALREADY_VERIFIED", "admin.users.alreadyVerified");
  const [account] = await db
    .select({ email: user.email, language: profiles.language })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, target.userId));
  await send(account.email, account.language);
  await recordAudit(db, admin.actor, admin.origin, {
    action: "admin.user.verification_resend",
    resource: `user:${target.id}`,
    details: reason,
  });
  return { user: toRow(target), changed: true };
}

const DETAIL_BOOKINGS = 20;
const DETAIL_AUDIT_ENTRIES = 50;

/** A user's page: the account, its latest bookings, plan, invoices, reports and audit trail. */
export async function userDetail(db: Db, profileId: string): Promise<AdminUserDetail> {
  const target = await findTarget(db, profileId);
  const [[account], [profile], bookingRows, [subscription], invoiceRows, reportRows, auditRows, [lastSignIn]] =
    await Promise.all([
      db
        .select({ suspendedAt: user.suspendedAt, reason: user.suspensionReason, deletedAt: user.deletedAt })
        .from(user)
        .where(eq(user.id, target.userId)),
      db.select().from(profiles).where(eq(profiles.id, profileId)),
      bookingsOf(db, profileId),
      db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.profileId, profileId))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1),
      db
        .select()
        .from(invoices)
        .where(eq(invoices.profileId, profileId))
        .orderBy(desc(invoices.createdAt))
        .limit(DETAIL_BOOKINGS),
      db
        .select()
        .from(flaggedContent)
        .where(eq(flaggedContent.profileId, profileId))
        .orderBy(desc(flaggedContent.reportedAt))
        .limit(DETAIL_BOOKINGS),
      auditTrailOf(db, target),
      db
        .select({ at: auditEvents.createdAt })
        .from(auditEvents)
        .where(and(eq(auditEvents.userId, target.userId), eq(auditEvents.action, "auth.sign_in")))
        .orderBy(desc(auditEvents.createdAt))
        .limit(1),
    ]);
  return {
    user: {
      ...toRow(target),
      address: profile.address,
      postal_code: profile.postalCode,
      rating: profile.rating,
      total_reviews: profile.totalReviews,
      language: profile.language,
      suspended_at: account.suspendedAt?.toISOString() ?? null,
      suspension_reason: account.reason,
      deleted_at: account.deletedAt?.toISOString() ?? null,
      last_sign_in_at: lastSignIn?.at ?? null,
    },
    bookings: bookingRows,
    subscription: subscription
      ? {
          id: subscription.id,
          plan: subscription.plan,
          status: subscription.status,
          amount_cents: subscription.amountCents,
          current_period_end: subscription.currentPeriodEnd,
          cancel_at_period_end: subscription.cancelAtPeriodEnd,
          payment_method: subscription.paymentMethod,
        }
      : null,
    invoices: invoiceRows.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      created_at: invoice.createdAt,
      amount_paid_cents: invoice.amountPaidCents,
      status: invoice.status,
    })),
    reports: reportRows.map((report) => ({
      id: report.id,
      type: report.type,
      reason: report.reason,
      status: report.status,
      severity: report.severity,
      reported_at: report.reportedAt,
    })),
    audit: auditRows,
  };
}

async function bookingsOf(db: Db, profileId: string): Promise<AdminUserDetail["bookings"]> {
  const rows = await db
    .select({
      id: bookings.id,
      parentId: bookings.parentId,
      startTime: bookings.startTime,
      status: bookings.status,
      totalCents: bookings.totalAmountCents,
      otherFirst: profiles.firstName,
      otherLast: profiles.lastName,
    })
    .from(bookings)
    .innerJoin(
      profiles,
      sql`${profiles.id} = CASE WHEN ${bookings.parentId} = ${profileId} THEN ${bookings.babysitterId} ELSE ${bookings.parentId} END`,
    )
    .where(or(eq(bookings.parentId, profileId), eq(bookings.babysitterId, profileId)))
    .orderBy(desc(bookings.startTime))
    .limit(DETAIL_BOOKINGS);
  return rows.map((row) => ({
    id: row.id,
    side: row.parentId === profileId ? ("parent" as const) : ("babysitter" as const),
    other_party: `${row.otherFirst} ${row.otherLast}`,
    start_time: row.startTime,
    status: row.status,
    total_cents: row.totalCents,
  }));
}

type AuditRow = typeof auditEvents.$inferSelect;

/** Newest first; the id orders the entries of one instant. */
const newestFirst = (a: AuditRow, b: AuditRow) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

/**
 * What the account did, and what was done to it (entries whose resource is the account): the latest
 * of each kind read from its own index, (user_id, created_at) and (resource, created_at), then merged
 * (an entry can be both). One query with OR had SQLite walk the whole log by date until it found
 * enough entries, every entry of the log for a quiet account (5 s at 1,000,000 entries).
 */
async function auditTrailOf(db: Db, target: Target): Promise<AdminUserDetail["audit"]> {
  const latest = (where: SQL) =>
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(DETAIL_AUDIT_ENTRIES);
  const kinds = await Promise.all([
    latest(eq(auditEvents.userId, target.userId)),
    latest(eq(auditEvents.resource, `user:${target.id}`)),
  ]);
  const merged = new Map(kinds.flat().map((row) => [row.id, row]));
  const rows = [...merged.values()].sort(newestFirst).slice(0, DETAIL_AUDIT_ENTRIES);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    resource: row.resource,
    details: row.details,
    status: row.status,
    severity: row.severity,
    actor_name: row.userName,
    ip_address: row.ipAddress,
    created_at: row.createdAt,
  }));
}
