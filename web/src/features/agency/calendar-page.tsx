// /agency/calendar ('Calendrier'): the roster's sittings in a week (7 columns, Monday first) or a
// month (the 6-week grid), with 'précédent' / 'suivant' and 'Aujourd'hui'; each sitting in its Paris
// day with the sitter, the times and the status (a request still to answer is dashed amber, a
// confirmed sitting solid green). Below, each sitter's weekly availability. The view and the day
// shown are in the URL (?view=month&date=2026-05-04), so a reload or a link keeps them. The API is
// asked for exactly the visible span (7 or 42 days).
import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useSearchParams } from "react-router-dom";
import { WEEKDAYS } from "@db/schema/enums";
import { parisToday } from "@db/time/paris-time";
import type { AgencyBookingDto } from "@db/validators/agencies";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { formatClockTime, formatTimeRange } from "@web/lib/format-paris";
import { formatValue, useTranslation } from "@web/lib/i18n";
import { useAgencyCalendar } from "./api/calendar";
import { AgencyPage } from "./components/agency-page";
import { STATUS_TONES } from "./components/booking-status";
import { ListSkeleton, LoadFailed } from "./components/load-states";
import { ScrollBox } from "./components/scroll-box";
import {
  CALENDAR_VIEWS,
  type CalendarView,
  isDate,
  mondayOf,
  noonOf,
  parisDayOf,
  stepAnchor,
  visibleSpan,
} from "./calendar";
import { agencyTexts } from "./texts";

type CalendarData = NonNullable<ReturnType<typeof useAgencyCalendar>["data"]>;
type Availability = CalendarData["availability"][number];

const formatDate = (date: string, options: Intl.DateTimeFormatOptions) =>
  formatValue(noonOf(date), "datetime", { ...options, timeZone: "UTC" });

/** A sitting's look by its status: dashed amber while it waits for an answer, solid once confirmed. */
const ENTRY_CLASSES: Record<AgencyBookingDto["status"], string> = {
  pending: "border-2 border-dashed border-amber-500 bg-amber-50",
  confirmed: "border border-l-4 border-green-700 bg-green-50",
  completed: "border border-l-4 border-sky-700 bg-sky-50",
  cancelled: "border border-slate-400 bg-slate-50",
};

export function CalendarPage() {
  const { t } = useTranslation(agencyTexts);
  const [params, setParams] = useSearchParams();
  const today = parisToday();
  const view: CalendarView = params.get("view") === "month" ? "month" : "week";
  const requested = params.get("date");
  const anchor = isDate(requested) ? requested : today;
  const span = visibleSpan(view, anchor);
  const calendar = useAgencyCalendar(span.from, span.to);

  const show = (nextView: CalendarView, nextAnchor: string) =>
    setParams(
      {
        ...(nextView === "month" && { view: "month" }),
        ...(nextAnchor !== today && { date: nextAnchor }),
      },
      { replace: true },
    );

  const heading =
    view === "week"
      ? t("agency.calendar.weekOf", {
          date: formatDate(mondayOf(anchor), { day: "numeric", month: "long", year: "numeric" }),
        })
      : formatDate(anchor, { month: "long", year: "numeric" });

  return (
    <AgencyPage title={t("agency.calendar.title")} intro={t("agency.calendar.intro")}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label={t("agency.calendar.views.label")}
          className="inline-flex gap-1 rounded-2xl bg-night-100 p-1"
        >
          {CALENDAR_VIEWS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              onClick={() => show(value, anchor)}
              className={clsx(
                "rounded-xl px-4 py-2 text-sm font-semibold",
                view === value ? "bg-white text-night-900 shadow-sm" : "text-night-700 hover:bg-white/60",
              )}
            >
              {t(`agency.calendar.views.${value}`)}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="ghost"
            className="border border-night-600"
            onClick={() => show(view, stepAnchor(view, anchor, -1))}
          >
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            {t(`agency.calendar.previous.${view}`)}
          </Button>
          <Button variant="ghost" className="border border-night-600" onClick={() => show(view, today)}>
            {t("agency.calendar.today")}
          </Button>
          <Button
            variant="ghost"
            className="border border-night-600"
            onClick={() => show(view, stepAnchor(view, anchor, 1))}
          >
            {t(`agency.calendar.next.${view}`)}
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      </div>
      <h2 className="mt-6 text-xl font-semibold text-night-900 first-letter:uppercase" aria-live="polite">
        {heading}
      </h2>
      <Legend />
      <div className="mt-4" aria-busy={calendar.isFetching || undefined}>
        {calendar.isPending ? (
          <ListSkeleton rows={1} className="h-64" />
        ) : calendar.isError ? (
          <LoadFailed onRetry={() => void calendar.refetch()} />
        ) : view === "week" ? (
          <WeekGrid days={span.days} today={today} bookings={calendar.data.bookings} />
        ) : (
          <MonthGrid days={span.days} month={anchor.slice(0, 7)} today={today} bookings={calendar.data.bookings} />
        )}
      </div>
      {calendar.data && <AvailabilityTable availability={calendar.data.availability} />}
    </AgencyPage>
  );
}

function Legend() {
  const { t } = useTranslation(agencyTexts);
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span>{t("agency.calendar.legend")}</span>
      <Badge tone={STATUS_TONES.pending}>{t("booking.status.pending")}</Badge>
      <Badge tone={STATUS_TONES.confirmed}>{t("booking.status.confirmed")}</Badge>
      <Badge tone={STATUS_TONES.completed}>{t("booking.status.completed")}</Badge>
    </p>
  );
}

