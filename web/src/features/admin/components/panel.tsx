// A titled box of a console item's page (its h3 names it for screen readers too), and a labelled
// value in one of its lists: the moderation and verification pages share them.
import { clsx } from "clsx";
import { type ReactNode, type Ref, useId } from "react";

export function Panel({
  title,
  titleRef,
  children,
}: {
  title: string;
  /** The heading, to bring the focus there (after a decision). */
  titleRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <h3 id={headingId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className="mb-3 text-lg font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function Field({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={clsx("min-w-0", className)}>
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-0.5 break-words text-night-900">{children}</dd>
    </div>
  );
}
