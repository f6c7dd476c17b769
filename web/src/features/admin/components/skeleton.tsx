// What stands for a part of a console page until its first answer: grey blocks the size of what is
// coming, inside a box marked busy and announced once as loading (a status line for screen readers).
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { useTranslation } from "@web/lib/i18n";

/** The busy box: `className` lays out its blocks (children), or is itself a block when it has none. */
export function Skeleton({ className, children }: { className: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className={className}>
      <span className="sr-only" role="status">
        {t("common.loading")}
      </span>
      {children}
    </div>
  );
}

/** A grey block; `className` gives its height (and its span in a grid). */
export function SkeletonBlock({ className }: { className: string }) {
  return <div className={clsx("animate-pulse rounded-2xl bg-night-100", className)} />;
}
