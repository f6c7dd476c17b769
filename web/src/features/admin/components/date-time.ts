// A stored UTC time as its Paris day and clock, the console's one way to write an instant:
// "14 avril 2026 à 18:30" / "14 April 2026 at 18:30", in the interface language.
import { formatClockTime, formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { adminSharedTexts } from "./texts";

export function useDateTime(): (iso: string) => string {
  const { t, language } = useTranslation(adminSharedTexts);
  return (iso) => t("adminShared.dateTime", { date: formatDay(iso, language), time: formatClockTime(iso, language) });
}
