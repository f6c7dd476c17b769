// An error toast with a button (sonner's `action`), which lib/notify does not offer: the same
// duration (5 s) and one-toast-per-message id as notify.error. preloadToasts mounts the Toaster first.
import { preloadToasts, TOAST_DURATIONS } from "@web/lib/notify";

export function errorWithAction(message: string, action: { label: string; onClick: () => void }): void {
  preloadToasts();
  import("sonner")
    .then(({ toast }) => toast.error(message, { id: `error:${message}`, duration: TOAST_DURATIONS.error, action }))
    .catch((error: unknown) => console.error("toasts could not load", error));
}
