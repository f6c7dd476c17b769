// 'Signaler une urgence' on /bookings/{id} (docs/decisions.md, "Emergency alerts"): during a
// confirmed booking (from 2 h before its start to 12 h after its end, the server's rule), either
// party raises an alert: the type, the place (prefilled with the sitting's address), what happens.
// The other party and the three internal mailboxes are alerted by the server; the dialog first says
// to call 15 in immediate danger, with a tel: link. The booking's alerts are listed below the button.
import { Phone, TriangleAlert } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  EMERGENCY_DESCRIPTION_MAX_LENGTH,
  EMERGENCY_LOCATION_MAX_LENGTH,
  EMERGENCY_PHONE,
} from "@db/constants/emergencies";
import { EMERGENCY_TYPES, type EmergencyType } from "@db/schema/enums";
import { fieldControlClasses, FieldShell, useFieldIds } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api-client";
import { formatClockTime, formatLongDate } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useEmergencies } from "../api/list-emergencies";
import type { Booking } from "../api/list-bookings";
import { useRaiseEmergency } from "../api/raise-emergency";
import { bookingsTexts } from "../texts";

const FIELDS = ["type", "location", "description"] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

export function EmergencyAlert({ booking }: { booking: Booking }) {
  const { t } = useTranslation(bookingsTexts);
  const [open, setOpen] = useState(false);
  const relevant = booking.status === "confirmed" || booking.status === "completed";
  const query = useEmergencies(booking.id, relevant);
  if (!relevant) return null;
  // The server decides (its clock, its window rule); 409 anyway if the page stayed open past the window.
  const allowed = query.data?.can_raise ?? false;
  const incidents = query.data?.incidents ?? [];
  if (!allowed && incidents.length === 0) return null;

  return (
    <section
      aria-labelledby="emergency-heading"
      className="flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 p-5"
    >
      <h2 id="emergency-heading" className="font-semibold text-red-900">
        {t("emergencies.heading")}
      </h2>
      {allowed && (
        <>
          <p className="text-sm text-red-900">{t("emergencies.lead", { phone: EMERGENCY_PHONE })}</p>
          <Button variant="danger" className="self-start" onClick={() => setOpen(true)}>
            <TriangleAlert aria-hidden="true" className="h-5 w-5" />
            {t("emergencies.raise")}
          </Button>
        </>
      )}
      {incidents.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-night-900">{t("emergencies.history")}</h3>
          <ul className="mt-2 flex flex-col gap-2 text-sm">
            {incidents.map((incident) => (
              <li key={incident.id} className="rounded-xl bg-white p-3 text-night-900">
                <p className="font-medium">
                  {t(`emergencies.types.${incident.type}`)} ·{" "}
                  {t("emergencies.at", {
                    date: formatLongDate(incident.created_at),
                    time: formatClockTime(incident.created_at),
                  })}
                </p>
                <p className="text-slate-700">
                  {t(incident.reported_by_me ? "emergencies.byMe" : "emergencies.byOther")} · {incident.location}
                </p>
                {incident.description && <p className="whitespace-pre-line text-slate-700">{incident.description}</p>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {open && (
        <EmergencyDialog
          bookingId={booking.id}
          defaultLocation={query.data?.default_location ?? ""}
          onClose={() => setOpen(false)}
        />
      )}
    </section>
  );
}

/** The modal form: native <dialog> like ConfirmDialog (focus kept inside, Escape closes, page inert). */
function EmergencyDialog({
  bookingId,
  defaultLocation,
  onClose,
}: {
  bookingId: string;
  defaultLocation: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(bookingsTexts);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const raise = useRaiseEmergency();
  const [type, setType] = useState<EmergencyType | "">("");
  const [location, setLocation] = useState(defaultLocation);
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const typeIds = useFieldIds(undefined, errors.type);
  const locationIds = useFieldIds(undefined, errors.location, t("emergencies.locationHint"));
  const descriptionIds = useFieldIds(undefined, errors.description);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const close = () => {
    if (!raise.isPending) onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!type) found.type = t("emergencies.validation.typeInvalid");
    if (!location.trim()) found.location = t("validation.required");
    setErrors(found);
    if (Object.keys(found).length > 0 || !type) return;
    raise.mutate(
      { booking_id: bookingId, type, location, description },
      {
        onSuccess: () => {
          notify.success(t("emergencies.sent"));
          onClose();
        },
        onError: (error) => {
          console.error("emergency alert failed", error);
          // A refusal says why (409: outside the window, 429: too many); anything else (offline, a
          // server failure) says the alert did not leave and to call 15.
          const refused = error instanceof ApiError && error.status > 0 && error.status < 500;
          notify.error(refused ? serverMessage(error, t, "emergencies.error") : t("emergencies.error"));
          const field = error instanceof ApiError ? FIELDS.find((name) => name === error.field) : undefined;
          if (field) setErrors({ [field]: error.message || t("emergencies.error") });
        },
      },
    );
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault(); // Escape: this component decides, so its state stays the truth
        close();
      }}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-2xl bg-white p-6 text-night-900 shadow-xl backdrop:bg-night-950/60"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold text-red-800">
        <TriangleAlert aria-hidden="true" className="h-5 w-5" />
        {t("emergencies.title")}
      </h2>
      <div className="mt-4 rounded-xl border-2 border-red-700 bg-red-50 p-4">
        <p className="font-bold text-red-900">{t("emergencies.call", { phone: EMERGENCY_PHONE })}</p>
        <a
          href={`tel:${EMERGENCY_PHONE}`}
          className="mt-3 inline-flex items-center gap-2 rounded-xl bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800"
        >
          <Phone aria-hidden="true" className="h-5 w-5" />
          {t("emergencies.callAction", { phone: EMERGENCY_PHONE })}
        </a>
      </div>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <p className="text-sm text-slate-700">{t("emergencies.intro")}</p>
        <FieldShell ids={typeIds} label={t("emergencies.type")} error={errors.type}>
          <select
            id={typeIds.inputId}
            value={type}
            required
            aria-invalid={errors.type ? true : undefined}
            aria-describedby={typeIds.describedBy}
            onChange={(event) => setType(event.target.value as EmergencyType)}
            className={fieldControlClasses(errors.type)}
          >
            <option value="" disabled>
              {t("emergencies.typePlaceholder")}
            </option>
            {EMERGENCY_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`emergencies.types.${value}`)}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell
          ids={locationIds}
          label={t("emergencies.location")}
          hint={t("emergencies.locationHint")}
          error={errors.location}
        >
          <input
            id={locationIds.inputId}
            value={location}
            required
            maxLength={EMERGENCY_LOCATION_MAX_LENGTH}
            autoComplete="street-address"
            aria-invalid={errors.location ? true : undefined}
            aria-describedby={locationIds.describedBy}
            onChange={(event) => setLocation(event.target.value)}
            className={fieldControlClasses(errors.location)}
          />
        </FieldShell>
        <FieldShell ids={descriptionIds} label={t("emergencies.description")} error={errors.description}>
          <textarea
            id={descriptionIds.inputId}
            value={description}
            rows={3}
            maxLength={EMERGENCY_DESCRIPTION_MAX_LENGTH}
            placeholder={t("emergencies.descriptionPlaceholder")}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={descriptionIds.describedBy}
            onChange={(event) => setDescription(event.target.value)}
            className={fieldControlClasses(errors.description)}
          />
        </FieldShell>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" className="border border-night-600" onClick={close} disabled={raise.isPending}>
            {t("emergencies.cancel")}
          </Button>
          <Button type="submit" variant="danger" loading={raise.isPending}>
            {t("emergencies.send")}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
