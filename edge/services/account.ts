// Settings → Confidentialité (money-and-operations §2 Settings item 4, §5 deletion rules): profile
// visibility and cookie choices, the export of everything we hold on the caller, and the account
// deletion: disabled at once (sign-in refused, sessions ended, an email), personal data anonymised
// ACCOUNT_DELETION_GRACE_DAYS later by the cron (anonymizeDeletedAccounts). Invoices are kept, as
// French law requires for 10 years, and so is the name they were issued to.
import { and, eq, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@db/client";
import { ACCOUNT_DELETION_GRACE_DAYS } from "@db/constants/limits";
import { account, cookieChoices, knownDevices, session, twoFactor, user } from "@db/schema/auth";
import { invoices, subscriptions } from "@db/schema/billing";
import { bookings } from "@db/schema/bookings";
import { communicationPreferences } from "@db/schema/communication-preferences";
import { emergencyIncidents } from "@db/schema/emergencies";
import { favourites } from "@db/schema/favourites";
import { messages } from "@db/schema/messages";
import { notifications } from "@db/schema/notifications";
import { babysitterProfiles, children, profiles } from "@db/schema/profiles";
import { reviews } from "@db/schema/reviews";
import type { AccountSecurity, PrivacyBody, PrivacyDto } from "@db/validators/account";
import { sendPlainEmail } from "../delivery/auth-emails";
import type { Env } from "../env";
import { translate, type Lang } from "../lib/i18n";
import type { CallerProfile } from "../middleware/session";

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
  if (body.profile_visibility)
    await db
      .update(profiles)
      .set({ profileVisibility: body.profile_visibility, updatedAt: now.toISOString() })
      .where(eq(profiles.id, profile.id));
  if (body.cookies) {
    const values = { analytics: body.cookies.analytics, marketing: body.cookies.marketing, updatedAt: now };
    await db
      .insert(cookieChoices)
      .values({ userId: profile.userId, ...values })
      .onConflictDoUpdate({ target: cookieChoices.userId, set: values });
  }
  return getPrivacy(db, { ...profile, profileVisibility: body.profile_visibility ?? profile.profileVisibility });
}

/**
 * Everything we hold on the caller, as one JSON document (GDPR art. 15 and 20). Secrets stay out:
 * no password hash, session token, two-factor secret or backup code.
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
    ownFavourites,
    sessions,
    logins,
    devices,
    incidents,
  ] = await Promise.all([
    db.select().from(babysitterProfiles).where(eq(babysitterProfiles.profileId, me)),
    db.select().from(children).where(eq(children.parentId, me)),
    db
      .select()
      .from(bookings)
      .where(or(eq(bookings.parentId, me), eq(bookings.babysitterId, me))),
    db
      .select()
      .from(messages)
      .where(or(eq(messages.senderId, me), eq(messages.recipientId, me))),
    db
      .select()
      .from(reviews)
      .where(or(eq(reviews.reviewerId, me), eq(reviews.reviewedId, me))),
    db.select().from(communicationPreferences).where(eq(communicationPreferences.userId, profile.userId)),
    db.select().from(cookieChoices).where(eq(cookieChoices.userId, profile.userId)),
    db.select().from(subscriptions).where(eq(subscriptions.profileId, me)),
    db.select().from(invoices).where(eq(invoices.profileId, me)),
    db.select().from(notifications).where(eq(notifications.profileId, me)),
    db
      .select()
      .from(favourites)
      .where(or(eq(favourites.parentProfileId, me), eq(favourites.babysitterProfileId, me))),
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
      .select({ device: knownDevices.device, firstSeenAt: knownDevices.firstSeenAt })
      .from(knownDevices)
      .where(eq(knownDevices.userId, profile.userId)),
    // The alerts raised on the user's bookings, by either party (safety records they are part of).
    db
      .select({ incident: emergencyIncidents })
      .from(emergencyIncidents)
      .innerJoin(bookings, eq(bookings.id, emergencyIncidents.bookingId))
      .where(or(eq(bookings.parentId, me), eq(bookings.babysitterId, me))),
  ]);
  return {
    exported_at: new Date().toISOString(),
    account: { ...owner, sign_in_methods: logins },
    profile,
    babysitter_profile: sitter[0] ?? null,
    children: kids,
    bookings: ownBookings,
    messages: ownMessages,
    reviews: ownReviews,
    preferences: { communication: preferences[0] ?? null, cookies: cookies[0] ?? null },
    subscriptions: ownSubscriptions,
    invoices: ownInvoices,
    notifications: ownNotifications,
    favourites: ownFavourites,
    sessions,
    known_devices: devices,
    emergency_incidents: incidents.map((row) => row.incident),
  };
}

/** Disables the account at once: marked deleted, every session ended, the owner emailed (after the answer). */
export async function deleteAccount(
  env: Env,
  db: Db,
  owner: { userId: string; email: string; name: string; lang: Lang },
  background: (work: Promise<unknown>) => void,
  now = new Date(),
): Promise<{ anonymised_after: string }> {
  await db.batch([
    db.update(user).set({ deletedAt: now, updatedAt: now }).where(eq(user.id, owner.userId)),
    db.delete(session).where(eq(session.userId, owner.userId)),
  ]);
  const after = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
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

/** A deleted account: its sign-in is refused with its own message. */
export async function isDeleted(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ deletedAt: user.deletedAt }).from(user).where(eq(user.email, email.toLowerCase()));
  return Boolean(row?.deletedAt);
}

export async function isDeletedUser(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ deletedAt: user.deletedAt }).from(user).where(eq(user.id, userId));
  return Boolean(row?.deletedAt);
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
 * text, favourites, notifications, preferences and sign-in methods go. Returns how many.
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
    db.delete(knownDevices).where(eq(knownDevices.userId, userId)),
    db.delete(cookieChoices).where(eq(cookieChoices.userId, userId)),
    db.delete(communicationPreferences).where(eq(communicationPreferences.userId, userId)),
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
