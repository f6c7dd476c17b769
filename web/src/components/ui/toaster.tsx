// The one toast container. Top-right on a wide screen, below the header; on a phone or narrow window,
// at the bottom, where it covers neither the header nor the language switch.
import { useSyncExternalStore } from "react";
import { useTranslation } from "@web/lib/i18n";
import { Toaster } from "sonner";
import { TOAST_DURATIONS } from "@web/lib/notify";

/** The header's `md` breakpoint: below it the header grows a second row on phones. */
const NARROW_QUERY = "(max-width: 767.98px)";
const BELOW_HEADER_PX = 80; // the 64 px header plus a gap

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Wide until the browser says otherwise, so a pre-rendered page and its hydration agree. */
function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}

export function AppToaster() {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  return (
    <Toaster
      position={narrow ? "bottom-center" : "top-right"}
      offset={{ top: BELOW_HEADER_PX }}
      duration={TOAST_DURATIONS.default}
      richColors
      closeButton
      toastOptions={{
        closeButtonAriaLabel: t("common.closeNotification"),
        // sonner's 20 px close button, grown to the 24 px WCAG 2.2 asks of a target (2.5.8); its rich
        // colours' texts darkened to reach the 4.5:1 contrast of WCAG AA (success was 4.25:1).
        classNames: {
          closeButton: "size-6!",
          success: "text-emerald-900!",
          error: "text-red-800!",
          warning: "text-amber-900!",
          info: "text-blue-900!",
        },
      }}
    />
  );
}
