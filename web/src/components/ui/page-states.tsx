// A page's own data while it loads, and when it, or a part of it, could not load: the frame with a
// placeholder, or the error with a retry. Not in page-frame.tsx, which the first load of / carries.
import { clsx } from "clsx";
import { useEffect } from "react";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { Button } from "./button";
import { PageFrame } from "./page-frame";

/** The page's frame with a grey block of `className`'s size, announced as loading. */
export function PageLoading({ title, className }: { title: string; className: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      <div aria-busy="true" className={clsx("animate-pulse rounded-2xl bg-night-100", className)}>
        <span className="sr-only" role="status">
          {t("common.loading")}
        </span>
      </div>
    </PageFrame>
  );
}

type LoadErrorProps = {
  /** What went wrong, already translated. */
  message: string;
  /** Absent when trying again cannot help (the server refused): no retry button then. */
  onRetry?: () => void;
  /** Also show the message as an error toast when it appears. */
  toast?: boolean;
} & ({ variant: "page"; title: string } | { variant: "card" | "panel"; title?: never });

/**
 * Something could not load: the message and a retry. `variant` says where it shows:
 * - "page": the whole page failed; its frame with `title` over the message.
 * - "card": a red-bordered card in place of a tab's form (the profile's tabs).
 * - "panel": centred in a panel of a larger page (the conversation list, a conversation).
 */
export function LoadError({ message, onRetry, toast = false, variant, title }: LoadErrorProps) {
  const { t } = useTranslation();
  useEffect(() => {
    if (toast) notify.error(message);
  }, [toast, message]);
  const retry = onRetry && (
    <Button className="mt-4" variant={variant === "page" ? "primary" : "secondary"} onClick={onRetry}>
      {t("common.retry")}
    </Button>
  );
  if (variant === "page")
    return (
      <PageFrame title={title}>
        <p className="text-slate-700">{message}</p>
        {retry}
      </PageFrame>
    );
  return (
    <div className={variant === "card" ? "rounded-2xl border border-red-200 bg-white p-6" : "p-6 text-center"}>
      <p className={clsx("font-semibold", variant === "card" ? "text-red-800" : "text-night-900")}>{message}</p>
      {retry}
    </div>
  );
}
