// Every toast goes through here so the durations of the spec (top-right; success 3 s, error 5 s,
// anything else 4 s) are written once.
import { toast } from "sonner";

export const TOAST_DURATIONS = { success: 3000, error: 5000, default: 4000 } as const;
export const TOAST_POSITION = "top-right" as const;

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATIONS.success }),
  error: (message: string) => toast.error(message, { duration: TOAST_DURATIONS.error }),
  warning: (message: string) => toast.warning(message, { duration: TOAST_DURATIONS.default }),
  info: (message: string) => toast.info(message, { duration: TOAST_DURATIONS.default }),
};
