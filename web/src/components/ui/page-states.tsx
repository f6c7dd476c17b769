// A page's own data while it loads, and when it could not load: the frame with a placeholder, or
// the error with a retry. Not in page-frame.tsx, which the first load of / carries.
import { clsx } from "clsx";
import { useTranslation } from "@web/lib/i18n";
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

/** The page's frame with what went wrong (already translated) and a retry. */
export function PageLoadError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      <p className="text-slate-700">{message}</p>
      <Button className="mt-4" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </PageFrame>
  );
}
