// A console list's search box and filters, above its table. The search asks the server 300 ms after
// the last keystroke (not once per letter) and starts again at page 1; each select applies at once.
import { type ReactNode, useEffect, useId, useState } from "react";
import { FilterField } from "@web/components/form/filter-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { adminSharedTexts } from "./texts";

const SEARCH_DELAY_MS = 300;

type ListFiltersProps = {
  /** The filters' name for screen readers, e.g. 'Filtrer les utilisateurs'. */
  label: string;
  /** A filter is set: 'Effacer les filtres' shows. */
  active: boolean;
  onClear: () => void;
  children: ReactNode;
};

/** The box: the search on a row of its own, then the selects, two a row on a phone, four from lg. */
export function ListFilters({ label, active, onClear, children }: ListFiltersProps) {
  const { t } = useTranslation(adminSharedTexts);
  return (
    <div
      role="search"
      aria-label={label}
      className="grid grid-cols-2 gap-3 rounded-2xl border border-night-100 bg-white p-4 shadow-sm lg:grid-cols-4"
    >
      {children}
      {active && (
        <div className="col-span-2 flex items-end lg:col-span-1">
          <Button variant="ghost" className="w-full border border-night-600" onClick={onClear}>
            {t("adminShared.filters.clear")}
          </Button>
        </div>
      )}
    </div>
  );
}

type SearchBoxProps = {
  q: string;
  label: string;
  placeholder: string;
  maxLength: number;
  onChange: (changes: { q: string | undefined }, options: { replace: boolean }) => void;
};

export function SearchBox({ q, label, placeholder, maxLength, onChange }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(q);
  // The URL's search changed from elsewhere (cleared, Back): the box shows it. Not when it is only
  // what was typed, trimmed: a space typed before the next word must stay.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== text.trim()) setText(q);
  }
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === q) return;
    const timer = setTimeout(() => onChange({ q: wanted || undefined }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, onChange]);
  return (
    <FilterField
      id={id}
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={maxLength}
      onChange={setText}
      className="col-span-2 lg:col-span-4"
    />
  );
}

type FilterSelectProps = {
  label: string;
  value: string | undefined;
  options: [value: string, label: string][];
  onSelect: (value: string | undefined) => void;
  /** The first choice, which leaves the filter out ('Tous' unless told); false: a choice is always made (a period). */
  allOption?: string | false;
};

export function FilterSelect({ label, value, options, onSelect, allOption }: FilterSelectProps) {
  const { t } = useTranslation(adminSharedTexts);
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-night-900">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(event) => onSelect(event.target.value || undefined)}
        className="h-11 w-full rounded-xl border border-night-600 bg-white px-3 text-sm text-night-900"
      >
        {allOption !== false && <option value="">{allOption ?? t("adminShared.filters.all")}</option>}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
