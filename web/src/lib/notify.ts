// Every toast goes through here so the durations (success 3 s, error 5 s, anything else 4 s) are
// written once, and so one message makes one toast: the message is the toast's id,
// so a repeated message (a form submitted twice) refreshes its toast instead of piling up another.
// sonner is fetched on the first toast, not on the first load: the Toaster mounts then (see
// ToasterOnDemand in app/providers.tsx) and shows the toasts sonner queued meanwhile.
import { useSyncExternalStore } from "react";

export const TOAST_DURATIONS = { success: 3000, error: 5000, default: 4000 } as const;

let toastsRequested = false;
const listeners = new Set<() => void>();

function loadSonner() {
  if (!toastsRequested) {
    toastsRequested = true;
    for (const listener of listeners) listener();
  }
  return import("sonner");
}

/** True once a toast was asked for: the Toaster is mounted from then on. */
export function useToastsRequested(): boolean {
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return useSyncExternalStore(
    subscribe,
    () => toastsRequested,
    () => false,
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
