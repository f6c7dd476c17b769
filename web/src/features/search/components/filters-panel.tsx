// The advanced filters: each group a fieldset with its legend, each change applied at once to the
// URL (typed and dragged values after the input delay). Options and their labels come from
// db/constants/search-filters.ts and the frame's shared labels.
import type { ReactNode } from "react";
import { HOURLY_RATE_MAX_CENTS } from "@db/constants/limits";
import {
  AGE_GROUP_OPTIONS,
  EXPERIENCE_OPTIONS,
  LANGUAGE_OPTIONS,
  SPECIALTY_OPTIONS,
} from "@db/constants/search-filters";
import { SEARCH_RADIUS_KM, SEARCH_RATING } from "@db/constants/limits";
import { CheckboxField } from "@web/components/form/checkbox-field";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { type ApiParam, CLEAR_FILTERS, csv, rateRangeInverted, toggled } from "../search-params";
import { searchTexts } from "../texts";
import { useDebouncedDraft } from "../use-debounced-draft";
import type { SearchState } from "../use-search-state";

/** `id`: the base of the panel's own names (its wrapper on the page carries the id the toggle controls). */
type PanelProps = { id: string; state: SearchState };

const RATINGS = Array.from({ length: SEARCH_RATING.max - SEARCH_RATING.min + 1 }, (_, i) => SEARCH_RATING.min + i);
const MAX_RATE_EUROS = HOURLY_RATE_MAX_CENTS / 100;

export function FiltersPanel({ id, state }: PanelProps) {
  const { t } = useTranslation(searchTexts);
  const { search, update } = state;
  const setFlag = (key: ApiParam) => (on: boolean) => update({ [key]: on ? "true" : null });
  return (
    <section aria-label={t("search.filters.panel")} className="rounded-2xl border border-night-100 bg-white p-5">
      <div className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        <RadiusFilter state={state} />
        <RateFilter state={state} />
        <Group legend={t("search.filters.rating.legend")}>
          <RadioOption
            name={`${id}-rating`}
            label={t("search.filters.rating.any")}
            checked={search.minRating === undefined}
            onSelect={() => update({ minRating: null })}
          />
          {RATINGS.map((stars) => (
            <RadioOption
              key={stars}
              name={`${id}-rating`}
              label={t("search.filters.rating.count", { count: stars })}
              checked={search.minRating === stars}
              onSelect={() => update({ minRating: String(stars) })}
            />
          ))}
        </Group>
        <Group legend={t("search.filters.availability.legend")}>
          <Flag
            label={t("search.filters.availability.today")}
            on={search.availableToday}
            set={setFlag("availableToday")}
          />
          <Flag label={t("search.filters.availability.emergency")} on={search.emergency} set={setFlag("emergency")} />
        </Group>
        <Group legend={t("search.filters.trust.legend")}>
          <Flag label={t("search.filters.trust.verified")} on={search.verifiedOnly} set={setFlag("verifiedOnly")} />
          <Flag label={t("search.filters.trust.references")} on={search.references} set={setFlag("references")} />
        </Group>
        <Group legend={t("search.filters.experience")}>
          {EXPERIENCE_OPTIONS.map(({ value, labelKey }) => (
            <Flag
              key={value}
              label={t(labelKey)}
              on={search.experience?.includes(value)}
              set={(on) => update({ experience: csv(toggled(search.experience ?? [], value, on)) })}
            />
          ))}
        </Group>
        <Group legend={t("search.filters.languages")}>
          {LANGUAGE_OPTIONS.map(({ value, labelKey }) => (
            <Flag
              key={value}
              label={t(labelKey)}
              on={search.languages?.includes(value)}
              set={(on) => update({ languages: csv(toggled(search.languages ?? [], value, on)) })}
            />
          ))}
        </Group>
        <Group legend={t("search.filters.ageGroups")}>
          {AGE_GROUP_OPTIONS.map(({ value, labelKey }) => (
            <Flag
              key={value}
              label={t(labelKey)}
              on={search.ageGroups?.includes(value)}
              set={(on) => update({ ageGroups: csv(toggled(search.ageGroups ?? [], value, on)) })}
            />
          ))}
        </Group>
        <Group legend={t("search.filters.specialties")} wide>
          {SPECIALTY_OPTIONS.map(({ value, labelKey }) => (
            <Flag
              key={value}
              label={t(labelKey)}
              on={search.specialties?.includes(value)}
              set={(on) => update({ specialties: csv(toggled(search.specialties ?? [], value, on)) })}
            />
          ))}
        </Group>
      </div>
      <div className="mt-5 flex justify-end">
        <Button variant="ghost" onClick={() => update(CLEAR_FILTERS)} disabled={state.activeFilters === 0}>
          {t("search.filters.reset")}
        </Button>
      </div>
    </section>
  );
}

