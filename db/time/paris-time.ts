// Europe/Paris wall-clock time <-> UTC instants, with the Intl API only (no time-zone data to ship).
// Times are stored in UTC and shown in Paris time; forms send a Paris date and time.
// Shared by the server (booking rules), the web app (the booking form's estimate) and the seed.

import { MINUTE_MS } from "../constants/limits";

export const PARIS_TIME_ZONE = "Europe/Paris";
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** "2026-04-14" */
const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** "09:30", 00:00 to 23:59 */
export const LOCAL_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Built on first use, not when the module loads: the first formatter with a time zone loads the
 * zone's data, ~45 ms of a page's start on Lighthouse's phone CPU, which pages that import this
 * module only to format a rating (/search) never need.
 */
let parisFormat: Intl.DateTimeFormat | undefined;
const parisFormatter = () =>
  (parisFormat ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: PARIS_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }));

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function parisWallClock(instantMs: number): WallClock {
  const parts = Object.fromEntries(
    parisFormatter()
      .formatToParts(new Date(instantMs))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: +parts.year,
    month: +parts.month,
    day: +parts.day,
    hour: +parts.hour,
    minute: +parts.minute,
    second: +parts.second,
  };
}

/** Minutes Paris is ahead of UTC at this instant (60 in winter, 120 in summer). */
export function parisOffsetMinutes(instantMs: number): number {
  const c = parisWallClock(instantMs);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / MINUTE_MS);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The Paris calendar date of an instant, "YYYY-MM-DD". */
export function parisDateOf(instantMs: number): string {
  const c = parisWallClock(instantMs);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** The Paris wall-clock time of an instant, "HH:mm". */
export function parisTimeOf(instantMs: number): string {
  const c = parisWallClock(instantMs);
  return `${pad(c.hour)}:${pad(c.minute)}`;
}

/** Today in Paris, "YYYY-MM-DD". */
export const parisToday = (nowMs: number = Date.now()) => parisDateOf(nowMs);

/** UTC midnight of a "YYYY-MM-DD" date (calendar arithmetic only), or null when it is no real date. */
export function dateMsOf(date: string): number | null {
  const match = LOCAL_DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [+match[1], +match[2], +match[3]];
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? ms : null;
}

/** "2026-04-14" + n days. */
export function addDays(date: string, days: number): string {
  const ms = dateMsOf(date);
  if (ms === null) throw new Error(`not a date: ${date}`);
  return new Date(ms + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The UTC instant (ms) of a Paris wall-clock time, or null when the input is malformed or that time
 * does not exist in Paris (the hour skipped when clocks go forward, e.g. 02:30 on the last Sunday
 * of March). A time that happens twice (the hour repeated in late October) is its first occurrence.
 */
export function parisToUtcMs(date: string, time: string): number | null {
  const dayMs = dateMsOf(date);
  const clock = LOCAL_TIME_PATTERN.exec(time);
  if (dayMs === null || !clock) return null;
  const naive = dayMs + (+clock[1] * 60 + +clock[2]) * MINUTE_MS;
  // Paris changes offset at most once a day: the offsets a day before and after are the candidates.
  const offsets = new Set([parisOffsetMinutes(naive - DAY_MS), parisOffsetMinutes(naive + DAY_MS)]);
  const matches = [...offsets]
    .map((offset) => naive - offset * MINUTE_MS)
    .filter((instant) => parisDateOf(instant) === date && parisTimeOf(instant) === time)
    .sort((a, b) => a - b);
  return matches[0] ?? null;
}

/** The same, as stored: ISO-8601 UTC with milliseconds ("2026-04-14T14:30:00.000Z"), or null. */
export function parisToUtcIso(date: string, time: string): string | null {
  const ms = parisToUtcMs(date, time);
  return ms === null ? null : new Date(ms).toISOString();
}

/**
 * The mark an end on a later Paris day gets, per interface language: "(+1 j)", "(+1 d)". Locale data
 * of the one time-range formatter below (as Intl holds month names), so the web app, the emails and
 * the notices all say it the same way.
 */
const LATER_DAY_MARK: Record<"fr" | "en", (days: number) => string> = {
  fr: (days) => `(+${days} j)`,
  en: (days) => `(+${days} d)`,
};

/**
 * Paris calendar days from a sitting's start to its end: 0 the same evening, 1 when it ends after
 * midnight. An end at exactly midnight closes the start's day (0): "20:00 – 00:00" needs no mark.
 */
export function parisDaysLater(startIso: string, endIso: string): number {
  const startDay = dateMsOf(parisDateOf(Date.parse(startIso)))!;
  const endDay = dateMsOf(parisDateOf(Date.parse(endIso) - 1))!;
  return Math.max(0, Math.round((endDay - startDay) / DAY_MS));
}

/** A sitting's end as its Paris clock time, marked when it falls on a later day: "01:00 (+1 j)". */
export function parisEndTime(startIso: string, endIso: string, lang: "fr" | "en"): string {
  const days = parisDaysLater(startIso, endIso);
  const end = parisTimeOf(Date.parse(endIso));
  return days > 0 ? `${end} ${LATER_DAY_MARK[lang](days)}` : end;
}

/** A length of time as the screens, emails and notices write it, in both languages: "3 h 07". */
export const formatDuration = (minutes: number) =>
  `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")}`;

/**
 * THE time range of a booking, wherever one is shown (lists, detail, dashboard, emails, notices):
 * Paris clock times (24 h in both languages), "20:00 – 01:00 (+1 j)" / "20:00 – 01:00 (+1 d)".
 */
export function parisTimeRange(startIso: string, endIso: string, lang: "fr" | "en"): string {
  return `${parisTimeOf(Date.parse(startIso))} – ${parisEndTime(startIso, endIso, lang)}`;
}
