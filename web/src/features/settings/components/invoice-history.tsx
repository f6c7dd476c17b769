// The invoice history (Settings → Abonnement): number, date, amount_paid / 100 in its currency, a
// badge ('Payée' when paid, 'En attente' otherwise, and 'Remboursée' once refunded, our addition),
// 'Voir' (the hosted invoice, in a new tab) and 'PDF' (facture-{id}.pdf). An invoice paid less than
// 14 days ago offers the refund of the guarantee: every payment of the current period within 14
// days is refunded, the plan ends and the rest of the Discovery trial comes back.
import type { UseQueryResult } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useEffect, useState } from "react";
import { REFUND_WINDOW_DAYS } from "@db/constants/plans";
import { LOCALE_TAGS } from "@db/i18n/languages";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { downloadInvoice } from "@web/lib/download-invoice";
import { formatEuros } from "@web/lib/format";
import { formatLongDate } from "@web/lib/format-paris";
import { currentLanguage, useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { getPlatform } from "@web/lib/platform";
import { serverMessage } from "@web/lib/server-message";
import type { Invoice } from "../api/get-invoices";
import { useRequestRefund } from "../api/request-refund";
import { settingsTexts } from "../texts";

const OUTLINED = "border border-night-600";

/** Amounts in euros use the product's format; another currency its own, in the interface language's locale. */
function formatAmount(cents: number, currency: string): string {
  if (currency.toLowerCase() === "eur") return formatEuros(cents);
  const locale = LOCALE_TAGS[currentLanguage()];
  return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

/** Our own invoice pages are API paths: the desktop app reaches them at its API origin. */
const invoiceLink = (url: string) => (url.startsWith("/") ? `${getPlatform().apiOrigin}${url}` : url);

export function InvoiceHistory({ query }: { query: UseQueryResult<{ invoices: Invoice[] }> }) {
  const { t } = useTranslation(settingsTexts);
  const [refunding, setRefunding] = useState<Invoice | null>(null);
  const refund = useRequestRefund();

  useEffect(() => {
    if (query.isError) notify.error(t("settings.subscription.loadError"));
  }, [query.isError, t]);

  const confirmRefund = (invoice: Invoice) =>
    refund.mutate(invoice.id, {
      onSuccess: ({ subscription }) =>
        notify.success(t(subscription ? "settings.invoices.refundDone" : "settings.invoices.refundDoneNoTrial")),
      onError: (error) => {
        console.error("refund failed", error);
        notify.error(serverMessage(error, t, "settings.invoices.refundError"));
      },
      onSettled: () => setRefunding(null),
    });

  return (
    <section aria-labelledby="invoices-title" className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
      <h3 id="invoices-title" className="text-lg font-semibold text-night-900">
        {t("settings.invoices.title")}
      </h3>
      {query.isPending ? (
        <div aria-busy="true" className="mt-4 h-16 animate-pulse rounded-xl bg-night-100">
          <span className="sr-only" role="status">
            {t("common.loading")}
          </span>
        </div>
      ) : query.isError ? (
        <div className="mt-4">
          <p className="text-slate-700">{t("settings.subscription.loadError")}</p>
          <Button className="mt-3" size="sm" loading={query.isFetching} onClick={() => void query.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      ) : query.data.invoices.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("settings.invoices.empty")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-night-100" data-testid="invoice-list">
          {query.data.invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} onRefund={() => setRefunding(invoice)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={refunding !== null}
        title={t("settings.invoices.refundDialog.title")}
        message={t("settings.invoices.refundDialog.message", { days: REFUND_WINDOW_DAYS })}
        confirmLabel={t("settings.invoices.refundDialog.confirm")}
        busy={refund.isPending}
        onConfirm={() => refunding && confirmRefund(refunding)}
        onCancel={() => setRefunding(null)}
      />
    </section>
  );
}

function InvoiceRow({ invoice, onRefund }: { invoice: Invoice; onRefund: () => void }) {
  const { t } = useTranslation(settingsTexts);
  const [downloading, setDownloading] = useState(false);
  const refunded = invoice.refunded > 0;
  const badge = refunded ? "refunded" : invoice.status === "paid" ? "paid" : "pending";
  const number = invoice.number;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvoice(invoice.id);
    } catch (error) {
      console.error("invoice download failed", error);
      notify.error(t("settings.invoices.downloadError"));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <li data-invoice-id={invoice.id} className="flex flex-col gap-3 py-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="font-semibold text-night-900">{t("settings.invoices.number", { number })}</p>
          <p className="text-sm text-slate-700 first-letter:uppercase">
            {t("settings.invoices.created", { date: formatLongDate(invoice.created) })}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span
            className={clsx(
              "inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset",
              badge === "paid" && "bg-green-100 text-green-900 ring-green-300",
              badge === "pending" && "bg-amber-100 text-amber-900 ring-amber-300",
              badge === "refunded" && "bg-slate-200 text-slate-800 ring-slate-400",
            )}
          >
            {t(`settings.invoices.${badge}`)}
          </span>
          <p className="text-lg font-bold text-night-900">{formatAmount(invoice.amount_paid, invoice.currency)}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {invoice.hosted_invoice_url && (
          <a
            href={invoiceLink(invoice.hosted_invoice_url)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("settings.invoices.viewLabel", { number })}
            className={buttonClasses("ghost", "sm", OUTLINED)}
          >
            {t("settings.invoices.view")}
          </a>
        )}
        <Button
          size="sm"
          variant="ghost"
          className={OUTLINED}
          loading={downloading}
          aria-label={t("settings.invoices.pdfLabel", { number })}
          onClick={() => void download()}
        >
          {t("settings.invoices.pdf")}
        </Button>
        {invoice.refundable && !refunded && (
          <Button
            size="sm"
            variant="ghost"
            className={OUTLINED}
            aria-label={t("settings.invoices.refundLabel", { number })}
            onClick={onRefund}
          >
            {t("settings.invoices.refund")}
          </Button>
        )}
      </div>
    </li>
  );
}
