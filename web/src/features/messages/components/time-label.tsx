import { useEffect, useState } from "react";
import { formatLongDate } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { messageTime } from "../message-time";
import { messagesTexts } from "../texts";

const MINUTE_MS = 60_000;
const listeners = new Set<(at: number) => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/** The current time, renewed every minute for every label at once (today becomes 'Hier' at midnight). */
function useNow(): number {
  const [value, setValue] = useState(() => Date.now());
  useEffect(() => {
    listeners.add(setValue);
    timer ??= setInterval(() => {
      const at = Date.now();
      for (const listener of listeners) listener(at);
    }, MINUTE_MS);
    return () => {
      listeners.delete(setValue);
      if (listeners.size === 0) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  }, []);
  return value;
}

/** 'HH:mm', 'Hier HH:mm' or 'dd/MM HH:mm' (Paris time), with the full date as its title. */
export function TimeLabel({ iso, className }: { iso: string; className?: string }) {
  const { t } = useTranslation(messagesTexts);
  const when = messageTime(iso, useNow());
  const text =
    when.day === "today"
      ? t("messages.time.today", when)
      : when.day === "yesterday"
        ? t("messages.time.yesterday", when)
        : t("messages.time.earlier", when);
  return (
    <time dateTime={iso} title={`${formatLongDate(iso)} ${when.time}`} className={className}>
      {text}
    </time>
  );
}
