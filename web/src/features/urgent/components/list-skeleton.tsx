import { useTranslation } from "@web/lib/i18n";

/** A list's place while it loads, announced as loading. */
export function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <span className="sr-only" role="status">
        {t("common.loading")}
      </span>
      <ul className="flex flex-col gap-4">
        {[0, 1].map((i) => (
          <li key={i} className="h-40 animate-pulse rounded-2xl bg-night-100" />
        ))}
      </ul>
    </div>
  );
}
