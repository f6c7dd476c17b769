// One row of tabs (WAI-ARIA tabs pattern): the selected tab is the only one in the tab order, the
// arrow keys, Home and End move between them, each controls the one panel `panelId`. The pages keep
// the selected tab in their URL.
import { type KeyboardEvent, useRef } from "react";
import { clsx } from "clsx";

export type TabListProps<T extends string> = {
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** The tablist's accessible name. */
  label: string;
  labelOf: (tab: T) => string;
  /** The element id of each tab (the panel's aria-labelledby). */
  idOf: (tab: T) => string;
  panelId: string;
  className?: string;
};

export function TabList<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  labelOf,
  idOf,
  panelId,
  className,
}: TabListProps<T>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const current = tabs.indexOf(selected);
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const index = (moves[event.key] + tabs.length) % tabs.length;
    onSelect(tabs[index]);
    buttons.current[index]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={clsx("gap-1 rounded-2xl bg-night-100 p-1", className)}>
      {tabs.map((value, index) => {
        const isSelected = value === selected;
        return (
          <button
            key={value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            id={idOf(value)}
            type="button"
            role="tab"
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(value)}
            onKeyDown={onKeyDown}
            className={clsx(
              "shrink-0 rounded-xl px-4 py-2 text-sm font-semibold",
              isSelected ? "bg-white text-night-900 shadow-sm" : "text-night-700 hover:bg-white/60",
            )}
          >
            {labelOf(value)}
          </button>
        );
      })}
    </div>
  );
}
