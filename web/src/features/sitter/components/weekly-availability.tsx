import { WEEKDAYS } from "@db/schema/enums";
import { useTranslation } from "@web/lib/i18n";
import type { PublicSitter } from "../api/get-babysitter";
import { sitterTexts } from "../texts";
import { Card } from "./sitter-details";

/** The babysitter's usual week, Monday first (French week), in Paris time as she entered it. */
export function WeeklyAvailability({ availability }: { availability: PublicSitter["available_hours"] }) {
  const { t } = useTranslation(sitterTexts);
  return (
    <Card title={t("sitter.availability.title")}>
      <p className="text-sm text-slate-700">{t("sitter.availability.note")}</p>
      <dl className="mt-4 divide-y divide-night-100">
        {WEEKDAYS.map((day) => {
          const ranges = availability[day] ?? [];
          return (
            <div key={day} className="grid grid-cols-[7rem_1fr] items-center gap-3 py-2.5">
              <dt className="font-medium text-night-900">{t(`weekdays.${day}`)}</dt>
              <dd>
                {ranges.length > 0 ? (
                  <ul className="flex flex-wrap gap-2">
                    {ranges.map(([start, end]) => (
                      <li
                        key={start}
                        className="rounded-lg bg-glow-300 px-2.5 py-1 text-sm font-semibold tabular-nums text-night-950"
                      >
                        {t("sitter.availability.range", { start, end })}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-sm text-slate-700">{t("sitter.availability.unavailable")}</span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </Card>
  );
}
