// A family's urgent requests on /urgent, newest first: each one's date, times, status and how many
// babysitters it reached, with the way to its page; and 'Nouvelle demande urgente'.
import { Clock, Siren } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { LoadError } from "@web/components/ui/page-states";
import { formatLongDate, formatTimeRange } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { type UrgentRequest, useUrgentRequests } from "../api/urgent-requests";
import { urgentTexts } from "../texts";
import { UrgentStatusBadge, useChildrenText } from "./badges";
import { ListSkeleton } from "./list-skeleton";

export function ParentRequests() {
  const { t } = useTranslation(urgentTexts);
  const list = useUrgentRequests();
  return (
    <PageFrame title={t("urgent.mine.title")} intro={<p>{t("urgent.mine.intro")}</p>}>
      <div className="flex max-w-3xl flex-col gap-6">
        <Link to="/urgent/new" className={buttonClasses("primary", "md", "self-start")}>
          <Siren aria-hidden="true" className="h-4 w-4" />
          {t("urgent.mine.new")}
        </Link>
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <LoadError variant="card" toast message={t("urgent.mine.loadError")} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <div className="flex flex-col gap-2 rounded-2xl border border-dashed border-night-600/40 bg-white p-6">
            <p className="font-semibold text-night-900">{t("urgent.mine.empty")}</p>
            <p className="text-slate-700">{t("urgent.mine.emptyHint")}</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-4">
            {list.data.map((request) => (
              <li key={request.id}>
                <RequestRow request={request} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </PageFrame>
  );
}

function RequestRow({ request }: { request: UrgentRequest }) {
  const { t } = useTranslation(urgentTexts);
  const childrenText = useChildrenText();
  const titleId = `urgent-${request.id}-title`;
  const date = formatLongDate(request.start_time);
  return (
    <article
      aria-labelledby={titleId}
      data-urgent-request-id={request.id}
      className="flex flex-col gap-3 rounded-2xl border border-night-100 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-night-900">
          <span className="inline-block first-letter:uppercase">{date}</span>
        </h2>
        <UrgentStatusBadge status={request.status} />
      </div>
      <p className="flex items-center gap-2 text-sm text-night-900">
        <Clock aria-hidden="true" className="h-4 w-4 text-night-700" />
        {formatTimeRange(request.start_time, request.end_time)}
      </p>
      <p className="text-sm text-slate-700">
        {childrenText(request.children)} ·{" "}
        {request.agency
          ? t("urgent.request.toAgency", { name: request.agency.name })
          : t("urgent.request.sentTo", { count: request.recipients })}
      </p>
      <Link
        to={`/urgent/${request.id}`}
        aria-label={t("urgent.mine.openLabel", { date })}
        className="self-start py-1 text-sm font-semibold text-glow-900 underline"
      >
        {t("urgent.mine.open")}
      </Link>
    </article>
  );
}
