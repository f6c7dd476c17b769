// Every toast goes through here so the durations of the spec (top-right; success 3 s, error 5 s,
// anything else 4 s) are written once. sonner is fetched on the first toast, not on the first load:
// the Toaster mounts then (see ToasterOnDemand) and shows the toasts sonner queued meanwhile.
import { useSyncExternalStore } from "react";

export const TOAST_DURATIONS = { success: 3000, error: 5000, default: 4000 } as const;
export const TOAST_POSITION = "top-right" as const;

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
  return useSyncExternalStore(subscribe, () => toastsRequested, () => false);
}

type Level = "success" | "error" | "warning" | "info";

function show(level: Level, message: string, duration: number): void {
  loadSonner()
    .then(({ toast }) => toast[level](message, { duration }))
    .catch((error: unknown) => console.error("toasts could not load", error));
}

export const notify = {
  success: (message: string) => show("success", message, TOAST_DURATIONS.success),
  error: (message: string) => show("error", message, TOAST_DURATIONS.error),
  warning: (message: string) => show("warning", message, TOAST_DURATIONS.default),
  info: (message: string) => show("info", message, TOAST_DURATIONS.default),
};
