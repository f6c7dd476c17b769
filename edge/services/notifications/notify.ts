// What happens in the product reaches the people it concerns: always in the in-app centre, and by
// email, SMS and push as their preferences say (rules.ts), in their language (profiles.language),
// each channel at most once per event (outbox.ts), never to an account that is gone
// (services/account-state.ts). Never throws: a failed channel is a false flag
// and an outbox row. Routes call `notifyInBackground`, so an answer never waits on a provider.
import type { Context } from "hono";
import { and, eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { notifications, profiles } from "@db/schema";
import type { NotificationType } from "@db/schema/enums";
import { inBackground } from "../../lib/background";
import type { Env } from "../../env";
import { publicOrigin } from "../../lib/config";
import type { AppEnv } from "../../lib/context";
import { inboxOf } from "../../delivery/inbox";
import type { NoticeParams } from "@db/validators/notifications";
import { isMessageKey, translate, type Lang } from "../../lib/i18n";
import { liveProfile } from "../account-state";
import { notificationInsert } from "./notifications";
import { preferencesOf } from "./preferences";
import { sendEmail } from "../../delivery/email";
import { noticeTitleAndMessage, noticeValues } from "./notice-texts";
import { deliverOnce } from "../../delivery/outbox";
import { deliveryChannels, type NoticeKind, type Priority } from "../../delivery/rules";
import { sendPushNotice } from "../../delivery/push";
import { sendSms } from "../../delivery/sms";
import { unsubscribeHeaders, unsubscribeLinks, unsubscribeListOf } from "../../delivery/unsubscribe";
import {
  formatParams,
  renderEmail,
  renderSms,
  type Detail,
  type EmailTemplate,
  type Param,
  type PushTemplate,
  type SmsTemplate,
} from "../../delivery/templates";

type EventSpec = {
  kind: NoticeKind;
  type: NotificationType;
  /** The event's own template for the channel (EMAIL_TEMPLATES, ...), if any (the outbox records it). */
  email?: EmailTemplate;
  sms?: SmsTemplate;
  push?: PushTemplate;
  /** Mail the user cannot unsubscribe from (the account, security, money owed or paid, emergencies). */
  essential?: true;
};

/** The events that notify, with their texts in edge/i18n (section "events"). */
export const PRODUCT_EVENTS = {
  welcome: { kind: "account", type: "system", email: "welcome", essential: true },
  /** The invitation to send documents, a day after a babysitter signs up (verification-sweep.ts). */
  identityVerification: { kind: "account", type: "system", email: "identityVerification", essential: true },
  /** The team's decision on a document, and a criminal record's yearly expiry (services/verification/). */
  verificationApproved: { kind: "account", type: "system", email: "identityVerification", essential: true },
  verificationComplete: { kind: "account", type: "system", email: "identityVerification", essential: true },
  verificationRejected: { kind: "account", type: "system", email: "identityVerification", essential: true },
  verificationExpiring: { kind: "account", type: "system", email: "identityVerification", essential: true },
  verificationExpired: { kind: "account", type: "system", email: "identityVerification", essential: true },
  /** The team's decision on one's content, with its statement of reasons; an appeal's outcome; a report handled. */
  moderationDecision: { kind: "account", type: "system", essential: true },
  moderationAppealGranted: { kind: "account", type: "system", essential: true },
  moderationAppealRefused: { kind: "account", type: "system", essential: true },
  reportHandled: { kind: "account", type: "system" },
  bookingRequested: { kind: "bookings", type: "booking" },
  bookingAccepted: {
    kind: "bookings",
    type: "booking",
    email: "bookingConfirmation",
    sms: "bookingConfirmation",
    push: "bookingConfirmation",
  },
  bookingDeclined: { kind: "bookings", type: "booking" },
  bookingCancelled: { kind: "bookings", type: "booking" },
  /** A confirmed sitting cancelled: by the babysitter (to the parent), or by the parent within 24 h,
   * with the fee owed (to the sitter). Both change plans and money: never unsubscribed from. */
  bookingWithdrawn: { kind: "bookings", type: "booking", essential: true },
  bookingCancelledLate: { kind: "bookings", type: "booking", essential: true },
  /** The other party deleted their account: their upcoming bookings end (services/account/account.ts). */
  bookingCancelledAccountDeleted: { kind: "bookings", type: "booking" },
  /** A request still pending at its start expired (services/bookings/booking-expiry.ts): to the parent, to the sitter. */
  bookingExpired: { kind: "bookings", type: "booking" },
  bookingRequestExpired: { kind: "bookings", type: "booking" },
  /** The sitting: the sitter's arrival and departure taps, and nobody arrived 15 minutes after the start (sitting.ts). */
  sitterArrived: { kind: "bookings", type: "booking" },
  sitterLeft: { kind: "bookings", type: "booking" },
  sitterNotArrived: { kind: "bookings", type: "booking", essential: true },
  /** The real hours (sitting-hours.ts): declared (to the parent), confirmed (to the sitter, or both when
   * confirmed for them), disputed (to the sitter). They set what is owed: never unsubscribed from. */
  hoursProposed: { kind: "bookings", type: "booking", essential: true },
  hoursConfirmed: { kind: "bookings", type: "booking", essential: true },
  hoursDisputed: { kind: "bookings", type: "booking", essential: true },
  /** A sitting paid by card (to the sitter), or settled outside Veilleuse by the family's word (services/payments). */
  sittingPaid: { kind: "payments", type: "booking", essential: true },
  sittingSettledOutside: { kind: "payments", type: "booking", essential: true },
  /** A card payment refunded in full (to the parent), disputed by the family's bank (to the sitter). */
  sittingRefunded: { kind: "payments", type: "booking", essential: true },
  sittingDisputed: { kind: "payments", type: "booking", essential: true },
  /** A payout to the sitter's bank failed (Stripe's payout.failed on her Express account). */
  bankPayoutFailed: { kind: "payments", type: "system", essential: true },
  /** Agencies (services/agencies/): an invitation to a babysitter; her answer, her leaving (to the
   * managers); the agency taking her off its roster, or answering a request for her (to her). */
  agencyInvitation: { kind: "account", type: "system", essential: true },
  agencyInvitationAccepted: { kind: "account", type: "system" },
  agencyInvitationDeclined: { kind: "account", type: "system" },
  agencySitterLeft: { kind: "account", type: "system", essential: true },
  agencyRemovedSitter: { kind: "account", type: "system", essential: true },
  agencyAcceptedForSitter: { kind: "bookings", type: "booking", essential: true },
  agencyDeclinedForSitter: { kind: "bookings", type: "booking", essential: true },
  /** An agency proposes another sitter of its team for a family's request (to the family); the
   * family's answer (to the managers); the request moved to another sitter (to the first one). */
  bookingReassignProposed: { kind: "bookings", type: "booking", essential: true },
  bookingReassignAccepted: { kind: "bookings", type: "booking" },
  bookingReassignRefused: { kind: "bookings", type: "booking" },
  bookingReassignedAway: { kind: "bookings", type: "booking" },
  /** Urgent requests (services/urgent-requests/): to each sitter reached (SMS and push where her
   * settings allow); taken by another or called off (to the others); taken, widened or expired (to
   * the family); sent to an agency (to its managers). */
  urgentRequest: { kind: "bookings", type: "booking", sms: "urgentRequest", push: "urgentRequest" },
  urgentRequestTaken: { kind: "bookings", type: "booking" },
  urgentRequestCancelled: { kind: "bookings", type: "booking" },
  urgentRequestFilled: { kind: "bookings", type: "booking", push: "bookingConfirmation", essential: true },
  urgentRequestWidened: { kind: "bookings", type: "booking", essential: true },
  urgentRequestExpired: { kind: "bookings", type: "booking", essential: true },
  urgentRequestToAgency: { kind: "bookings", type: "booking" },
  bookingReminder: { kind: "reminders", type: "booking", email: "bookingReminder", sms: "bookingReminder" },
  bookingCompleted: { kind: "reviews", type: "review" },
  reviewReceived: { kind: "reviews", type: "review" },
  newMessage: { kind: "messages", type: "message", push: "newMessage" },
  subscriptionRenewal: { kind: "payments", type: "system" },
  paymentSucceeded: { kind: "payments", type: "system", email: "invoice", essential: true },
  paymentFailed: { kind: "payments", type: "system", sms: "paymentFailed", essential: true },
  /** A second paid plan was refunded, not switched on (one paid plan per babysitter: services/billing/checkout.ts). */
  secondPlanRefunded: { kind: "payments", type: "system", essential: true },
  /** The 14-day guarantee refunded the period's payments; Discovery is back with what remained (plan-changes.ts). */
  planRefunded: { kind: "payments", type: "system", essential: true },
  passwordChanged: { kind: "security", type: "system", essential: true },
  newSignIn: { kind: "security", type: "system", essential: true },
  emergencyAlert: {
    kind: "emergencies",
    type: "system",
    email: "emergencyAlert",
    sms: "emergencyAlert",
    push: "emergencyAlert",
    essential: true,
  },
} as const satisfies Record<string, EventSpec>;
export type ProductEvent = keyof typeof PRODUCT_EVENTS;

export type Notice = {
  event: ProductEvent;
  /** Unique per occurrence (e.g. the booking id): with the event, the idempotency key. */
  occurrence: string;
  recipientId: string;
  /** Filled into the texts: {{name}} is the recipient's first name, the rest as given. */
  params: Record<string, Param>;
  /** Lines of the email's details table ("events.details" labels). */
  details?: Detail[];
  /** The screen it opens (a path of the app). */
  link: string;
  priority?: Priority;
};

export type Delivered = { inApp: boolean; email: boolean; sms: boolean; push: boolean };

type Recipient = { firstName: string; language: Lang };

/** Every value of the notice's texts, raw: {{name}} is the recipient's first name, the rest as given. */
const valuesOf = (notice: Notice, recipient: Recipient): NoticeParams => ({
  name: recipient.firstName,
  ...notice.params,
});

/** The notice's words in the recipient's language. */
function noticeTexts(notice: Notice, recipient: Recipient) {
  const lang = recipient.language;
  const params = noticeValues(lang, valuesOf(notice, recipient));
  const text = (part: string) => translate(lang, `events.${notice.event}.${part}`, params);
  const has = (part: string) => isMessageKey(`events.${notice.event}.${part}`);
  return {
    lang,
    params,
    ...noticeTitleAndMessage(lang, notice.event, valuesOf(notice, recipient)),
    /** A second paragraph for the email only, when the event has one. */
    more: has("more") ? text("more") : null,
    actionLabel: has("action") ? text("action") : translate(lang, "events.email.open"),
    details: (notice.details ?? []).map((detail) => ({
      label: translate(lang, `events.details.${detail.label}`),
      value: String(formatParams(lang, { value: detail.value }).value),
    })),
  };
}

/**
 * Everything a notice says, on every channel, for one recipient (pure: the templates' unit tests
 * call it). `origin` is the app's public origin; `unsubscribeUrl` is set on non-essential mail.
 */
export function composeNotice(notice: Notice, recipient: Recipient, origin: string, unsubscribeUrl?: string) {
  const spec: EventSpec = PRODUCT_EVENTS[notice.event];
  const texts = noticeTexts(notice, recipient);
  const url = `${origin}${notice.link}`;
  const { html, text } = renderEmail({
    lang: texts.lang,
    title: texts.title,
    paragraphs: texts.more ? [texts.message, texts.more] : [texts.message],
    details: texts.details,
    action: { label: texts.actionLabel, url },
    preferencesUrl: isEssential(notice) ? undefined : `${origin}/settings?tab=notifications`,
    unsubscribeUrl: isEssential(notice) ? undefined : unsubscribeUrl,
    privacyUrl: `${origin}/privacy`,
  });
  return {
    inApp: { title: texts.title, message: texts.message },
    email: { subject: texts.title, html, text, template: spec.email ?? notice.event },
    sms: {
      body: renderSms(texts.lang, spec.sms ?? null, notice.event, { ...texts.params, message: texts.message, url }),
      template: spec.sms ?? notice.event,
    },
    push: { title: texts.title, body: texts.message, url: notice.link, template: spec.push ?? notice.event },
  };
}

/** No unsubscribe link: the account, security, money, emergencies (and anything above normal priority). */
export const isEssential = (notice: Notice) =>
  Boolean((PRODUCT_EVENTS[notice.event] as EventSpec).essential) || (notice.priority ?? "normal") !== "normal";

export async function notifyProfile(env: Env, db: Db, notice: Notice): Promise<Delivered> {
  const none: Delivered = { inApp: false, email: false, sms: false, push: false };
  try {
    // A deleted account gets nothing, on no channel, not even in its centre (account-state.ts).
    const [recipient] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.id, notice.recipientId), liveProfile()))
      .limit(1);
    if (!recipient) return none;
    const spec: EventSpec = PRODUCT_EVENTS[notice.event];
    const key = `${notice.event}:${notice.occurrence}`;
    const origin = publicOrigin(env);
    const unsubscribe = await unsubscribeFor(env, notice, spec.kind, recipient.userId);
    const message = composeNotice(notice, recipient, origin, unsubscribe?.page);
    await addToCentre(env, db, recipient.id, spec.type, centreEntry(notice, recipient), key);

    const preferences = await preferencesOf(db, recipient.userId);
    const channels = deliveryChannels({
      preferences,
      kind: spec.kind,
      priority: notice.priority ?? "normal",
      hasPhone: Boolean(recipient.phone),
      hasPushSubscription: preferences.pushToken !== null,
    });
    const email = channels.email
      ? await sendEmail(
          env,
          db,
          { to: recipient.email, ...message.email, headers: unsubscribe && unsubscribeHeaders(unsubscribe.oneClick) },
          `${key}:email`,
        )
      : { ok: false };
    const phone = recipient.phone;
    const sms =
      channels.sms && phone
        ? await deliverOnce(
            db,
            {
              channel: "sms",
              recipient: phone,
              body: message.sms.body,
              template: message.sms.template,
              idempotencyKey: `${key}:sms`,
              payload: { profileId: recipient.id },
            },
            () => sendSms(env, phone, message.sms.body),
          )
        : { ok: false };
    const pushToken = preferences.pushToken;
    const push =
      channels.push && pushToken
        ? await sendPushNotice(env, db, {
            userId: recipient.userId,
            subscription: pushToken,
            ...message.push,
            idempotencyKey: `${key}:push`,
            urgency: (notice.priority ?? "normal") === "normal" ? "normal" : "high",
          })
        : { ok: false };
    return { inApp: true, email: email.ok, sms: sms.ok, push: push.ok };
  } catch (error) {
    console.error("Notifying failed", error);
    return none;
  }
}

