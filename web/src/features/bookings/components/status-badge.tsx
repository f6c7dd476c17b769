import { clsx } from "clsx";
import type { BookingStatus } from "@db/schema/enums";
import { useTranslation } from "@web/lib/i18n";

/** Each status its own colour (core-flows §9), every pair AA-contrasted; the label says it for everyone. */
const COLOURS: Record<BookingStatus, string> = {
  pending: "bg-amber-100 text-amber-900 ring-amber-300",
  confirmed: "bg-green-100 text-green-900 ring-green-300",
  completed: "bg-night-100 text-night-900 ring-night-600/30",
  cancelled: "bg-slate-200 text-slate-800 ring-slate-400",
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx(
        "inline-flex shrink-0 items-center rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset",
        COLOURS[status],
      )}
    >
      {t(`booking.status.${status}`)}
    </span>
  );
}
