import { Plus, X } from "lucide-react";
import { AVAILABILITY_MAX_RANGES_PER_DAY } from "@db/constants/limits";
import { WEEKDAYS, type Weekday } from "@db/schema/enums";
import type { WeeklyAvailability } from "@db/schema/profiles";
import { FieldError } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { profileTexts } from "../texts";

/** The zod messages react-hook-form keeps per day: on a range, or on one of its two times. */
type RangeErrors = { message?: string; 0?: { message?: string }; 1?: { message?: string } } | undefined;
export type AvailabilityErrors = Partial<Record<Weekday, { message?: string; [index: number]: RangeErrors }>>;

const LAST_MINUTE = "23:59";

/** 09:00-12:00 for an empty day; else the two hours after the day's last range, within the day. */
function nextRange(ranges: [string, string][]): [string, string] {
  const last = ranges.at(-1);
  if (!last) return ["09:00", "12:00"];
  const [hours, minutes] = last[1].split(":").map(Number);
  const end = Math.min(hours + 2, 23);
  const endText = hours + 2 > 23 ? LAST_MINUTE : `${String(end).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
  return [last[1], endText];
}

/** Per weekday (Monday first), time ranges in Paris time: add, change, remove. */
export function AvailabilityEditor({
  value,
  onChange,
  errors,
}: {
  value: WeeklyAvailability;
  onChange: (value: WeeklyAvailability) => void;
  errors: AvailabilityErrors | undefined;
}) {
  const { t } = useTranslation(profileTexts);
  const setDay = (day: Weekday, ranges: [string, string][]) => onChange({ ...value, [day]: ranges });

  return (
    // id and tabIndex: the dashboard's checklist links here (/profile?tab=babysitter#availability).
    <fieldset id="availability" tabIndex={-1}>
      <legend className="text-lg font-semibold text-night-900">{t("profile.babysitter.availability")}</legend>
      <p className="mt-1 text-sm text-slate-700">{t("profile.babysitter.availabilityHint")}</p>
      <div className="mt-4 divide-y divide-night-100 rounded-2xl border border-night-100 bg-white">
        {WEEKDAYS.map((day) => {
          const ranges = value[day] ?? [];
          const dayName = t(`weekdays.${day}`);
          const dayErrors = errors?.[day];
          const setRange = (index: number, part: 0 | 1, time: string) =>
            setDay(
              day,
              ranges.map((range, i) => (i === index ? (part === 0 ? [time, range[1]] : [range[0], time]) : range)),
            );
          return (
            <div key={day} className="grid gap-3 p-4 sm:grid-cols-[8rem_1fr]">
              <p className="pt-2 font-medium text-night-900">{dayName}</p>
              <div className="grid gap-2">
                {ranges.length === 0 && (
                  <p className="pt-2 text-sm text-slate-700">{t("profile.babysitter.noRange")}</p>
                )}
                {ranges.map(([start, end], index) => {
                  const number = index + 1;
                  const rangeErrors = dayErrors?.[index];
                  const message = rangeErrors?.message ?? rangeErrors?.[0]?.message ?? rangeErrors?.[1]?.message;
                  return (
                    // Position is the identity: ranges are added at the end and removed in place.
                    <div key={index}>
                      <div className="flex flex-wrap items-center gap-2">
                        <input
                          type="time"
                          value={start}
                          aria-label={t("profile.babysitter.from", { day: dayName, number })}
                          aria-invalid={message ? true : undefined}
                          onChange={(event) => setRange(index, 0, event.target.value)}
                          className="rounded-lg border border-slate-400 bg-white px-2.5 py-1.5 tabular-nums"
                        />
                        <span aria-hidden="true">–</span>
                        <input
                          type="time"
                          value={end}
                          aria-label={t("profile.babysitter.to", { day: dayName, number })}
                          aria-invalid={message ? true : undefined}
                          onChange={(event) => setRange(index, 1, event.target.value)}
                          className="rounded-lg border border-slate-400 bg-white px-2.5 py-1.5 tabular-nums"
                        />
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={t("profile.babysitter.removeRange", { day: dayName, number })}
                          onClick={() =>
                            setDay(
                              day,
                              ranges.filter((_, i) => i !== index),
                            )
                          }
                        >
                          <X aria-hidden="true" className="h-4 w-4" />
                        </Button>
                      </div>
                      <FieldError message={message ? t(message) : undefined} />
                    </div>
                  );
                })}
                <FieldError message={dayErrors?.message ? t(dayErrors.message) : undefined} />
                {ranges.length < AVAILABILITY_MAX_RANGES_PER_DAY && (
                  <div>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="border border-night-600"
                      aria-label={t("profile.babysitter.addRange", { day: dayName })}
                      onClick={() => setDay(day, [...ranges, nextRange(ranges)])}
                    >
                      <Plus aria-hidden="true" className="h-4 w-4" />
                      {t("profile.babysitter.addRangeShort")}
                    </Button>
                  </div>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
