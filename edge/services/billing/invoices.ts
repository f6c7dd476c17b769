// A babysitter's invoices (settings → Abonnement, history and PDF): listed newest first, each with
// the link 'Voir' opens and the PDF saved as facture-{id}.pdf. Stripe's own PDF when Stripe issued
// the invoice; otherwise (demo provider, history) the Worker renders it with pdf-lib.
import { desc, eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { planNameKey } from "@db/constants/plans";
import { invoices, profiles, subscriptions } from "@db/schema";
import type { InvoiceDto } from "@db/validators/billing";
import type { BillingGateway } from "./gateway/gateway";
import { renderInvoicePdf } from "./invoice-pdf";
import { translate, type Lang } from "../../lib/i18n";
import { isRefundable, ownInvoice } from "./plan-changes";

type InvoiceRow = typeof invoices.$inferSelect;

/** Where 'Voir' and 'PDF' fetch an invoice of ours (the path under the configured public origin). */
export const invoiceDownloadPath = (id: string) => `/api/stripe/download-invoice/${id}`;

export function toInvoiceDto(invoice: InvoiceRow, origin: string, nowMs: number): InvoiceDto {
  return {
    id: invoice.id,
    number: invoice.number,
    created: invoice.createdAt,
    amount_paid: invoice.amountPaidCents,
    amount_due: invoice.amountDueCents,
    currency: invoice.currency,
    status: invoice.status,
    hosted_invoice_url: invoice.hostedInvoiceUrl ?? `${origin}${invoiceDownloadPath(invoice.id)}?disposition=inline`,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    refunded: invoice.refundedCents,
    refunded_at: invoice.refundedAt,
    refundable: isRefundable(invoice, nowMs),
  };
}

export async function listInvoices(db: Db, profileId: string, origin: string, nowMs: number): Promise<InvoiceDto[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.profileId, profileId))
    .orderBy(desc(invoices.createdAt), desc(invoices.sequence));
  return rows.map((row) => toInvoiceDto(row, origin, nowMs));
}

/** The PDF of one of the caller's invoices (another user's id: 404). */
export async function invoicePdf(
  db: Db,
  gateway: BillingGateway,
  profileId: string,
  invoiceId: string,
  lang: Lang,
): Promise<Uint8Array> {
  const invoice = await ownInvoice(db, profileId, invoiceId);
  if (invoice.invoicePdfUrl && gateway.kind === "stripe") {
    const fromStripe = await gateway.invoicePdf({
      providerInvoiceId: invoice.stripeInvoiceId,
      pdfUrl: invoice.invoicePdfUrl,
    });
    if (fromStripe) return fromStripe;
  }
  const [customer] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  const [subscription] = invoice.subscriptionId
    ? await db
        .select({ plan: subscriptions.plan })
        .from(subscriptions)
        .where(eq(subscriptions.id, invoice.subscriptionId))
    : [];
  return renderInvoicePdf({
    lang,
    number: invoice.number,
    issuedAt: invoice.createdAt,
    paidAt: invoice.status === "paid" ? (invoice.paidAt ?? invoice.createdAt) : null,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    planName: translate(lang, planNameKey(subscription?.plan ?? "standard")),
    totalCents: invoice.amountDueCents,
    currency: invoice.currency,
    refundedCents: invoice.refundedCents,
    refundedAt: invoice.refundedAt,
    customer: {
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      email: customer.email,
      address: customer.address,
      postalCode: customer.postalCode,
      city: customer.city,
    },
  });
}