/** The bookings of each day shown, by start time. */
function byDay(bookings: AgencyBookingDto[]): Map<string, AgencyBookingDto[]> {
  const days = new Map<string, AgencyBookingDto[]>();
  for (const booking of [...bookings].sort((a, b) => a.start_time.localeCompare(b.start_time))) {
    const day = parisDayOf(booking.start_time);
    days.set(day, [...(days.get(day) ?? []), booking]);
  }
  return days;
}

function WeekGrid({ days, today, bookings }: { days: string[]; today: string; bookings: AgencyBookingDto[] }) {
  const { t } = useTranslation(agencyTexts);
  const perDay = byDay(bookings);
  return (
    <ol className="grid gap-3 md:grid-cols-7" data-testid="calendar-week">
      {days.map((day) => {
        const entries = perDay.get(day) ?? [];
        return (
          <li
            key={day}
            data-day={day}
            aria-current={day === today ? "date" : undefined}
            className={clsx(
              "flex min-w-0 flex-col gap-2 rounded-2xl border bg-white p-3",
              day === today ? "border-glow-500 ring-2 ring-glow-400" : "border-night-100",
            )}
          >
            <h3 className="text-sm font-semibold text-night-900 first-letter:uppercase">
              {formatDate(day, { weekday: "long", day: "numeric", month: "long" })}
            </h3>
            {entries.length === 0 ? (
              <p className="text-xs text-slate-700">{t("agency.calendar.noBooking")}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {entries.map((booking) => (
                  <li key={booking.id}>
                    <WeekEntry booking={booking} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function WeekEntry({ booking }: { booking: AgencyBookingDto }) {
  const { t } = useTranslation(agencyTexts);
  return (
    <div
      data-booking-id={booking.id}
      data-status={booking.status}
      className={clsx("flex flex-col gap-1 rounded-xl p-2 text-sm", ENTRY_CLASSES[booking.status])}
    >
      <span className="break-words font-semibold text-night-900">
        {booking.sitter.first_name} {booking.sitter.last_name}
      </span>
      <span className="text-night-900">{formatTimeRange(booking.start_time, booking.end_time)}</span>
      <span>
        <Badge tone={STATUS_TONES[booking.status]}>{t(`booking.status.${booking.status}`)}</Badge>
      </span>
    </div>
  );
}

/** Sittings a month's day lists before '+ n autres'. */
const MONTH_DAY_ENTRIES = 3;

function MonthGrid({
  days,
  month,
  today,
  bookings,
}: {
  days: string[];
  month: string;
  today: string;
  bookings: AgencyBookingDto[];
}) {
  const { t } = useTranslation(agencyTexts);
  const perDay = byDay(bookings);
  const weeks = Array.from({ length: days.length / 7 }, (_, index) => days.slice(index * 7, index * 7 + 7));
  return (
    <ScrollBox label={formatDate(`${month}-01`, { month: "long", year: "numeric" })}>
      <table className="w-full min-w-[42rem] table-fixed border-collapse text-sm" data-testid="calendar-month">
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday} scope="col" className="border-b border-night-100 px-2 py-2 text-left font-semibold">
                {t(`weekdays.${weekday}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const entries = perDay.get(day) ?? [];
                const inMonth = day.startsWith(month);
                return (
                  <td
                    key={day}
                    data-day={day}
                    aria-current={day === today ? "date" : undefined}
                    className={clsx(
                      "h-28 border border-night-100 p-1.5 align-top",
                      !inMonth && "bg-night-50",
                      day === today && "outline outline-2 -outline-offset-2 outline-glow-500",
                    )}
                  >
                    <span
                      className={clsx("block text-xs font-semibold", inMonth ? "text-night-900" : "text-slate-600")}
                    >
                      {formatDate(day, { day: "numeric", month: "short" })}
                    </span>
                    <ul className="mt-1 flex flex-col gap-1">
                      {entries.slice(0, MONTH_DAY_ENTRIES).map((booking) => (
                        <li
                          key={booking.id}
                          data-booking-id={booking.id}
                          data-status={booking.status}
                          className={clsx(
                            "rounded-md px-1.5 py-0.5 text-xs text-night-900",
                            ENTRY_CLASSES[booking.status],
                          )}
                        >
                          <span className="block truncate font-semibold">
                            {formatClockTime(booking.start_time)} {booking.sitter.first_name}
                          </span>
                          <span className="sr-only">
                            {t("agency.calendar.entry", {
                              sitter: `${booking.sitter.first_name} ${booking.sitter.last_name}`,
                              times: formatTimeRange(booking.start_time, booking.end_time),
                              status: t(`booking.status.${booking.status}`),
                            })}
                          </span>
                        </li>
                      ))}
                    </ul>
                    {entries.length > MONTH_DAY_ENTRIES && (
                      <span className="mt-1 block text-xs text-slate-700">
                        {t("agency.calendar.more", { count: entries.length - MONTH_DAY_ENTRIES })}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

function AvailabilityTable({ availability }: { availability: Availability[] }) {
  const { t } = useTranslation(agencyTexts);
  return (
    <section aria-labelledby="team-availability" className="mt-10">
      <h2 id="team-availability" className="text-xl font-semibold text-night-900">
        {t("agency.calendar.availability.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("agency.calendar.availability.intro")}</p>
      {availability.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("agency.calendar.availability.empty")}</p>
      ) : (
        <div className="mt-3">
          <ScrollBox labelledBy="team-availability">
            <table className="w-full min-w-[48rem] border-collapse text-sm">
              <thead>
                <tr>
                  <th scope="col" className="border-b border-night-100 px-3 py-2 text-left font-semibold">
                    {t("agency.calendar.availability.sitter")}
                  </th>
                  {WEEKDAYS.map((weekday) => (
                    <th
                      key={weekday}
                      scope="col"
                      className="border-b border-night-100 px-3 py-2 text-left font-semibold"
                    >
                      {t(`weekdays.${weekday}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {availability.map((sitter) => (
                  <tr key={sitter.sitter_id} className="border-b border-night-100 last:border-b-0">
                    <th scope="row" className="min-w-40 px-3 py-2 text-left font-medium text-night-900">
                      {sitter.first_name} {sitter.last_name}
                    </th>
                    {WEEKDAYS.map((weekday) => {
                      const ranges = sitter.weekly[weekday] ?? [];
                      return (
                        <td key={weekday} className="px-3 py-2 align-top text-night-900">
                          {ranges.length === 0
                            ? t("agency.calendar.availability.none")
                            : ranges.map(([start, end]) => (
                                <span key={start} className="block whitespace-nowrap">
                                  {start}–{end}
                                </span>
                              ))}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </div>
      )}
    </section>
  );
}
