// The calendar's days: Paris calendar dates ("YYYY-MM-DD"), weeks starting on Monday. A week view
// shows 7 days from its Monday; a month view the 6 weeks (42 days, the API's longest span) from the
// Monday on or before the month's first day, so every month fits whatever day it starts on.
import { addDays, dateMsOf, parisDateOf } from "@db/time/paris-time";

export const CALENDAR_VIEWS = ["week", "month"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const WEEK_DAYS = 7;
export const MONTH_GRID_DAYS = 42;

/** 0 for a Monday ... 6 for a Sunday. */
export const weekdayIndex = (date: string) => (new Date(dateMsOf(date)!).getUTCDay() + 6) % 7;

export const mondayOf = (date: string) => addDays(date, -weekdayIndex(date));

export const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/** The first of the month `months` before (negative) or after `date`'s. */
export function shiftMonth(date: string, months: number): string {
  const [year, month] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

/** The days a view shows around `anchor`: from (included) and to (excluded), as the API takes them. */
export function visibleSpan(view: CalendarView, anchor: string): { from: string; to: string; days: string[] } {
  const from = view === "week" ? mondayOf(anchor) : mondayOf(firstOfMonth(anchor));
  const count = view === "week" ? WEEK_DAYS : MONTH_GRID_DAYS;
  const days = Array.from({ length: count }, (_, index) => addDays(from, index));
  return { from, to: addDays(from, count), days };
}

/** The anchor of the previous (-1) or next (1) week or month. */
export const stepAnchor = (view: CalendarView, anchor: string, direction: -1 | 1) =>
  view === "week" ? addDays(mondayOf(anchor), direction * WEEK_DAYS) : shiftMonth(anchor, direction);

/** The Paris day a stored UTC time falls on. */
export const parisDayOf = (iso: string) => parisDateOf(Date.parse(iso));

/** A calendar date as an instant of that day everywhere (noon UTC), for the date formatters. */
export const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);

/** Whether the text is a real calendar date. */
export const isDate = (value: string | null): value is string => value !== null && dateMsOf(value) !== null;
