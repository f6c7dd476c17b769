import { useTranslation } from "@web/lib/i18n";

/** Grey blocks in the shape of a form, while its values load. */
export function FormSkeleton({ fields = 6 }: { fields?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-label={t("common.loading")} className="grid gap-4 sm:grid-cols-2">
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} className="h-16 animate-pulse rounded-xl bg-night-100" />
      ))}
    </div>
  );
}
