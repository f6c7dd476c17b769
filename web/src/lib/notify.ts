// Every toast goes through here so the durations of the spec (success 3 s, error 5 s, anything
// else 4 s) are written once, and so one message makes one toast: the message is the toast's id,
// so a repeated message (a form submitted twice) refreshes its toast instead of piling up another.
import { toast } from "sonner";

export const TOAST_DURATIONS = { success: 3000, error: 5000, default: 4000 } as const;

type Kind = "success" | "error" | "warning" | "info";

const show = (kind: Kind, duration: number) => (message: string) =>
  toast[kind](message, { id: `${kind}:${message}`, duration });

export const notify = {
  success: show("success", TOAST_DURATIONS.success),
  error: show("error", TOAST_DURATIONS.error),
  warning: show("warning", TOAST_DURATIONS.default),
  info: show("info", TOAST_DURATIONS.default),
};
