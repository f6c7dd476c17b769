// What happens in the product reaches the people it concerns: always in the in-app centre, and by
// email, SMS and push as their preferences say (rules.ts), each channel at most once per event
// (outbox.ts). Never throws: a failed channel is a false flag and an outbox row. Routes call
// `notifyInBackground`, so an answer never waits on a mail provider.
import type { Context } from "hono";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { notifications, profiles } from "@db/schema";
import type { NotificationType } from "@db/schema/enums";
import { inBackground } from "../auth/for-request";
import type { Env } from "../env";
import { publicOrigin } from "../lib/config";
import type { AppEnv } from "../lib/context";
import { translate, type Lang } from "../lib/i18n";
import { notificationInsert } from "../services/notifications";
import { preferencesOf } from "../services/preferences";
import { sendEmail } from "./email";
import { deliverOnce } from "./outbox";
import { deliveryChannels, type NoticeKind, type Priority } from "./rules";
import { sendSms } from "./sms";

/** The events that notify, with their texts in edge/i18n (section "events"). */
export const PRODUCT_EVENTS = {
  bookingRequested: { kind: "bookings", type: "booking" },
  bookingAccepted: { kind: "bookings", type: "booking" },
  bookingDeclined: { kind: "bookings", type: "booking" },
  bookingCancelled: { kind: "bookings", type: "booking" },
  bookingReminder: { kind: "reminders", type: "booking" },
  bookingCompleted: { kind: "reviews", type: "review" },
  reviewReceived: { kind: "reviews", type: "review" },
  newMessage: { kind: "messages", type: "message" },
  subscriptionRenewal: { kind: "payments", type: "system" },
  paymentFailed: { kind: "payments", type: "system" },
  emergencyAlert: { kind: "emergencies", type: "system" },
} as const satisfies Record<string, { kind: NoticeKind; type: NotificationType }>;
export type ProductEvent = keyof typeof PRODUCT_EVENTS;

export type Notice = {
  event: ProductEvent;
  /** Unique per occurrence (e.g. the booking id): with the event, the idempotency key. */
  occurrence: string;
  recipientId: string;
  /** Filled into the texts: {{name}} is the recipient's first name, the rest as given. */
  params: Record<string, string | number>;
  /** The screen it opens (a path of the app). */
  link: string;
  priority?: Priority;
};

export type Delivered = { inApp: boolean; email: boolean; sms: boolean; push: boolean };

// The recipients' language is not stored yet: French, the product's first language.
const RECIPIENT_LANG: Lang = "fr";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The email around a notice: 600 px wide, the message, one button to the screen, the preferences link. */
function noticeEmail(title: string, message: string, url: string, preferencesUrl: string, lang: Lang) {
  const open = translate(lang, "events.email.open");
  const footer = translate(lang, "events.email.footer");
  const text = `${message}\n\n${open} : ${url}\n\n${footer} ${preferencesUrl}`;
  const html = `<div style="max-width:600px;margin:0 auto;font-family:Arial,sans-serif;color:#0b1326">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p style="font-size:15px;line-height:1.5">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0b1326;color:#fff;padding:10px 18px;border-radius:10px;text-decoration:none">${escapeHtml(open)}</a></p>
<p style="font-size:12px;color:#475569">${escapeHtml(footer)} <a href="${escapeHtml(preferencesUrl)}">${escapeHtml(preferencesUrl)}</a></p>
</div>`;
  return { text, html };
}

export async function notifyProfile(env: Env, db: Db, notice: Notice): Promise<Delivered> {
  const none: Delivered = { inApp: false, email: false, sms: false, push: false };
  try {
    const [recipient] = await db.select().from(profiles).where(eq(profiles.id, notice.recipientId)).limit(1);
    if (!recipient) return none;
    const { kind, type } = PRODUCT_EVENTS[notice.event];
    const lang = RECIPIENT_LANG;
    const params = { name: recipient.firstName, ...notice.params };
    const title = translate(lang, `events.${notice.event}.title`, params);
    const message = translate(lang, `events.${notice.event}.message`, params);
    const key = `${notice.event}:${notice.occurrence}`;

    // Once per event in the centre too (a cron run twice, a burst of messages in one quarter hour).
    const [seen] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(eq(notifications.profileId, recipient.id), sql`json_extract(${notifications.data}, '$.event') = ${key}`),
      )
      .limit(1);
    if (!seen) {
      await notificationInsert(db, recipient.id, { type, title, message, data: { link: notice.link, event: key } });
    }
    const preferences = await preferencesOf(db, recipient.userId);
    const channels = deliveryChannels({
      preferences,
      kind,
      priority: notice.priority ?? "normal",
      hasPhone: Boolean(recipient.phone),
      hasPushSubscription: preferences.pushToken !== null,
    });
    const origin = publicOrigin(env);
    const url = `${origin}${notice.link}`;
    const email = channels.email
      ? await sendEmail(
          env,
          db,
          {
            to: recipient.email,
            subject: title,
            template: notice.event,
            ...noticeEmail(title, message, url, `${origin}/settings?tab=notifications`, lang),
          },
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
              body: `${message} ${url}`,
              template: notice.event,
              idempotencyKey: `${key}:sms`,
              payload: { profileId: recipient.id },
            },
            () => sendSms(env, phone, `${message} ${url}`),
          )
        : { ok: false };
    // Push waits for the service worker's subscriptions (a later step of issue 10): none is stored yet.
    return { inApp: true, email: email.ok, sms: sms.ok, push: false };
  } catch (error) {
    console.error("Notifying failed", error);
    return none;
  }
}

/** From a route: the notices go out after the answer. */
export function notifyInBackground(c: Context<AppEnv>, notices: Notice[]): void {
  const run = inBackground(c);
  for (const notice of notices) run(notifyProfile(c.env, c.var.db, notice));
}
