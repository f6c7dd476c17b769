// A part of an agency page while it loads (grey blocks, announced once) and when it could not load
// (the message and 'Réessayer').
import { clsx } from "clsx";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { agencyTexts } from "../texts";

export function ListSkeleton({ rows = 3, className = "h-32" }: { rows?: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <span className="sr-only" role="status">
        {t("common.loading")}
      </span>
      <ul className="flex flex-col gap-4">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index} className={clsx("animate-pulse rounded-2xl bg-night-100", className)} />
        ))}
      </ul>
    </div>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(agencyTexts);
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-white p-6">
      <p className="font-semibold text-red-800">{t("agency.loadError")}</p>
      <Button className="mt-4" variant="secondary" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </div>
  );
}
