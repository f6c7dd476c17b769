// A status word in a coloured pill (an account's, a plan's, an invitation's, a booking's, a
// verification's): each tone's pair of colours is AA-contrasted, and the word says it for everyone.
import { clsx } from "clsx";
import type { ReactNode } from "react";

export type BadgeTone = "green" | "red" | "slate" | "amber" | "blue";

const TONES: Record<BadgeTone, string> = {
  green: "bg-green-100 text-green-900 ring-green-300",
  red: "bg-red-100 text-red-900 ring-red-300",
  slate: "bg-slate-200 text-slate-800 ring-slate-400",
  amber: "bg-amber-100 text-amber-900 ring-amber-300",
  blue: "bg-sky-100 text-sky-900 ring-sky-300",
};

type BadgeProps = {
  tone: BadgeTone;
  testId?: string;
  /** A sentence rather than a word ("Prise par une autre baby-sitter"): it wraps, centred, within 14rem. */
  long?: boolean;
  children: ReactNode;
};

export function Badge({ tone, testId, long = false, children }: BadgeProps) {
  return (
    <span
      data-testid={testId}
      className={clsx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        long ? "max-w-[14rem] shrink-0 text-center" : "whitespace-nowrap",
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
