// An account's record under its card: latest bookings, plan, invoices, reports about its content
// and its audit trail (what it did and what was done to it), each a section of its own with an
// empty state. Lists rather than tables, so they read on a phone without scrolling sideways.
import { clsx } from "clsx";
import { type ReactNode, useId } from "react";
import type { AdminUserDetail } from "@db/validators/admin-users";
import { formatEuros } from "@web/lib/format";
import { formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { useAuditLabels } from "../../components/audit-labels";
import { useDateTime } from "../../components/date-time";
import { adminUsersTexts } from "../texts";

type HistoryProps = { title: string; empty: string; isEmpty: boolean; children: ReactNode };

function HistorySection({ title, empty, isEmpty, children }: HistoryProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <h3 id={headingId} className="mb-2 text-lg font-bold">
        {title}
      </h3>
      {isEmpty ? <p className="text-slate-700">{empty}</p> : children}
    </section>
  );
}

const List = ({ children }: { children: ReactNode }) => <ul className="divide-y divide-night-100">{children}</ul>;

/** A row of the record: what (bold), its tags, then the details and a line of small print. */
function Entry({ title, tags, children, meta }: { title: string; tags: string[]; children?: ReactNode; meta: string }) {
  return (
    <li className="py-3">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold text-night-900">{title}</span>
        {tags.map((tag) => (
          <span key={tag} className="rounded-full bg-night-50 px-2 py-0.5 text-xs font-medium text-night-800">
            {tag}
          </span>
        ))}
      </p>
      {children}
      <p className="mt-1 text-sm text-slate-700">{meta}</p>
    </li>
  );
}

export function UserHistory({ detail }: { detail: AdminUserDetail }) {
  return (
    <>
      <BookingsSection bookings={detail.bookings} />
      <SubscriptionSection subscription={detail.subscription} />
      <InvoicesSection invoices={detail.invoices} />
      <ReportsSection reports={detail.reports} />
      <AuditSection audit={detail.audit} />
    </>
  );
}

function BookingsSection({ bookings }: { bookings: AdminUserDetail["bookings"] }) {
  const { t, language } = useTranslation(adminUsersTexts);
  const dateTime = useDateTime();
  return (
    <HistorySection
      title={t("adminUsers.bookings.title")}
      empty={t("adminUsers.bookings.empty")}
      isEmpty={bookings.length === 0}
    >
      <List>
        {bookings.map((booking) => (
          <Entry
            key={booking.id}
            title={dateTime(booking.start_time)}
            tags={[t(`booking.status.${booking.status}`, { defaultValue: booking.status })]}
            meta={formatEuros(booking.total_cents, language)}
          >
            <p className="mt-1 text-night-900">
              {t(`adminUsers.bookings.side.${booking.side}`, { name: booking.other_party })}
            </p>
          </Entry>
        ))}
      </List>
    </HistorySection>
  );
}

function SubscriptionSection({ subscription }: { subscription: AdminUserDetail["subscription"] }) {
  const { t, language } = useTranslation(adminUsersTexts);
  return (
    <HistorySection
      title={t("adminUsers.subscription.title")}
      empty={t("adminUsers.subscription.empty")}
      isEmpty={!subscription}
    >
      {subscription && (
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          <Pair label={t("adminUsers.subscription.plan")}>{t(`adminShared.plans.${subscription.plan}`)}</Pair>
          <Pair label={t("adminUsers.subscription.status")}>
            {t(`adminUsers.subscription.statuses.${subscription.status}`, { defaultValue: subscription.status })}
            {subscription.cancel_at_period_end && ` · ${t("adminUsers.subscription.cancelAtPeriodEnd")}`}
          </Pair>
          <Pair label={t("adminUsers.subscription.amount")}>{formatEuros(subscription.amount_cents, language)}</Pair>
          <Pair label={t("adminUsers.subscription.periodEnd")}>
            {formatDay(subscription.current_period_end, language)}
          </Pair>
          <Pair label={t("adminUsers.subscription.paymentMethod")}>
            {subscription.payment_method ?? t("adminShared.none")}
          </Pair>
        </dl>
      )}
    </HistorySection>
  );
}

function Pair({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="text-night-900">{children}</dd>
    </div>
  );
}

function InvoicesSection({ invoices }: { invoices: AdminUserDetail["invoices"] }) {
  const { t, language } = useTranslation(adminUsersTexts);
  return (
    <HistorySection
      title={t("adminUsers.invoices.title")}
      empty={t("adminUsers.invoices.empty")}
      isEmpty={invoices.length === 0}
    >
      <List>
        {invoices.map((invoice) => (
          <Entry
            key={invoice.id}
            title={t("adminUsers.invoices.number", { number: invoice.number })}
            tags={[t(`adminUsers.invoices.statuses.${invoice.status}`, { defaultValue: invoice.status })]}
            meta={`${formatDay(invoice.created_at, language)} · ${formatEuros(invoice.amount_paid_cents, language)}`}
          />
        ))}
      </List>
    </HistorySection>
  );
}

function ReportsSection({ reports }: { reports: AdminUserDetail["reports"] }) {
  const { t } = useTranslation(adminUsersTexts);
  const dateTime = useDateTime();
  const labels = useAuditLabels();
  return (
    <HistorySection
      title={t("adminUsers.reports.title")}
      empty={t("adminUsers.reports.empty")}
      isEmpty={reports.length === 0}
    >
      <List>
        {reports.map((report) => (
          <Entry
            key={report.id}
            title={t(`adminUsers.reports.types.${report.type}`, { defaultValue: report.type })}
            tags={[
              t(`adminUsers.reports.statuses.${report.status}`, { defaultValue: report.status }),
              labels.severity(report.severity),
            ]}
            meta={dateTime(report.reported_at)}
          >
            <p className="mt-1 text-night-900">{report.reason}</p>
          </Entry>
        ))}
      </List>
    </HistorySection>
  );
}

function AuditSection({ audit }: { audit: AdminUserDetail["audit"] }) {
  const { t } = useTranslation(adminUsersTexts);
  const dateTime = useDateTime();
  const labels = useAuditLabels();
  return (
    <HistorySection
      title={t("adminUsers.audit.title")}
      empty={t("adminUsers.audit.empty")}
      isEmpty={audit.length === 0}
    >
      <List>
        {audit.map((entry) => {
          const meta = [
            dateTime(entry.created_at),
            entry.actor_name ? t("adminUsers.audit.by", { name: entry.actor_name }) : t("adminUsers.audit.system"),
            entry.ip_address && t("adminUsers.audit.ip", { ip: entry.ip_address }),
          ];
          return (
            <Entry
              key={entry.id}
              title={labels.action(entry.action)}
              tags={[labels.status(entry.status), labels.severity(entry.severity)]}
              meta={meta.filter(Boolean).join(" · ")}
            >
              {entry.details && (
                <p className={clsx("mt-1 text-night-900", entry.status === "failure" && "text-red-800")}>
                  {entry.details}
                </p>
              )}
            </Entry>
          );
        })}
      </List>
    </HistorySection>
  );
}
