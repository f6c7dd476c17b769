// The account itself, at the top of its page: name (the page's h2) and status, then who it is and
// how it stands (email confirmed or not, role, plan, last sign-in); when suspended or deleted, since
// when and, for a suspension, the reason its owner is shown at sign-in.
import { type ReactNode, useId } from "react";
import type { AdminUserDetail } from "@db/validators/admin-users";
import { formatDay, formatRating } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { useDateTime } from "../../components/date-time";
import { adminUsersTexts } from "../texts";
import { AccountStatusBadge } from "./status-badge";

type Account = AdminUserDetail["user"];

export function AccountCard({ user }: { user: Account }) {
  const { t, language } = useTranslation(adminUsersTexts);
  const dateTime = useDateTime();
  const none = t("adminShared.none");
  const headingId = useId();
  const address = [user.address, user.postal_code].filter(Boolean).join(", ");
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-2xl font-bold">
          {user.first_name} {user.last_name}
        </h2>
        <AccountStatusBadge status={user.status} />
      </div>
      <StatusNote user={user} />
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Field label={t("adminUsers.user.email")}>
          {user.email}{" "}
          <span className={user.email_verified ? "text-green-800" : "text-red-800"}>
            ({t(user.email_verified ? "adminUsers.user.emailConfirmed" : "adminUsers.user.emailNotConfirmed")})
          </span>
        </Field>
        <Field label={t("adminUsers.user.phone")}>{user.phone ?? none}</Field>
        <Field label={t("adminUsers.user.city")}>{user.city ?? none}</Field>
        <Field label={t("adminUsers.user.address")}>{address || none}</Field>
        <Field label={t("adminUsers.user.role")}>{t(`adminUsers.roles.${user.role}`)}</Field>
        <Field label={t("adminUsers.user.verified")}>{t(user.verified ? "adminUsers.yes" : "adminUsers.no")}</Field>
        <Field label={t("adminUsers.user.plan")}>{user.plan ? t(`adminShared.plans.${user.plan}`) : none}</Field>
        {user.total_reviews > 0 && (
          <Field label={t("adminUsers.user.rating")}>
            {t("adminUsers.user.ratingValue", {
              rating: formatRating(user.rating, language),
              count: user.total_reviews,
            })}
          </Field>
        )}
        <Field label={t("adminUsers.user.language")}>
          {t(`common.languages.${user.language}`, { defaultValue: user.language })}
        </Field>
        <Field label={t("adminUsers.user.createdAt")}>{formatDay(user.created_at, language)}</Field>
        <Field label={t("adminUsers.user.lastSignIn")}>
          {user.last_sign_in_at ? dateTime(user.last_sign_in_at) : t("adminUsers.user.never")}
        </Field>
      </dl>
    </section>
  );
}

function StatusNote({ user }: { user: Account }) {
  const { t } = useTranslation(adminUsersTexts);
  const dateTime = useDateTime();
  if (user.status === "suspended" && user.suspended_at)
    return (
      <div className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
        <p className="font-semibold">{t("adminUsers.user.suspendedOn", { date: dateTime(user.suspended_at) })}</p>
        {user.suspension_reason && (
          <p className="mt-1">{t("adminUsers.user.suspensionReason", { reason: user.suspension_reason })}</p>
        )}
      </div>
    );
  if (user.status === "deleted" && user.deleted_at)
    return (
      <p className="mt-3 rounded-xl border border-slate-300 bg-slate-100 p-3 font-semibold text-slate-800">
        {t("adminUsers.user.deletedOn", { date: dateTime(user.deleted_at) })}
      </p>
    );
  return null;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-0.5 text-night-900">{children}</dd>
    </div>
  );
}
