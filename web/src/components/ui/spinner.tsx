import { clsx } from "clsx";
import { useTranslation } from "@web/lib/i18n";

type SpinnerProps = { size?: "sm" | "md" | "lg"; label?: string; decorative?: boolean; className?: string };

const sizes = { sm: "h-4 w-4 border-2", md: "h-8 w-8 border-[3px]", lg: "h-12 w-12 border-4" };

export function Spinner({ size = "md", label, decorative, className }: SpinnerProps) {
  const { t } = useTranslation();
  const circle = (
    <span
      aria-hidden="true"
      className={clsx(
        "inline-block animate-spin rounded-full border-current border-t-transparent",
        sizes[size],
        className,
      )}
    />
  );
  if (decorative) return circle;
  return (
    <span role="status" aria-label={label ?? t("common.loading")} className="inline-flex">
      {circle}
    </span>
  );
}

/** Full-area spinner while the session (or a lazy page) loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-night-700">
      <Spinner size="lg" label={label} />
    </div>
  );
}
