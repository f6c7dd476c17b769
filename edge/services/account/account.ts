// Settings → Confidentialité (deleting needs the word SUPPRIMER typed exactly): profile visibility
// and cookie choices, the export of everything we hold on the caller, and the account deletion:
// disabled at once (sign-in refused, sessions ended, profile hidden, bookings still to come
// cancelled, gone from every read, write and notice: account-state.ts), personal data anonymised
// ACCOUNT_DELETION_GRACE_DAYS later by the cron (anonymizeDeletedAccounts). Invoices are kept, as
// French law requires for 10 years, and so is the name they were issued to.
import { and, count, desc, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "@db/client";
import { ACCOUNT_DELETION_GRACE_DAYS } from "@db/constants/limits";
import { auditEvents } from "@db/schema/audit-events";
import { auditInsertWhenChanged, NO_ORIGIN, type AuditOrigin } from "../audit/audit";
import { account, cookieChoices, knownDevice, session, twoFactor, user } from "@db/schema/auth";
import { invoices, subscriptions } from "@db/schema/billing";
import { bookings } from "@db/schema/bookings";
import { communicationPreferences } from "@db/schema/communication-preferences";
import { emergencyIncidents } from "@db/schema/emergencies";
import { favourites } from "@db/schema/favourites";
import { messages } from "@db/schema/messages";
import { identityDocuments } from "@db/schema/moderation";
import { notifications } from "@db/schema/notifications";
import { babysitterProfiles, children, profiles } from "@db/schema/profiles";
import { reviews } from "@db/schema/reviews";
import type { AccountSecurity, PrivacyBody, PrivacyDto } from "@db/validators/account";
import { sendPlainEmail } from "../../delivery/auth-emails";
import { bookingCancelledByDeletionNotice, shortName } from "../notifications/notices";
import { notifyProfile } from "../notifications/notify";
import type { Env } from "../../env";
import { translate, type Lang } from "../../lib/i18n";
import { closeAccountSockets } from "../../delivery/inbox-sessions";
import type { CallerProfile } from "../../lib/caller-profile";
import { cancelUpcomingBookingsOfAccount } from "../bookings/bookings";
import { toOwnDocumentDto } from "../verification/documents";
import { profileHeldByModeration } from "../moderation/effects";
import { ApiError } from "../../lib/errors";

const profileHeld = () => new ApiError(403, "PROFILE_HELD", "moderation.errors.profileHeld");

const DAY_MS = 24 * 60 * 60 * 1000;

export async function getPrivacy(db: Db, profile: CallerProfile): Promise<PrivacyDto> {
  const [choices] = await db.select().from(cookieChoices).where(eq(cookieChoices.userId, profile.userId));
  return {
    profile_visibility: profile.profileVisibility,
    cookies: { essential: true, analytics: choices?.analytics ?? true, marketing: choices?.marketing ?? false },
  };
}

export async function savePrivacy(db: Db, profile: CallerProfile, body: PrivacyBody): Promise<PrivacyDto> {
  const now = new Date();
  if (body.profile_visibility) {
    // A profile the team hid stays hidden while the rejection stands (services/moderation/effects.ts).
    const [held] = await db
      .select({ held: profileHeldByModeration(profile.id).mapWith(Boolean) })
      .from(profiles)
      .where(eq(profiles.id, profile.id));
    if (held?.held && body.profile_visibility !== "hidden") throw profileHeld();
    await db
      .update(profiles)
      .set({ profileVisibility: body.profile_visibility, updatedAt: now.toISOString() })
      .where(eq(profiles.id, profile.id));
  }
  if (body.cookies) {
    const values = { analytics: body.cookies.analytics, marketing: body.cookies.marketing, updatedAt: now };
    await db
      .insert(cookieChoices)
      .values({ userId: profile.userId, ...values })
      .onConflictDoUpdate({ target: cookieChoices.userId, set: values });
  }
  return getPrivacy(db, { ...profile, profileVisibility: body.profile_visibility ?? profile.profileVisibility });
}

/** 'Camille D.', the name members see, of a profile joined (left) to a shared row; null if none. */
const memberName = (person: { firstName: string; lastName: string } | null) => (person ? shortName(person) : null);

/** The other party of a row shared by two profiles, for whichever side `me` is on. */
const otherOf = (me: string, a: SQLiteColumn, b: SQLiteColumn) => sql`CASE WHEN ${a} = ${me} THEN ${b} ELSE ${a} END`;

/** The other party's name columns, for a left join on `profiles`. */
const otherNameColumns = { firstName: profiles.firstName, lastName: profiles.lastName };

/**
 * Everything we hold on the caller, as one JSON document (GDPR art. 15 and 20). Secrets stay out:
 * no password hash, session token, two-factor secret or backup code.
 *
 * The rule: the export holds what is the caller's, and nothing that is another member's.
 * - The caller's own rows come whole (account, profile, children, preferences, plans, invoices,
 *   notifications, sessions, devices, the favourites a parent saved).
 * - What they share with another member (bookings, messages, reviews, emergency alerts) comes as the
 *   caller took part in it: the other party is only the name members see ('Camille D.'), never their
 *   profile id, email, phone or address. Messages and reviews sent to the caller are theirs to keep;
 *   what the other party reported to the staff (an alert's place and description) stays theirs.
 * - Rows that belong to another member and merely name the caller are at most counted: a sitter
 *   learns how many families saved her as a favourite, not which ones.
 */
export async function exportAccountData(db: Db, profile: CallerProfile) {
  const me = profile.id;
  const [owner] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.id, profile.userId));
  const [
    sitter,
    kids,
    ownBookings,
    ownMessages,
    ownReviews,
    preferences,
    cookies,
    ownSubscriptions,
    ownInvoices,
    ownNotifications,
    savedFavourites,
    [favouritedBy],
    sessions,
    logins,
    devices,
    incidents,
    documents,
  ] = await Promise.all([
    db.select().from(babysitterProfiles).where(eq(babysitterProfiles.profileId, me)),
    db.select().from(children).where(eq(children.parentId, me)),
    db
      .select({ booking: bookings, other: otherNameColumns })
      .from(bookings)
      .leftJoin(profiles, eq(profiles.id, otherOf(me, bookings.parentId, bookings.babysitterId)))
      .where(or(eq(bookings.parentId, me), eq(bookings.babysitterId, me))),
    db
      .select({ message: messages, other: otherNameColumns })
      .from(messages)
      .leftJoin(profiles, eq(profiles.id, otherOf(me, messages.senderId, messages.recipientId)))
      .where(or(eq(messages.senderId, me), eq(messages.recipientId, me))),
    db
      .select({ review: reviews, other: otherNameColumns })
      .from(reviews)
      .leftJoin(profiles, eq(profiles.id, otherOf(me, reviews.reviewerId, reviews.reviewedId)))
      .where(or(eq(reviews.reviewerId, me), eq(reviews.reviewedId, me))),
    db.select().from(communicationPreferences).where(eq(communicationPreferences.userId, profile.userId)),
    db.select().from(cookieChoices).where(eq(cookieChoices.userId, profile.userId)),
    db.select().from(subscriptions).where(eq(subscriptions.profileId, me)),
    db.select().from(invoices).where(eq(invoices.profileId, me)),
    db.select().from(notifications).where(eq(notifications.profileId, me)),
    db
      .select({
        babysitterId: favourites.babysitterProfileId,
        createdAt: favourites.createdAt,
        other: otherNameColumns,
      })
      .from(favourites)
      .leftJoin(profiles, eq(profiles.id, favourites.babysitterProfileId))
      .where(eq(favourites.parentProfileId, me)),
    db.select({ n: count() }).from(favourites).where(eq(favourites.babysitterProfileId, me)),
    db
      .select({
        id: session.id,
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
        city: session.city,
        country: session.country,
      })
      .from(session)
      .where(eq(session.userId, profile.userId)),
    db
      .select({ provider: account.providerId, createdAt: account.createdAt })
      .from(account)
      .where(eq(account.userId, profile.userId)),
    db
      // Only when each browser was first and last seen: its key's hash is no use to anyone.
      .select({ firstSeenAt: knownDevice.firstSeenAt, lastSeenAt: knownDevice.lastSeenAt })
      .from(knownDevice)
      .where(eq(knownDevice.userId, profile.userId)),
    // The alerts raised on the user's bookings, by either party (safety records they are part of).
    db
      .select({ incident: emergencyIncidents })
      .from(emergencyIncidents)
      .innerJoin(bookings, eq(bookings.id, emergencyIncidents.bookingId))
      .where(or(eq(bookings.parentId, me), eq(bookings.babysitterId, me))),
    // Identity documents: what was sent and decided (the files themselves go only through signed links).
    db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.profileId, me))
      .orderBy(desc(identityDocuments.createdAt)),
  ]);
  return {
    exported_at: new Date().toISOString(),
    account: { ...owner, sign_in_methods: logins },
    profile,
    babysitter_profile: sitter[0] ?? null,
    children: kids,
    bookings: ownBookings.map(({ booking, other }) => ({
      id: booking.id,
      role: booking.parentId === me ? "parent" : "babysitter",
      other_party: memberName(other),
      status: booking.status,
      start_time: booking.startTime,
      end_time: booking.endTime,
      hourly_rate_cents: booking.hourlyRateCents,
      total_amount_cents: booking.totalAmountCents,
      special_instructions: booking.specialInstructions,
      created_at: booking.createdAt,
      responded_at: booking.respondedAt,
    })),
    messages: ownMessages.map(({ message, other }) => {
      const sent = message.senderId === me;
      return {
        id: message.id,
        conversation_id: message.conversationId,
        direction: sent ? "sent" : "received",
        other_party: memberName(other),
        content: message.content,
        created_at: message.createdAt,
        // Whether the caller read what they received; whether the other party read theirs is not the caller's.
        ...(sent ? {} : { read: message.read }),
      };
    }),
    reviews: ownReviews.map(({ review, other }) => ({
      id: review.id,
      booking_id: review.bookingId,
      direction: review.reviewerId === me ? "written" : "received",
      other_party: memberName(other),
      rating: review.rating,
      comment: review.comment,
      created_at: review.createdAt,
    })),
    preferences: { communication: preferences[0] ?? null, cookies: cookies[0] ?? null },
    subscriptions: ownSubscriptions,
    invoices: ownInvoices,
    notifications: ownNotifications,
    favourites: savedFavourites.map((row) => ({
      babysitter_id: row.babysitterId,
      babysitter: memberName(row.other),
      created_at: row.createdAt,
    })),
    favourited_by_count: favouritedBy.n,
    sessions,
    known_devices: devices,
    identity_documents: documents.map(toOwnDocumentDto),
    emergency_incidents: incidents.map(({ incident }) => {
      const mine = incident.reporterId === me;
      return {
        id: incident.id,
        booking_id: incident.bookingId,
        type: incident.type,
        created_at: incident.createdAt,
        reported_by_me: mine,
        ...(mine ? { location: incident.location, description: incident.description } : {}),
      };
    }),
  };
}

