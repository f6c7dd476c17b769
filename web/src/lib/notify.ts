// Every toast goes through here so the durations (success 3 s, error 5 s, anything else 4 s) are
// written once, and so one message makes one toast: the message is the toast's id,
// so a repeated message (a form submitted twice) refreshes its toast instead of piling up another.
// sonner is fetched on the first toast, not on the first load: the Toaster mounts then (see
// ToasterOnDemand in app/providers.tsx) and shows the toasts sonner queued meanwhile.
import { useSyncExternalStore } from "react";

export const TOAST_DURATIONS = { success: 3000, error: 5000, default: 4000 } as const;

/** How many toasts were asked for: the Toaster mounts at the first, and tries again at each next. */
let toastRequests = 0;
const listeners = new Set<() => void>();

function loadSonner() {
  toastRequests += 1;
  for (const listener of listeners) listener();
  return import("sonner");
}

/** How many toasts were asked for so far (0: none, the Toaster is not mounted). */
export function useToastRequests(): number {
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return useSyncExternalStore(
    subscribe,
    () => toastRequests,
    () => 0,
  );
}

/**
 * Fetches the toasts ahead, for a page that must still speak without network (/messages offline):
 * otherwise the first toast needs the network to load sonner.
 */
export function preloadToasts(): void {
  loadSonner().catch((error: unknown) => console.error("toasts could not load", error));
}

type Kind = "success" | "error" | "warning" | "info";

const show = (kind: Kind, duration: number) => (message: string) => {
  loadSonner()
    .then(({ toast }) => toast[kind](message, { id: `${kind}:${message}`, duration }))
    .catch((error: unknown) => console.error("toasts could not load", error));
};

export const notify = {
  success: show("success", TOAST_DURATIONS.success),
  error: show("error", TOAST_DURATIONS.error),
  warning: show("warning", TOAST_DURATIONS.default),
  info: show("info", TOAST_DURATIONS.default),
};
