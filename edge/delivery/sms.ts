// SMS through Twilio's Messages REST API with fetch: the Twilio SDK needs Node's http and crypto,
// which workerd does not give, and one form POST is all we use of it. Without Twilio keys an SMS is
// simulated: reported as sent (a channel without keys reports success) and kept in the outbox, like
// emails.
import type { Env } from "../env";

const TWILIO_API = "https://api.twilio.com";

export type SmsResult = { status: "sent" | "simulated" | "failed"; providerId?: string; httpStatus?: number };

export const smsConfigured = (env: Env) => Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM);

/** Sends one SMS; never throws (a failure is a "failed" result the outbox records). */
export async function sendSms(env: Env, to: string, body: string): Promise<SmsResult> {
  if (!smsConfigured(env)) return { status: "simulated" };
  const sid = env.TWILIO_ACCOUNT_SID!;
  const form = new URLSearchParams({ To: to, Body: body });
  // A Messaging Service id (MG…) lets Twilio pick the sender; otherwise a phone number.
  form.set(env.TWILIO_FROM!.startsWith("MG") ? "MessagingServiceSid" : "From", env.TWILIO_FROM!);
  try {
    const response = await fetch(`${env.TWILIO_API_URL || TWILIO_API}/2010-04-01/Accounts/${sid}/Messages.json`, {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`${sid}:${env.TWILIO_AUTH_TOKEN}`)}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form,
    });
    const answer = (await response.json().catch(() => ({}))) as { sid?: string };
    return response.ok ? { status: "sent", providerId: answer.sid } : { status: "failed", httpStatus: response.status };
  } catch {
    return { status: "failed" };
  }
}
