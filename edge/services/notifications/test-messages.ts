// The preferences screen's test buttons (money-and-operations §2, §5): a test email, SMS or push to
// the caller, whatever their switches say, with the spec's preconditions: an SMS needs a phone
// ('Aucun numéro de téléphone configuré'), a push a stored subscription ('Notifications push non
// configurées'). Each goes through the same transports and outbox as every other delivery.
import type { Db } from "@db/client";
import type { CallerProfile } from "../../lib/caller-profile";
import { sendPlainEmail } from "../../delivery/auth-emails";
import { deliverOnce } from "../../delivery/outbox";
import { sendPushNotice } from "../../delivery/push";
import { sendSms } from "../../delivery/sms";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import { translate, type Lang } from "../../lib/i18n";
import { preferencesOf } from "./preferences";

export const TEST_CHANNELS = ["email", "sms", "push"] as const;
export type TestChannel = (typeof TEST_CHANNELS)[number];

export async function sendTestMessage(
  env: Env,
  db: Db,
  profile: CallerProfile,
  channel: TestChannel,
  lang: Lang,
): Promise<{ ok: boolean }> {
  // Each press is its own event: a fresh key, so a second test is sent too.
  const key = `test:${crypto.randomUUID()}:${channel}`;
  if (channel === "email") {
    return sendPlainEmail(env, db, {
      to: profile.email,
      lang,
      template: "test",
      subject: translate(lang, "delivery.test.emailSubject"),
      body: translate(lang, "delivery.test.emailBody", { name: profile.firstName }),
      idempotencyKey: key,
    });
  }
  if (channel === "sms") {
    if (!profile.phone) throw new ApiError(400, "NO_PHONE", "delivery.errors.noPhone");
    const body = translate(lang, "delivery.test.sms");
    const phone = profile.phone;
    const { ok } = await deliverOnce(
      db,
      {
        channel: "sms",
        recipient: phone,
        body,
        template: "test",
        idempotencyKey: key,
        payload: { profileId: profile.id },
      },
      () => sendSms(env, phone, body),
    );
    return { ok };
  }
  // Push: to the subscription stored by the push card's 'Activer' (none: the spec's message).
  const { pushToken } = await preferencesOf(db, profile.userId);
  if (!pushToken) throw new ApiError(400, "PUSH_NOT_CONFIGURED", "delivery.errors.pushNotConfigured");
  return sendPushNotice(env, db, {
    userId: profile.userId,
    subscription: pushToken,
    title: translate(lang, "delivery.test.pushTitle"),
    body: translate(lang, "delivery.test.pushBody", { name: profile.firstName }),
    url: "/settings?tab=notifications",
    template: "test",
    idempotencyKey: key,
  });
}
