import { clsx } from "clsx";
import type { RealtimeStatus } from "@web/lib/realtime/status";
import { useRealtimeStatus } from "@web/lib/realtime/hooks";
import { useTranslation } from "@web/lib/i18n";
import { messagesTexts } from "../texts";

const LABELS: Record<RealtimeStatus, string> = {
  connecting: "messages.status.connecting",
  live: "messages.status.live",
  polling: "messages.status.polling",
  offline: "messages.status.offline",
};

const DOTS: Record<RealtimeStatus, string> = {
  connecting: "bg-slate-400",
  live: "bg-emerald-600",
  polling: "bg-glow-500",
  offline: "bg-red-700",
};

/** A discreet line saying how messages arrive: live (socket), regular updates (polling), or offline. */
export function RealtimeStatusNote() {
  const { t } = useTranslation(messagesTexts);
  const status = useRealtimeStatus();
  const label = t(LABELS[status]);
  return (
    <p
      role="status"
      data-realtime-status={status}
      aria-label={t("messages.status.label", { status: label })}
      className="flex items-center gap-1.5 text-xs font-medium text-slate-700"
    >
      <span aria-hidden="true" className={clsx("h-2 w-2 rounded-full", DOTS[status])} />
      {label}
    </p>
  );
}
