// The report form, in a modal (native <dialog>, like ConfirmDialog: focus kept inside, Escape
// closes, the page behind inert), drawn in <body> so that no bubble or card styles it. What (when
// there is a choice: a profile or its photo), the reason ('Autre' wants a few words) and optional
// details; then the thanks, in the dialog, which a second report of the same content gets too.
import { Link } from "react-router-dom";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS, type ReportReason } from "@db/constants/moderation";
import { fieldControlClasses, FieldShell, useFieldIds } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { serverMessage } from "@web/lib/server-message";
import { type ReportTarget, useSendReport } from "./api/reports";
import { moderationTexts } from "./texts";

type Errors = { reason?: string; details?: string };

export function ReportDialog({ targets, onClose }: { targets: ReportTarget[]; onClose: () => void }) {
  const { t } = useTranslation(moderationTexts);
  const ref = useRef<HTMLDialogElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const titleId = useId();
  const send = useSendReport();
  const [targetIndex, setTargetIndex] = useState(0);
  const [reason, setReason] = useState<ReportReason | "">("");
  const [details, setDetails] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const detailsRequired = reason === "other";
  const reasonIds = useFieldIds(undefined, errors.reason);
  const detailsHint = detailsRequired
    ? t("reporting.dialog.detailsHintRequired")
    : t("reporting.dialog.detailsHint", { max: REPORT_DETAILS_MAX_LENGTH });
  const detailsIds = useFieldIds(undefined, errors.details, detailsHint);
  const target = targets[targetIndex] ?? targets[0];
  const sent = send.isSuccess;

  // Closed, the focus goes back to the control that opened it (unless it went elsewhere: a link).
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected && (!document.activeElement || document.activeElement === document.body)) opener.focus();
    };
  }, []);

  // The thanks replaces the form: the focus goes to it, so that it is read and Escape still closes.
  useEffect(() => {
    if (sent) thanksRef.current?.focus();
  }, [sent]);

  const close = () => {
    if (!send.isPending) onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!reason) found.reason = t("reporting.dialog.errors.reason");
    if (reason === "other" && !details.trim()) found.details = t("reporting.dialog.errors.details");
    setErrors(found);
    setFailure(null);
    if (found.reason || found.details || !reason) return;
    send.mutate(
      {
        type: target.type,
        resource_id: target.resourceId,
        reason,
        ...(details.trim() && { details: details.trim() }),
      },
      {
        onError: (error) => {
          console.error("report failed", error);
          const field = error instanceof ApiError ? error.field : undefined;
          if (field === "reason" || field === "details") setErrors({ [field]: error.message });
          else setFailure(serverMessage(error, t, "reporting.dialog.errors.send"));
        },
      },
    );
  };

  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault(); // Escape: this component decides, so its state stays the truth
        close();
      }}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-2xl bg-white p-6 text-left text-base font-normal whitespace-normal text-night-900 shadow-xl backdrop:bg-night-950/60"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {t(`reporting.dialog.title.${targets[0].type}`)}
      </h2>
      {sent ? (
        <div className="mt-4 flex flex-col gap-3">
          <p ref={thanksRef} tabIndex={-1} role="status" className="font-semibold text-night-900 outline-none">
            {t("reporting.dialog.thanks")}
          </p>
          <p className="text-slate-700">{t("reporting.dialog.follow")}</p>
          <div className="mt-2 flex flex-wrap justify-end gap-3">
            <Link to="/notifications" className={buttonClasses("ghost", "md", "border border-night-600")}>
              {t("reporting.dialog.followLink")}
            </Link>
            <Button onClick={onClose}>{t("reporting.dialog.close")}</Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-2 flex flex-col gap-4">
          <p className="text-sm text-slate-700">{t("reporting.dialog.intro")}</p>
          {targets.length > 1 && (
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-medium text-night-900">{t("reporting.dialog.target")}</legend>
              {targets.map((choice, index) => (
                <label key={choice.type} className="flex min-h-6 items-center gap-2">
                  <input
                    type="radio"
                    name="report-target"
                    value={choice.type}
                    checked={index === targetIndex}
                    onChange={() => setTargetIndex(index)}
                    className="h-4 w-4"
                  />
                  {t(`reporting.dialog.targets.${choice.type}`)}
                </label>
              ))}
            </fieldset>
          )}
          <FieldShell ids={reasonIds} label={t("reporting.dialog.reason")} error={errors.reason}>
            <select
              id={reasonIds.inputId}
              value={reason}
              required
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={reasonIds.describedBy}
              onChange={(event) => setReason(event.target.value as ReportReason)}
              className={fieldControlClasses(errors.reason)}
            >
              <option value="" disabled>
                {t("reporting.dialog.reasonPlaceholder")}
              </option>
              {REPORT_REASONS.map((value) => (
                <option key={value} value={value}>
                  {t(`reporting.reasons.${value}`)}
                </option>
              ))}
            </select>
          </FieldShell>
          {reason === "safety" && (
            <p className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              {t("reporting.dialog.safety")}
            </p>
          )}
          <FieldShell ids={detailsIds} label={t("reporting.dialog.details")} hint={detailsHint} error={errors.details}>
            <textarea
              id={detailsIds.inputId}
              value={details}
              rows={3}
              required={detailsRequired}
              maxLength={REPORT_DETAILS_MAX_LENGTH}
              aria-invalid={errors.details ? true : undefined}
              aria-describedby={detailsIds.describedBy}
              onChange={(event) => setDetails(event.target.value)}
              className={fieldControlClasses(errors.details)}
            />
          </FieldShell>
          {failure && (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="ghost" className="border border-night-600" onClick={close} disabled={send.isPending}>
              {t("reporting.dialog.cancel")}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t("reporting.dialog.send")}
            </Button>
          </div>
        </form>
      )}
    </dialog>,
    document.body,
  );
}
