// A wide table's box: it scrolls sideways inside the page on a phone. With no link inside, the
// keyboard scrolls it only if the box itself takes focus, hence a focusable group with a name.
import type { ReactNode } from "react";

const BOX = "overflow-x-auto rounded-2xl border border-night-100 bg-white";

export function ScrollBox({
  label,
  labelledBy,
  children,
}: {
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="group" aria-label={label} aria-labelledby={labelledBy} tabIndex={0} className={BOX}>
      {children}
    </div>
  );
}
