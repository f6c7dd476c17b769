// A babysitter's urgent requests on /urgent (where her notifications lead), newest first: the
// family (first name, initial, city), the Paris date and times, the children, the amount at her
// rate and where the request stands. An open one has 'Accepter' and 'Refuser': the first babysitter
// to accept gets a confirmed booking ('La garde est à vous !' and the way to it); one the server
// refuses (another took it, it closed, she has a sitting then) says why, and the list is read again.
// The list is asked again every 10 s while a request is open.
import { CalendarDays, Clock, MapPin, Siren } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { LoadError } from "@web/components/ui/page-states";
import { formatEuros } from "@web/lib/format";
import { formatLongDate, formatTimeRange } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import {
  type IncomingRequest,
  refreshIncoming,
  useAcceptUrgentRequest,
  useDeclineUrgentRequest,
  useIncomingRequests,
} from "../api/urgent-requests";
import { urgentTexts } from "../texts";
import { IncomingStateBadge, useChildrenText } from "./badges";
import { ListSkeleton } from "./list-skeleton";

export function IncomingRequests() {
  const { t } = useTranslation(urgentTexts);
  const list = useIncomingRequests();
  return (
    <PageFrame title={t("urgent.incoming.title")} intro={<p>{t("urgent.incoming.intro")}</p>}>
      <div className="flex max-w-3xl flex-col gap-6">
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <LoadError
            variant="card"
            toast
            message={t("urgent.incoming.loadError")}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.length === 0 ? (
          <div className="flex flex-col items-start gap-2 rounded-2xl border border-dashed border-night-600/40 bg-white p-6">
            <Siren aria-hidden="true" className="h-8 w-8 text-night-700" />
            <p className="font-semibold text-night-900">{t("urgent.incoming.empty")}</p>
            <p className="text-slate-700">{t("urgent.incoming.emptyHint")}</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-4">
            {list.data.map((request) => (
              <li key={request.id}>
                <IncomingCard request={request} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </PageFrame>
  );
}

function IncomingCard({ request }: { request: IncomingRequest }) {
  const { t } = useTranslation(urgentTexts);
  const childrenText = useChildrenText();
  const titleId = `urgent-${request.id}-title`;
  const family = `${request.family.first_name} ${request.family.last_name}`;
  const open = request.state === "open";
  // Set once she accepts here: the booking's link, in place of the buttons, takes the focus.
  const [accepted, setAccepted] = useState(false);
  return (
    <article
      aria-labelledby={titleId}
      data-urgent-request-id={request.id}
      className={`flex flex-col gap-4 rounded-2xl border bg-white p-5 shadow-sm ${open ? "border-glow-500" : "border-night-100"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold break-words text-night-900">
            {family}
          </h2>
          {request.family.city && (
            <p className="flex items-center gap-1 text-sm text-slate-700">
              <MapPin aria-hidden="true" className="h-3.5 w-3.5" />
              {request.family.city}
            </p>
          )}
        </div>
        <IncomingStateBadge state={request.state} />
      </div>

      <div className="grid gap-2 text-sm text-night-900 sm:grid-cols-[1fr_auto]">
        <div className="flex flex-col gap-1">
          <p className="flex items-center gap-2 font-medium">
            <CalendarDays aria-hidden="true" className="h-4 w-4 text-night-700" />
            <span className="inline-block first-letter:uppercase">{formatLongDate(request.start_time)}</span>
          </p>
          <p className="flex items-center gap-2">
            <Clock aria-hidden="true" className="h-4 w-4 text-night-700" />
            <span data-testid="urgent-times">{formatTimeRange(request.start_time, request.end_time)}</span>
          </p>
          {request.children.length > 0 && <p className="text-slate-700">{childrenText(request.children)}</p>}
        </div>
        <p className="text-lg font-bold sm:text-right" data-testid="urgent-amount">
          {t("urgent.incoming.amount", { amount: formatEuros(request.total_amount_cents) })}
        </p>
      </div>

      {request.special_instructions && (
        <p className="rounded-xl bg-night-50 p-3 text-sm break-words whitespace-pre-line text-slate-700">
          {request.special_instructions}
        </p>
      )}
      {request.address && (
        <p className="text-sm break-words text-night-900">
          {t("urgent.incoming.address", { address: request.address })}
        </p>
      )}

      {open && <Answer request={request} titleId={titleId} onAccepted={() => setAccepted(true)} />}
      {request.state === "mine" && request.booking_id && (
        <BookingLink bookingId={request.booking_id} focus={accepted} />
      )}
    </article>
  );
}

/** 'Accepter' and 'Refuser'; each names the family's heading as its description. */
function Answer({
  request,
  titleId,
  onAccepted,
}: {
  request: IncomingRequest;
  titleId: string;
  onAccepted: () => void;
}) {
  const { t } = useTranslation(urgentTexts);
  const accept = useAcceptUrgentRequest();
  const decline = useDeclineUrgentRequest();
  const busy = accept.isPending || decline.isPending;
  const refused = (fallback: string) => (error: unknown) => {
    notify.error(serverMessage(error, t, fallback));
    void refreshIncoming();
  };
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Button
        variant="ghost"
        className="border border-night-600"
        aria-describedby={titleId}
        disabled={busy}
        loading={decline.isPending}
        onClick={() =>
          decline.mutate(request.id, {
            onSuccess: () => notify.success(t("urgent.incoming.declined")),
            onError: refused("urgent.incoming.declineError"),
          })
        }
      >
        {t("urgent.incoming.decline")}
      </Button>
      <Button
        aria-describedby={titleId}
        disabled={busy}
        loading={accept.isPending}
        onClick={() =>
          accept.mutate(request.id, {
            onSuccess: () => {
              notify.success(t("urgent.incoming.accepted"));
              onAccepted();
            },
            onError: refused("urgent.incoming.acceptError"),
          })
        }
      >
        {t("urgent.incoming.accept")}
      </Button>
    </div>
  );
}

/** The way to the sitting she took; focused when it replaces the buttons she just pressed. */
function BookingLink({ bookingId, focus }: { bookingId: string; focus: boolean }) {
  const { t } = useTranslation(urgentTexts);
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focus) link.current?.focus();
  }, [focus]);
  return (
    <Link ref={link} to={`/bookings/${bookingId}`} className={buttonClasses("secondary", "md", "self-end")}>
      {t("urgent.incoming.viewBooking")}
    </Link>
  );
}
