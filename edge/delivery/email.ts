// Email delivery. With RESEND_API_KEY: Resend's HTTP API (fetch works in workerd, the SDK's
// Node-only bits are not needed). Without it: simulated, reported as success (spec money-and-
// operations §8) and kept in the outbox table so a developer can read every email the app would send.
// Every delivery, real or simulated, is recorded in the outbox (outbox.ts).
import type { Db } from "@db/client";
import type { Env } from "../env";
import { deliverOnce } from "./outbox";

export type Email = {
  to: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  /** Extra headers (the one-click unsubscribe's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};

const DEFAULT_FROM = "Veilleuse <no-reply@veilleuse.fr>";
const RESEND_API = "https://api.resend.com";

/** Sends one email, recorded in the outbox; `idempotencyKey` ("<event>:email") sends it once per event. */
export async function sendEmail(
  env: Env,
  db: Db,
  email: Email,
  idempotencyKey: string | null = null,
): Promise<{ ok: boolean }> {
  const { ok } = await deliverOnce(
    db,
    {
      channel: "email",
      recipient: email.to,
      subject: email.subject,
      body: email.text,
      template: email.template,
      idempotencyKey,
      payload: { html: email.html, ...(email.headers && { headers: email.headers }) },
    },
    () => (env.RESEND_API_KEY ? sendWithResend(env, email) : Promise.resolve({ status: "simulated" as const })),
  );
  return { ok };
}

async function sendWithResend(env: Env, email: Email) {
  try {
    const response = await fetch(`${env.RESEND_API_URL || RESEND_API}/emails`, {
      method: "POST",
      headers: { authorization: `Bearer ${env.RESEND_API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({
        from: env.EMAIL_FROM || DEFAULT_FROM,
        to: [email.to],
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.headers && { headers: email.headers }),
      }),
    });
    const answer = (await response.json().catch(() => ({}))) as { id?: string };
    return response.ok
      ? { status: "sent" as const, providerId: answer.id }
      : { status: "failed" as const, httpStatus: response.status };
  } catch {
    return { status: "failed" as const };
  }
}
