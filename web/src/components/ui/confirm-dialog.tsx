import { useModalDialog } from "./use-modal-dialog";
import { useId } from "react";
import { useTranslation } from "@web/lib/i18n";
import { Button } from "./button";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The safe choice's label; "Annuler" unless the question needs another word (e.g. "Rester"). */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
};

/**
 * A modal question before a destructive action (instead of window.confirm): the native <dialog>
 * in modal mode keeps focus inside, closes on Escape and makes the page behind it inert. Cancel
 * comes first, so the focus lands on the safe choice.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const ref = useModalDialog(open);
  const titleId = useId();
  const messageId = useId();

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault(); // Escape: the parent decides, so its state stays the truth
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl bg-white p-6 text-night-900 shadow-xl backdrop:bg-night-950/60"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <p id={messageId} className="mt-2 text-slate-700">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="ghost" className="border border-night-600" onClick={onCancel} disabled={busy}>
          {cancelLabel ?? t("common.cancel")}
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
