// Every delivery is recorded in the outbox (channel, template, recipient, outcome, provider id), and
// at most once per event and channel: the row is claimed with its idempotency key before anything
// is sent, so an event handled twice (a retried request, a cron run twice) sends nothing twice.
import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { outbox } from "@db/schema/notifications";
import type { OutboxChannel } from "@db/schema/enums";

export type Transport = () => Promise<{
  status: "sent" | "simulated" | "failed";
  providerId?: string;
  httpStatus?: number;
}>;

export type Delivery = {
  channel: OutboxChannel;
  recipient: string;
  subject?: string | null;
  /** The plain text (the email's text part, the SMS, the push body). */
  body: string;
  template: string;
  /** "<event>:<channel>"; null for deliveries that are not tied to one event (none so far). */
  idempotencyKey: string | null;
  payload?: Record<string, unknown>;
};

/** Claims, sends and records one delivery; never throws. `duplicate` when the event was delivered already. */
export async function deliverOnce(
  db: Db,
  delivery: Delivery,
  send: Transport,
): Promise<{ ok: boolean; duplicate: boolean }> {
  try {
    const [claimed] = await db
      .insert(outbox)
      .values({
        channel: delivery.channel,
        recipient: delivery.recipient,
        subject: delivery.subject ?? null,
        body: delivery.body,
        status: "queued",
        idempotencyKey: delivery.idempotencyKey,
        payload: { template: delivery.template, ...delivery.payload },
      })
      .onConflictDoNothing({ target: outbox.idempotencyKey })
      .returning({ id: outbox.id });
    if (!claimed) return { ok: true, duplicate: true };
    const result = await send().catch(() => ({ status: "failed" as const }));
    await db
      .update(outbox)
      .set({ status: result.status, providerId: "providerId" in result ? (result.providerId ?? null) : null })
      .where(eq(outbox.id, claimed.id));
    return { ok: result.status !== "failed", duplicate: false };
  } catch {
    return { ok: false, duplicate: false };
  }
}
