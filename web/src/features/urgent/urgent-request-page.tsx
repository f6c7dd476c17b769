// /urgent/{id} (parents): one of her urgent requests: its status (waiting for a babysitter, found,
// expired, cancelled), how many babysitters it reached and whether the search widened, the slot in
// Paris time, the children and the address; once a babysitter took it, who, and the way to the
// booking; while it waits, 'Annuler la demande' after a confirmation. Asked again every 10 s while
// it waits, so the family sees it taken without reloading. A babysitter's urgent requests are on
// /urgent (where her notifications lead), so she is sent there.
import { CalendarDays, Clock, MapPin, Search, UserRound } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, Navigate, useParams } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { PageFrame } from "@web/components/ui/page-frame";
import { LoadError, PageLoading } from "@web/components/ui/page-states";
import { ApiError } from "@web/lib/api-client";
import { formatLongDate, formatTimeRange } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useSession } from "@web/lib/session";
import { type UrgentRequest, useCancelUrgentRequest, useUrgentRequest } from "./api/urgent-requests";
import { UrgentStatusBadge, useChildrenText } from "./components/badges";
import { urgentTexts } from "./texts";

export function UrgentRequestPage() {
  const { t } = useTranslation(urgentTexts);
  const { data: profile } = useSession();
  if (!profile) return null; // the guard only renders this page with a session
  if (profile.user_type === "babysitter") return <Navigate to="/urgent" replace />;
  if (profile.user_type !== "parent")
    return (
      <PageFrame title={t("urgent.request.title")}>
        <p className="text-slate-700">{t("urgent.roleOnly")}</p>
      </PageFrame>
    );
  return <ParentRequest />;
}

function ParentRequest() {
  const { t } = useTranslation(urgentTexts);
  const { requestId = "" } = useParams();
  const query = useUrgentRequest(requestId);
  const status = query.error instanceof ApiError ? query.error.status : undefined;
  const title = t("urgent.request.title");

  if (query.isPending) return <PageLoading title={title} className="h-96" />;
  if (status === 404 || status === 400)
    return (
      <PageFrame title={title}>
        <div className="flex flex-col items-start gap-4 rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
          <p className="text-slate-700">{t("urgent.request.notFound")}</p>
          <Link to="/urgent" className={buttonClasses("secondary")}>
            {t("urgent.request.backToList")}
          </Link>
        </div>
      </PageFrame>
    );
  if (query.isError)
    return (
      <LoadError
        variant="page"
        toast
        title={title}
        message={t("urgent.request.loadError")}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <PageFrame title={title}>
      <div className="flex max-w-3xl flex-col gap-6">
        <RequestCard request={query.data} />
        <Link to="/urgent" className="self-start py-1 text-sm font-semibold text-glow-900 underline">
          {t("urgent.request.backToList")}
        </Link>
      </div>
    </PageFrame>
  );
}

function RequestCard({ request }: { request: UrgentRequest }) {
  const { t } = useTranslation(urgentTexts);
  const childrenText = useChildrenText();
  return (
    <article
      aria-labelledby="urgent-request-date"
      data-urgent-request-id={request.id}
      className="flex flex-col gap-5 rounded-2xl border border-night-100 bg-white p-5 shadow-sm sm:p-6"
    >
      {/* What changes while she waits is announced: the status, the babysitters reached, who took it. */}
      <div role="status" aria-live="polite" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="urgent-request-date" className="flex items-center gap-2 text-lg font-semibold text-night-900">
            <CalendarDays aria-hidden="true" className="h-5 w-5 shrink-0 text-night-700" />
            <span className="inline-block first-letter:uppercase">{formatLongDate(request.start_time)}</span>
          </h2>
          <UrgentStatusBadge status={request.status} />
        </div>
        <Reach request={request} />
        <Outcome request={request} />
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <Detail icon={<Clock aria-hidden="true" className="h-4 w-4" />} label={t("urgent.request.times")}>
          <span data-testid="urgent-times">{formatTimeRange(request.start_time, request.end_time)}</span>
        </Detail>
        <Detail icon={<UserRound aria-hidden="true" className="h-4 w-4" />} label={t("urgent.request.children")}>
          {childrenText(request.children)}
        </Detail>
        <Detail icon={<MapPin aria-hidden="true" className="h-4 w-4" />} label={t("urgent.request.address")}>
          <span className="break-words">{request.address}</span>
        </Detail>
        {request.special_instructions && (
          <Detail label={t("urgent.request.instructions")}>
            <span className="break-words whitespace-pre-line">{request.special_instructions}</span>
          </Detail>
        )}
      </dl>

      {request.status === "open" && <CancelRequest request={request} />}
    </article>
  );
}