/**
 * Disables the account at once, in one batch (one transaction): marked deleted, every session ended,
 * the profile hidden, its bookings still to come cancelled (either side), its push subscription
 * dropped. From then on every read, write and notice treats it as gone (account-state.ts). After the
 * answer, the other party of each cancelled booking is told (in their language) and the owner emailed.
 */
export async function deleteAccount(
  env: Env,
  db: Db,
  owner: { userId: string; email: string; name: string; lang: Lang },
  background: (work: Promise<unknown>) => void,
  origin: AuditOrigin = NO_ORIGIN,
  now = new Date(),
): Promise<{ anonymised_after: string }> {
  const nowIso = now.toISOString();
  // Marking the account deleted is the claim: the other statements are harmless to repeat, and only
  // the request that set deleted_at tells anyone (two deletions sent together email once).
  const [claimed, , , hidden, cancelled] = await db.batch([
    db
      .update(user)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(user.id, owner.userId), isNull(user.deletedAt)))
      .returning({ id: user.id }),
    auditInsertWhenChanged(db, { userId: owner.userId, name: owner.name }, origin, {
      action: "account.delete",
      resource: `user:${owner.userId}`,
    }),
    db.delete(session).where(eq(session.userId, owner.userId)),
    db
      .update(profiles)
      .set({ profileVisibility: "hidden", updatedAt: nowIso })
      .where(eq(profiles.userId, owner.userId))
      .returning({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName }),
    cancelUpcomingBookingsOfAccount(db, owner.userId, nowIso),
    db
      .update(communicationPreferences)
      .set({ pushToken: null, pushTokenUpdatedAt: null, updatedAt: nowIso })
      .where(eq(communicationPreferences.userId, owner.userId)),
  ]);
  // Every session ended: so does every open realtime socket of the account, before the answer.
  await closeAccountSockets(env, db, owner.userId);
  const after = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  if (claimed.length === 0) return { anonymised_after: after.toISOString() };
  const [gone] = hidden;
  if (gone && cancelled.length > 0)
    background(
      Promise.all(
        cancelled.map((booking) => {
          const otherParty = booking.parentId === gone.id ? booking.babysitterId : booking.parentId;
          return notifyProfile(env, db, bookingCancelledByDeletionNotice(booking, otherParty, gone));
        }),
      ),
    );
  const params = { name: owner.name, days: ACCOUNT_DELETION_GRACE_DAYS };
  background(
    sendPlainEmail(env, db, {
      to: owner.email,
      lang: owner.lang,
      template: "accountDeleted",
      subject: translate(owner.lang, "account.deletedEmail.subject"),
      body: translate(owner.lang, "account.deletedEmail.body", params),
    }),
  );
  return { anonymised_after: after.toISOString() };
}

