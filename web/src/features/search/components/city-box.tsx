// The place distances are measured from: a French city or postal code, with suggestions from
// GET /api/cities as the visitor types (the ARIA combobox pattern: the focus stays in the box,
// arrows move through the list, Enter picks, Escape closes). Picking a suggestion, pressing Enter
// or leaving the box sets the search's `location`; so does a pause in typing once the text names
// exactly one commune (its name, accents and case aside, or a postal code of one commune alone), so
// 'Lyon' searches without Enter while 'Saint-Denis' (several communes) waits for a pick.
import { clsx } from "clsx";
import { X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { foldPlaceQuery } from "@db/text/fold";
import { SEARCH_INPUT_DELAY_MS } from "@db/constants/search-filters";
import type { CitySuggestion } from "@db/validators/search";
import { FieldError } from "@web/components/form/text-field";
import { useTranslation } from "@web/lib/i18n";
import { CITY_QUERY_MIN_LENGTH, useCitySuggestions } from "../api/suggest-cities";
import { searchTexts } from "../texts";
import { useDebouncedValue } from "../use-debounced-value";

/** What the search sends for a picked suggestion: "Saint-Denis (93)", the department tells homonyms apart. */
export const locationOf = (city: CitySuggestion) => `${city.name} (${city.department})`;

/** The one commune the typed text names, or null when it names none or several. */
export function namedCommune(term: string, suggestions: readonly CitySuggestion[]): CitySuggestion | null {
  if (/^\d{5}$/.test(term)) return suggestions.length === 1 ? suggestions[0] : null;
  const folded = foldPlaceQuery(term);
  const named = suggestions.filter((city) => foldPlaceQuery(city.name) === folded);
  return named.length === 1 ? named[0] : null;
}

type CityBoxProps = {
  /** The URL's `location`. */
  value: string;
  onChange: (location: string) => void;
  /** The server's word on the place (not found), already translated. */
  error?: string;
};

export function CityBox({ value, onChange, error }: CityBoxProps) {
  const { t } = useTranslation(searchTexts);
  const inputId = useId();
  const listId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }

  const term = useDebouncedValue(draft.trim(), SEARCH_INPUT_DELAY_MS);
  const wanted = open && term.length >= CITY_QUERY_MIN_LENGTH && term !== value;
  const suggestions = useCitySuggestions(term, wanted);
  const options = wanted ? (suggestions.data ?? []) : [];
  const expanded = options.length > 0;
  const nothingFound = wanted && !suggestions.isFetching && (suggestions.isError || suggestions.isSuccess) && !expanded;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // The text names one commune and has stayed so for the input delay: search there, as typed (the
  // box keeps the text; the server reads the name the same way).
  const named = wanted && suggestions.isSuccess && draft.trim() === term ? namedCommune(term, options) : null;
  useEffect(() => {
    if (named && term !== value) onChange(term);
  }, [named, term, value, onChange]);

  const commit = (location: string) => {
    setOpen(false);
    setActive(-1);
    if (location.trim() !== value) onChange(location.trim());
  };
  const pick = (city: CitySuggestion) => {
    setDraft(locationOf(city));
    commit(locationOf(city));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === "Enter") {
      event.preventDefault(); // the search applies as it changes: nothing to submit
      if (active >= 0 && options[active]) pick(options[active]);
      else commit(draft);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-night-900">
        {t("search.form.location")}
      </label>
      <div className="relative">
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={t("search.form.locationPlaceholder")}
          value={draft}
          maxLength={100}
          onChange={(event) => {
            setDraft(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => commit(draft)}
          className={clsx(
            "w-full rounded-xl border bg-white py-2.5 pl-3.5 pr-10 text-night-900 placeholder:text-slate-500",
            error ? "border-red-700" : "border-slate-400 hover:border-night-600",
          )}
        />
        {draft && (
          <button
            type="button"
            onClick={() => {
              setDraft("");
              commit("");
            }}
            aria-label={t("search.form.clearLocation")}
            className="absolute right-1.5 top-1/2 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-lg text-slate-600 hover:bg-night-50"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        )}
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label={t("search.cities.label")}
        hidden={!expanded}
        className="absolute left-0 right-0 top-full z-30 mt-1 max-h-72 overflow-auto rounded-xl border border-night-100 bg-white py-1 shadow-lg"
      >
        {options.map((city, index) => (
          // The keyboard is handled by the box (aria-activedescendant); a click picks, and mousedown
          // keeps the focus in the box so its blur does not commit the half-typed text first.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <div
            key={`${city.name}-${city.postal_code}`}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(city)}
            className={`cursor-pointer px-3.5 py-2 text-sm ${index === active ? "bg-night-100" : "hover:bg-night-50"}`}
          >
            {t("search.cities.option", { name: city.name, department: city.department })}
            {city.postal_code && <span className="ml-2 text-slate-600">{city.postal_code}</span>}
          </div>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
      {nothingFound && (
        <p
          role="status"
          className="absolute left-0 right-0 top-full z-30 mt-1 rounded-xl border border-night-100 bg-white px-3.5 py-2 text-sm text-slate-600 shadow-lg"
        >
          {suggestions.isError ? t("search.cities.unavailable") : t("search.cities.none")}
        </p>
      )}
    </div>
  );
}
