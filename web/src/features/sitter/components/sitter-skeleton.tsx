import { useTranslation } from "@web/lib/i18n";

const block = "animate-pulse rounded-3xl bg-night-100";

/** The page's shape while the profile loads. */
export function SitterSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12"
      role="status"
      aria-busy="true"
      aria-label={t("common.loading")}
    >
      <div className={`${block} h-56`} />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <div className={`${block} h-40`} />
          <div className={`${block} h-64`} />
        </div>
        <div className={`${block} h-72`} />
      </div>
    </div>
  );
}