/**
 * Why an account may not sign in, if it may not: deleted, or suspended by an admin (with the reason
 * she wrote, which the owner is shown). Null for a live account or an unknown address.
 */
export async function closedAccount(
  db: Db,
  email: string,
): Promise<{ state: "deleted" } | { state: "suspended"; reason: string } | null> {
  const [row] = await db
    .select({ deletedAt: user.deletedAt, suspendedAt: user.suspendedAt, reason: user.suspensionReason })
    .from(user)
    .where(eq(user.email, email.toLowerCase()));
  if (row?.deletedAt) return { state: "deleted" };
  if (row?.suspendedAt) return { state: "suspended", reason: row.reason ?? "" };
  return null;
}

/** A deleted or suspended account gets no session, whatever the way in. */
export async function isClosedUser(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ deletedAt: user.deletedAt, suspendedAt: user.suspendedAt })
    .from(user)
    .where(eq(user.id, userId));
  return Boolean(row?.deletedAt || row?.suspendedAt);
}

/**
 * Settings → Sécurité: when the password was last set and whether two-factor is on. The credential
 * account row's updatedAt is the honest date: better-auth writes that row only to set the password
 * (sign-up, change-password, reset: its adapter stamps updatedAt on every update); Google and
 * Facebook sign-ins have no such row, hence null.
 */
