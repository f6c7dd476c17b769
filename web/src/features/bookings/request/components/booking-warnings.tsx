// What the preview found before sending: the slot is outside the babysitter's weekly availability
// (indicative: she may still accept), or a child is already in another pending or confirmed booking
// at that time. A warning, not a refusal: 'Envoyer quand même' sends the request as it is;
// 'Modifier la demande' goes back to the form.
import { AlertTriangle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import type { BookingWarning } from "../api/preview-booking";
import { bookingTexts } from "../texts";

export function BookingWarnings({
  warnings,
  sitterName,
  sending,
  onSendAnyway,
  onChange,
}: {
  warnings: BookingWarning[];
  sitterName: string;
  sending: boolean;
  onSendAnyway: () => void;
  onChange: () => void;
}) {
  const { t } = useTranslation(bookingTexts);
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the warnings, so a screen reader reads them before the buttons.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="booking-warnings-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-night-900"
    >
      <h3
        id="booking-warnings-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-base font-semibold"
      >
        <AlertTriangle aria-hidden="true" className="h-5 w-5 text-amber-800" />
        {t("booking.warnings.title")}
      </h3>
      <ul className="list-disc space-y-1 pl-5">
        {warnings.map((warning) => (
          <li key={warning.kind}>
            {warning.kind === "sitter_unavailable"
              ? t("booking.warnings.sitterUnavailable", { name: sitterName })
              : t("booking.warnings.childrenBusy", { names: warning.children.join(", ") })}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="ghost" className="border border-night-600" onClick={onChange}>
          {t("booking.warnings.change")}
        </Button>
        <Button type="button" loading={sending} onClick={onSendAnyway}>
          {t("booking.warnings.sendAnyway")}
        </Button>
      </div>
    </section>
  );
}
