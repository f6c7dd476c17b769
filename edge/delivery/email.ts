// Email delivery. With RESEND_API_KEY: Resend's official SDK (`resend`, fetch-based, at
// RESEND_API_URL when a local double stands in). Without a key: simulated and reported as success,
// so a developer machine needs no provider, and kept in the outbox table where a developer can read
// every email the app would send.
// Every delivery, real or simulated, is recorded in the outbox (outbox.ts).
import type { Db } from "@db/client";
import { Resend } from "resend";
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
    () =>
      env.RESEND_API_KEY
        ? sendWithResend(env, email, idempotencyKey)
        : Promise.resolve({ status: "simulated" as const }),
  );
  return { ok };
}

/**
 * One email through Resend's SDK (fetch-based, runs in workerd). The event's idempotency key goes to
 * Resend too, so a retried request after a lost answer is not sent twice by the provider either.
 * The SDK answers errors as values; a thrown error (never expected) counts as a failure as well.
 */
async function sendWithResend(env: Env, email: Email, idempotencyKey: string | null) {
  const resend = new Resend(env.RESEND_API_KEY, { baseUrl: env.RESEND_API_URL || RESEND_API });
  try {
    const { data, error } = await resend.emails.send(
      {
        from: env.EMAIL_FROM || DEFAULT_FROM,
        to: [email.to],
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.headers && { headers: email.headers }),
      },
      idempotencyKey ? { idempotencyKey } : undefined,
    );
    return error
      ? { status: "failed" as const, ...(error.statusCode && { httpStatus: error.statusCode }) }
      : { status: "sent" as const, providerId: data.id };
  } catch {
    return { status: "failed" as const };
  }
}
