// A native <dialog> shown as a modal while `open` is true: showModal() keeps the focus inside, makes
// the page behind it inert and closes on Escape (the dialog's onCancel tells the owner, whose state
// stays the truth). Shared by every modal of the app.
import { useEffect, useRef } from "react";

export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
