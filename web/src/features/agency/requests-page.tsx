// /agency/requests ('Demandes'): the roster's bookings in three tabs, À traiter (requests still to
// answer), À venir, Passées, the tab in the URL (?filter=) so it survives a reload. The agency answers
// a request for its sitter: 'Accepter pour <sitter>' at once, 'Refuser pour <sitter>' after a
// question; then a toast, and every list of the agency space is asked again.
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { AgencyBookingAction, AgencyBookingDto } from "@db/validators/agencies";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { TabList } from "@web/components/ui/tab-list";
import { formatLongDate } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useAgencyBookings, useAnswerBooking } from "./api/bookings";
import type { AgencyBookingFilter } from "./api/keys";
import { AgencyBookingCard, familyName } from "./components/agency-booking-card";
import { AgencyPage } from "./components/agency-page";
import { ListSkeleton, LoadFailed } from "./components/load-states";
import { agencyTexts } from "./texts";

const TABS = ["requests", "upcoming", "past"] as const satisfies readonly AgencyBookingFilter[];
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);
const PANEL_ID = "agency-requests-panel";
const tabId = (tab: Tab) => `agency-requests-tab-${tab}`;

export function RequestsPage() {
  const { t } = useTranslation(agencyTexts);
  const [params, setParams] = useSearchParams();
  const requested = params.get("filter");
  const tab: Tab = isTab(requested) ? requested : "requests";
  const select = (next: Tab) => setParams(next === "requests" ? {} : { filter: next }, { replace: true });
  return (
    <AgencyPage title={t("agency.requests.title")} intro={t("agency.requests.intro")}>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={select}
        label={t("agency.requests.tabs.label")}
        labelOf={(value) => t(`agency.requests.tabs.${value}`)}
        idOf={tabId}
        panelId={PANEL_ID}
        className="inline-flex flex-wrap"
      />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(tab)} className="mt-6">
        <BookingList key={tab} filter={tab} />
      </div>
    </AgencyPage>
  );
}

const DONE_KEYS: Record<AgencyBookingAction, string> = {
  accept: "agency.requests.accepted",
  decline: "agency.requests.declined",
};

type Answering = { booking: AgencyBookingDto; action: AgencyBookingAction };

function BookingList({ filter }: { filter: Tab }) {
  const { t } = useTranslation(agencyTexts);
  const list = useAgencyBookings(filter);
  const answer = useAnswerBooking();
  const [answering, setAnswering] = useState<Answering | null>(null);
  const [declining, setDeclining] = useState<AgencyBookingDto | null>(null);

  const send = (booking: AgencyBookingDto, action: AgencyBookingAction) => {
    const sitter = booking.sitter.first_name;
    setAnswering({ booking, action });
    answer.mutate(
      { id: booking.id, action },
      {
        onSuccess: () => notify.success(t(DONE_KEYS[action], { sitter })),
        onError: (error) => notify.error(serverMessage(error, t, "errors.internal")),
        onSettled: () => {
          setAnswering(null);
          setDeclining(null);
        },
      },
    );
  };

  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  const { bookings } = list.data;
  if (bookings.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-night-600/40 bg-white p-6 font-semibold text-night-900">
        {t(`agency.requests.empty.${filter}`)}
      </p>
    );
  return (
    <>
      <p className="mb-4 text-sm text-slate-700" aria-live="polite">
        {t("agency.requests.count", { count: bookings.length })}
      </p>
      <ul className="flex flex-col gap-4">
        {bookings.map((booking) => (
          <li key={booking.id}>
            <AgencyBookingCard
              booking={booking}
              pending={answering?.booking.id === booking.id ? answering.action : null}
              busy={answering !== null}
              onAction={(action) => (action === "decline" ? setDeclining(booking) : send(booking, action))}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={declining !== null}
        title={declining ? t("agency.requests.declineTitle", { sitter: declining.sitter.first_name }) : ""}
        message={
          declining
            ? t("agency.requests.declineText", {
                family: familyName(declining),
                date: formatLongDate(declining.start_time),
              })
            : ""
        }
        confirmLabel={declining ? t("agency.requests.decline", { sitter: declining.sitter.first_name }) : ""}
        busy={answer.isPending}
        onConfirm={() => declining && send(declining, "decline")}
        onCancel={() => setDeclining(null)}
      />
    </>
  );
}
