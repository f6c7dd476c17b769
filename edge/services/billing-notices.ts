// The plan notices the babysitter must get (money-and-operations §4): the renewal notice 3 days
// before each renewal, with the amount, and the high-priority payment failure (email, SMS, push).
// They are recorded now, as an in-app notification and `queued` outbox rows carrying the template,
// priority and an idempotency key; the notification delivery work sends the queued rows.
import type { Db } from "@db/client";
import { planNameKey } from "@db/constants/plans";
import { notifications, outbox, type profiles } from "@db/schema";
import type { OutboxChannel, SubscriptionPlan } from "@db/schema/enums";
import { translate } from "../lib/i18n";

const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
const parisDate = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" });

type Recipient = Pick<typeof profiles.$inferSelect, "id" | "email" | "phone" | "firstName">;

export type PlanNotice = {
  kind: "renewal" | "paymentFailed";
  plan: SubscriptionPlan;
  amountCents: number;
  /** The renewal date, or the failed invoice's date. */
  date: string;
  /** One notice per event: the subscription and period, or Stripe's event id. */
  key: string;
};

const CHANNELS: Record<PlanNotice["kind"], { channels: OutboxChannel[]; priority: "normal" | "high" }> = {
  renewal: { channels: ["email", "push"], priority: "normal" },
  paymentFailed: { channels: ["email", "sms", "push"], priority: "high" },
};

const RECIPIENT: Record<OutboxChannel, (r: Recipient) => string | null> = {
  email: (r) => r.email,
  sms: (r) => r.phone,
  push: (r) => r.id,
};

/** The statements recording one notice (French: the in-app centre and the messages are French-first). */
export function planNoticeStatements(db: Db, recipient: Recipient, notice: PlanNotice) {
  const params = {
    name: recipient.firstName,
    plan: translate("fr", planNameKey(notice.plan)),
    amount: euros.format(notice.amountCents / 100),
    date: parisDate.format(new Date(notice.date)),
  };
  const title = translate("fr", `billing.notices.${notice.kind}.title`, params);
  const message = translate("fr", `billing.notices.${notice.kind}.message`, params);
  const { channels, priority } = CHANNELS[notice.kind];
  const deliveries = channels.flatMap((channel) => {
    const to = RECIPIENT[channel](recipient);
    if (!to) return [];
    return [
      db.insert(outbox).values({
        channel,
        recipient: to,
        subject: channel === "email" ? title : null,
        body: message,
        status: "queued",
        idempotencyKey: `${notice.kind}:${notice.key}:${channel}`,
        payload: {
          template: notice.kind,
          priority,
          profileId: recipient.id,
          data: { ...params, amountCents: notice.amountCents, link: "/settings?tab=subscription" },
        },
      }),
    ];
  });
  return [
    db.insert(notifications).values({
      profileId: recipient.id,
      type: "system",
      title,
      message,
      data: { link: "/settings?tab=subscription", kind: notice.kind },
    }),
    ...deliveries,
  ];
}