function Detail({ icon, label, children }: { icon?: ReactNode; label: string; children: ReactNode }) {
  return (
    <>
      <dt className="flex items-center gap-2 font-medium text-night-900">
        <span className="text-night-700">{icon}</span>
        {label}
      </dt>
      <dd className="min-w-0 text-slate-700">{children}</dd>
    </>
  );
}

/** How many babysitters it reached (or which agency's team), and a widened search. */
function Reach({ request }: { request: UrgentRequest }) {
  const { t } = useTranslation(urgentTexts);
  return (
    <div className="flex flex-col gap-1 text-sm text-night-900">
      <p className="flex items-center gap-2" data-testid="urgent-recipients">
        <Search aria-hidden="true" className="h-4 w-4 shrink-0 text-night-700" />
        {request.agency
          ? `${t("urgent.request.toAgency", { name: request.agency.name })} · ${t("urgent.request.sentTo", { count: request.recipients })}`
          : t("urgent.request.sentTo", { count: request.recipients })}
      </p>
      {request.widened && (
        <p className="pl-6 text-slate-700" data-testid="urgent-widened">
          {t("urgent.request.widened", { radius: request.radius_km })}
        </p>
      )}
    </div>
  );
}

/** What happened, or what she waits for. */
function Outcome({ request }: { request: UrgentRequest }) {
  const { t } = useTranslation(urgentTexts);
  switch (request.status) {
    case "open":
      return <p className="rounded-xl bg-night-50 p-3 text-sm text-slate-700">{t("urgent.request.waiting")}</p>;
    case "filled": {
      const sitter = request.filled_by;
      return (
        <div className="flex flex-col gap-3 rounded-xl bg-green-50 p-4 text-sm text-green-950">
          <p>
            {sitter && (
              <strong className="font-semibold" data-testid="urgent-filled-by">
                {t("urgent.request.filledBy", { name: `${sitter.first_name} ${sitter.last_name}` })}
              </strong>
            )}{" "}
            {t("urgent.request.filledText")}
          </p>
          {request.booking_id && (
            <Link to={`/bookings/${request.booking_id}`} className={buttonClasses("secondary", "md", "self-start")}>
              {t("urgent.request.viewBooking")}
            </Link>
          )}
        </div>
      );
    }
    case "expired":
      return <p className="rounded-xl bg-night-50 p-3 text-sm text-slate-700">{t("urgent.request.expiredText")}</p>;
    case "cancelled":
      return <p className="rounded-xl bg-night-50 p-3 text-sm text-slate-700">{t("urgent.request.cancelledText")}</p>;
  }
}

function CancelRequest({ request }: { request: UrgentRequest }) {
  const { t } = useTranslation(urgentTexts);
  const cancel = useCancelUrgentRequest();
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    cancel.mutate(request.id, {
      onSuccess: () => notify.success(t("urgent.request.cancelled")),
      onError: (error) => notify.error(serverMessage(error, t, "urgent.request.cancelError")),
      onSettled: () => setAsking(false),
    });
  return (
    <div className="flex justify-end">
      <Button variant="ghost" className="border border-night-600" onClick={() => setAsking(true)}>
        {t("urgent.request.cancel")}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("urgent.request.cancelTitle")}
        message={t("urgent.request.cancelMessage")}
        confirmLabel={t("urgent.request.cancelConfirm")}
        cancelLabel={t("urgent.request.keep")}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
        busy={cancel.isPending}
      />
    </div>
  );
}