/** The one-click unsubscribe of non-essential mail (RFC 8058): the page link and the header's target. */
async function unsubscribeFor(env: Env, notice: Notice, kind: NoticeKind, userId: string) {
  const list = isEssential(notice) ? null : unsubscribeListOf(kind);
  return list ? unsubscribeLinks(env, userId, list) : undefined;
}

/**
 * What the centre keeps: the notice's stable key (`kind`, the event) and raw values, which the list
 * renders again in the reader's language, and the link it opens. The title and message columns
 * keep the words as first written, in the recipient's language then: the list's fallback, as for
 * the rows written before keys were stored.
 */
function centreEntry(notice: Notice, recipient: Recipient) {
  const params = valuesOf(notice, recipient);
  return {
    ...noticeTitleAndMessage(recipient.language, notice.event, params),
    data: { kind: notice.event, params, link: notice.link },
  };
}

/** Once per event in the centre too (a cron run twice, a burst of messages in one quarter hour). */
async function addToCentre(
  env: Env,
  db: Db,
  profileId: string,
  type: NotificationType,
  entry: ReturnType<typeof centreEntry>,
  key: string,
) {
  // Claimed by the insert itself (notifications_profile_event_idx): a repeat of the event adds nothing.
  const added = await notificationInsert(db, profileId, { ...entry, type, data: { ...entry.data, event: key } })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (added.length === 0) return;
  await tellOpenTabs(env, profileId);
}

/** The user's open tabs refresh their count at once (a tab that misses it asks on its next page). */
async function tellOpenTabs(env: Env, profileId: string): Promise<void> {
  if (!env.USER_INBOX) return; // outside the Worker (the unit tests' Node)
  await inboxOf(env, profileId)
    .deliver({ type: "notification" })
    .catch((error: unknown) => console.error("Realtime push failed", error));
}

/** A notice to the profile of an account (the auth hooks know users, not profiles). */
export async function notifyUser(
  env: Env,
  db: Db,
  userId: string,
  notice: Omit<Notice, "recipientId">,
): Promise<Delivered | null> {
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return profile ? notifyProfile(env, db, { ...notice, recipientId: profile.id }) : null;
}

/** From a route: the notices go out after the answer. */
export function notifyInBackground(c: Context<AppEnv>, notices: Notice[]): void {
  const run = inBackground(c);
  for (const notice of notices) run(notifyProfile(c.env, c.var.db, notice));
}
