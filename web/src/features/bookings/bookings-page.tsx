// /bookings: tabs Toutes / À venir / Passées, decided and paged on the server for the caller's side
// (parent or babysitter). The tab is in the URL (?filter=), so it survives a reload and can be
// linked.
import { CalendarDays, Siren } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { BOOKING_FILTERS, type BookingFilter } from "@db/schema/enums";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { TabList } from "@web/components/ui/tab-list";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { useSession } from "@web/lib/session";
import { useBookingList } from "./api/list-bookings";
import { BookingCard } from "./components/booking-card";
import { bookingsTexts } from "./texts";

const isFilter = (value: string | null): value is BookingFilter => BOOKING_FILTERS.includes(value as BookingFilter);
const PANEL_ID = "bookings-panel";
const tabId = (filter: BookingFilter) => `bookings-tab-${filter}`;

export function BookingsPage() {
  const { t } = useTranslation(bookingsTexts);
  const [params, setParams] = useSearchParams();
  const requested = params.get("filter");
  const filter: BookingFilter = isFilter(requested) ? requested : "all";
  const select = (next: BookingFilter) => setParams(next === "all" ? {} : { filter: next }, { replace: true });

  return (
    <PageFrame title={t("pages.bookings")}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabList
          tabs={BOOKING_FILTERS}
          selected={filter}
          onSelect={select}
          label={t("bookings.tabs.label")}
          labelOf={(value) => t(`bookings.tabs.${value}`)}
          idOf={tabId}
          panelId={PANEL_ID}
          className="inline-flex"
        />
        <UrgentLink />
      </div>
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(filter)} className="mt-6">
        <BookingList key={filter} filter={filter} />
      </div>
    </PageFrame>
  );
}

/** A family's way to an urgent request; a babysitter's to the urgent requests sent to her. */
function UrgentLink() {
  const { t } = useTranslation(bookingsTexts);
  const { data: profile } = useSession();
  if (profile?.user_type !== "parent" && profile?.user_type !== "babysitter") return null;
  const parent = profile.user_type === "parent";
  return (
    <Link to={parent ? "/urgent/new" : "/urgent"} className={buttonClasses(parent ? "primary" : "secondary")}>
      <Siren aria-hidden="true" className="h-4 w-4" />
      {t(parent ? "bookings.urgent.new" : "bookings.urgent.incoming")}
    </Link>
  );
}

function BookingList({ filter }: { filter: BookingFilter }) {
  const { t } = useTranslation(bookingsTexts);
  const list = useBookingList(filter);

  useEffect(() => {
    if (list.isError) notify.error(t("bookings.loadError"));
  }, [list.isError, t]);

  if (list.isPending) return <ListSkeleton />;
  if (list.isError)
    return (
      <div className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
        <p className="text-slate-700">{t("bookings.loadError")}</p>
        <Button className="mt-4" onClick={() => void list.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );

  const bookings = list.data.pages.flatMap((page) => page.bookings);
  if (bookings.length === 0) return <EmptyState filter={filter} />;
  return (
    <>
      <p className="mb-4 text-sm text-slate-700" aria-live="polite">
        {t("bookings.count", { count: list.data.pages[0].total })}
      </p>
      <ul className="flex flex-col gap-4">
        {bookings.map((booking) => (
          <li key={booking.id}>
            <BookingCard booking={booking} />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="ghost"
            className="border border-night-600"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t("bookings.loadMore")}
          </Button>
        </div>
      )}
    </>
  );
}

function EmptyState({ filter }: { filter: BookingFilter }) {
  const { t } = useTranslation(bookingsTexts);
  const { data: profile } = useSession();
  const sitter = profile?.user_type === "babysitter";
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-night-600/40 bg-white p-6">
      <CalendarDays aria-hidden="true" className="h-8 w-8 text-night-700" />
      {filter === "all" ? (
        <>
          <p className="font-semibold text-night-900">
            {t(sitter ? "bookings.empty.babysitter" : "bookings.empty.parent")}
          </p>
          <p className="text-slate-700">{t(sitter ? "bookings.empty.babysitterHint" : "bookings.empty.parentHint")}</p>
          <Link to={sitter ? "/profile" : "/search"} className={buttonClasses("secondary")}>
            {t(sitter ? "bookings.empty.babysitterAction" : "bookings.empty.parentAction")}
          </Link>
        </>
      ) : (
        <p className="font-semibold text-night-900">{t(`bookings.empty.${filter}`)}</p>
      )}
    </div>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <span className="sr-only" role="status">
        {t("common.loading")}
      </span>
      <ul className="flex flex-col gap-4">
        {[0, 1, 2].map((i) => (
          <li key={i} className="h-44 animate-pulse rounded-2xl bg-night-100" />
        ))}
      </ul>
    </div>
  );
}
