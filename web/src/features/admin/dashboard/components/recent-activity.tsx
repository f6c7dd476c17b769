// The latest audit entries of the period (ten at most, newest first): what happened, in words (its
// dotted name while it has none), who did it ('Système' when no one), when in Paris time, and
// whether it worked; the whole log is a link away.
import { useId } from "react";
import { Link } from "react-router-dom";
import type { AuditStatus } from "@db/schema/enums";
import type { AdminDashboard } from "@db/validators/admin-dashboard";
import { useTranslation } from "@web/lib/i18n";
import { adminSectionPath } from "../../admin-sections";
import { useAuditLabels } from "../../components/audit-labels";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { useDateTime } from "../../components/date-time";
import { adminDashboardTexts } from "../texts";

const STATUS_TONES: Record<AuditStatus, BadgeTone> = { success: "green", failure: "red", warning: "amber" };

export function RecentActivity({ entries }: { entries: AdminDashboard["recent_activity"] }) {
  const { t } = useTranslation(adminDashboardTexts);
  const labels = useAuditLabels();
  const dateTime = useDateTime();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-night-100 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-night-900">
          {t("adminDashboard.activity.title")}
        </h2>
        <Link to={adminSectionPath("audit")} className="py-1 text-sm font-semibold text-glow-900 underline">
          {t("adminDashboard.activity.all")}
        </Link>
      </div>
      {entries.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("adminDashboard.activity.empty")}</p>
      ) : (
        <ol className="mt-2 divide-y divide-night-100">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 py-3">
              <div className="min-w-0">
                <p className="break-words font-semibold text-night-900">{labels.action(entry.action)}</p>
                <p className="break-words text-sm text-slate-700">
                  {entry.user_name ?? t("adminDashboard.activity.system")} ·{" "}
                  <time dateTime={entry.created_at}>{dateTime(entry.created_at)}</time>
                </p>
              </div>
              <Badge tone={STATUS_TONES[entry.status]}>{labels.status(entry.status)}</Badge>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