export async function accountSecurity(db: Db, userId: string): Promise<AccountSecurity> {
  const [[credential], [row]] = await Promise.all([
    db
      .select({ updatedAt: account.updatedAt })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password))),
    db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)),
  ]);
  return {
    password_changed_at: credential ? credential.updatedAt.toISOString() : null,
    two_factor_enabled: row?.enabled ?? false,
  };
}

/**
 * For the Worker's cron: accounts deleted more than ACCOUNT_DELETION_GRACE_DAYS ago lose their
 * personal data. The user row stays (bookings, reviews and invoices point at the profile), with an
 * address nobody owns; the profile keeps only its first and last name when invoices were issued to
 * it (kept 10 years by law, with that name), otherwise 'Compte supprimé'. Children, messages'
 * text, favourites, notifications, preferences and sign-in methods go, and the audit entries of the
 * account lose its name, address and browser. Returns how many.
 */
export async function anonymizeDeletedAccounts(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ userId: user.id })
    .from(user)
    .where(
      and(
        isNotNull(user.deletedAt),
        isNull(user.anonymizedAt),
        lte(user.deletedAt, new Date(now.getTime() - ACCOUNT_DELETION_GRACE_DAYS * DAY_MS)),
      ),
    );
  for (const { userId } of due) await anonymizeOne(db, userId, now);
  return due.length;
}

async function anonymizeOne(db: Db, userId: string, now: Date): Promise<void> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const invoiced = profile
    ? (await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.profileId, profile.id)).limit(1)).length >
      0
    : false;
  const placeholder = `supprime-${userId}@invalid.veilleuse.fr`;
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(user)
      .set({ email: placeholder, name: "Compte supprimé", image: null, anonymizedAt: now, updatedAt: now })
      .where(eq(user.id, userId)),
    db.delete(account).where(eq(account.userId, userId)),
    db.delete(session).where(eq(session.userId, userId)),
    db.delete(twoFactor).where(eq(twoFactor.userId, userId)),
    db.delete(knownDevice).where(eq(knownDevice.userId, userId)),
    db.delete(cookieChoices).where(eq(cookieChoices.userId, userId)),
    db.delete(communicationPreferences).where(eq(communicationPreferences.userId, userId)),
    // The audit log keeps what happened, not who it was: the only change its triggers allow.
    db
      .update(auditEvents)
      .set({ userName: null, ipAddress: null, userAgent: null })
      .where(eq(auditEvents.userId, userId)),
  ];
  if (profile) {
    statements.push(
      db
        .update(profiles)
        .set({
          email: placeholder,
          phone: null,
          address: null,
          postalCode: null,
          bio: null,
          photoUrl: null,
          latitude: null,
          longitude: null,
          profileVisibility: "hidden",
          ...(invoiced ? {} : { firstName: "Compte", lastName: "supprimé" }),
          updatedAt: now.toISOString(),
        })
        .where(eq(profiles.id, profile.id)),
      db.delete(children).where(eq(children.parentId, profile.id)),
      db.delete(notifications).where(eq(notifications.profileId, profile.id)),
      db
        .delete(favourites)
        .where(or(eq(favourites.parentProfileId, profile.id), eq(favourites.babysitterProfileId, profile.id))),
      db.update(messages).set({ content: "Message supprimé" }).where(eq(messages.senderId, profile.id)),
    );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