function Group({ legend, wide, children }: { legend: string; wide?: boolean; children: ReactNode }) {
  return (
    <fieldset className={wide ? "md:col-span-2" : undefined}>
      <legend className="mb-2 text-sm font-semibold text-night-900">{legend}</legend>
      <div className={wide ? "grid gap-2 sm:grid-cols-2" : "flex flex-col gap-2"}>{children}</div>
    </fieldset>
  );
}

function Flag({ label, on, set }: { label: string; on: boolean | undefined; set: (on: boolean) => void }) {
  return <CheckboxField label={label} checked={on ?? false} onChange={(event) => set(event.target.checked)} />;
}

function RadioOption(props: { name: string; label: string; checked: boolean; onSelect: () => void }) {
  return (
    <label className="flex items-center gap-2.5 py-0.5 text-sm text-night-900">
      <input
        type="radio"
        name={props.name}
        checked={props.checked}
        onChange={props.onSelect}
        className="h-5 w-5 shrink-0 accent-night-800"
      />
      {props.label}
    </label>
  );
}

function RadiusFilter({ state }: { state: SearchState }) {
  const { t } = useTranslation(searchTexts);
  const { update } = state;
  const [draft, setDraft] = useDebouncedDraft(String(state.search.radius), (radius) => update({ radius }, "replace"));
  const km = t("search.filters.radius.value", { km: draft });
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-night-900">{t("search.filters.radius.legend")}</legend>
      <label className="flex flex-col gap-2 text-sm text-night-900">
        <span className="flex justify-between">
          <span>{t("search.filters.radius.label")}</span>
          <span className="font-semibold">{km}</span>
        </span>
        <input
          type="range"
          min={SEARCH_RADIUS_KM.min}
          max={SEARCH_RADIUS_KM.max}
          step={1}
          value={draft}
          aria-valuetext={km}
          onChange={(event) => setDraft(event.target.value)}
          className="h-6 w-full accent-night-800"
        />
      </label>
    </fieldset>
  );
}

function RateFilter({ state }: { state: SearchState }) {
  const { t } = useTranslation(searchTexts);
  const { update, raw } = state;
  const [min, setMin] = useDebouncedDraft(raw("minRate"), (minRate) => update({ minRate }, "replace"));
  const [max, setMax] = useDebouncedDraft(raw("maxRate"), (maxRate) => update({ maxRate }, "replace"));
  const inverted = rateRangeInverted({ minRate: min || undefined, maxRate: max || undefined });
  const numberProps = { type: "number", inputMode: "decimal", min: 0, max: MAX_RATE_EUROS, step: 0.5 } as const;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-night-900">{t("search.filters.rate.legend")}</legend>
      <div className="grid grid-cols-2 items-start gap-3">
        <TextField
          {...numberProps}
          label={t("search.filters.rate.min")}
          value={min}
          onChange={(event) => setMin(event.target.value)}
        />
        <TextField
          {...numberProps}
          label={t("search.filters.rate.max")}
          value={max}
          error={inverted ? t("search.rateRangeInvalid") : undefined}
          onChange={(event) => setMax(event.target.value)}
        />
      </div>
    </fieldset>
  );
}
