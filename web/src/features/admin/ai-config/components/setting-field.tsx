// One setting of a tab, in the tab's form: its label, a line on what it does, the control, and
// under it the setting's range (the same bounds the server checks) or, once it is wrong, the error
// in its place. A slider shows its value beside the label and says it to screen readers
// (aria-valuetext, in the admin's number format); a number box has its unit beside it.
import { clsx } from "clsx";
import { useId } from "react";
import { Controller, type FieldError as HookFieldError, type UseFormReturn } from "react-hook-form";
import type { NumberBound } from "@db/constants/ai-config";
import { FieldError, fieldControlClasses } from "@web/components/form/text-field";
import { formatNumber } from "@web/lib/format-paris";
import { type Language, type TFunction, useTranslation } from "@web/lib/i18n";
import { type GroupValues, type SettingSpec, type SettingUnit, stepDecimals } from "../settings";
import { adminAiConfigTexts } from "../texts";

/** Server errors carry the text the server wrote (react-hook-form type "server"); the schema's carry keys. */
const SERVER_ERROR_TYPE = "server";

type Numeric = Extract<SettingSpec, { bound: NumberBound }>;
type FieldProps<S extends SettingSpec> = { spec: S; form: UseFormReturn<GroupValues> };

export function SettingField({ spec, form }: FieldProps<SettingSpec>) {
  if (spec.kind === "switch") return <SwitchSetting spec={spec} form={form} />;
  return spec.kind === "slider" ? <SliderSetting spec={spec} form={form} /> : <NumberSetting spec={spec} form={form} />;
}

/** A value in the admin's format, with as many decimals as its step allows ('0,05', '0,001', '300'). */
const formatSetting = (value: number, bound: NumberBound, language: Language) =>
  formatNumber(value, stepDecimals(bound), language);

/** 'Entre 1 et 50 km': the hint under a numeric setting. */
function rangeText(bound: NumberBound, unit: SettingUnit | undefined, t: TFunction, language: Language) {
  const ends = { min: formatSetting(bound.min, bound, language), max: formatSetting(bound.max, bound, language) };
  return unit
    ? t("adminAiConfig.rangeWithUnit", { ...ends, unit: t(`adminAiConfig.units.${unit}`) })
    : t("adminAiConfig.range", ends);
}

/** The message under a setting: the server's own text, or the schema's key with the setting's bounds. */
function errorOf(error: HookFieldError | undefined, bound: NumberBound | undefined, t: TFunction, language: Language) {
  if (!error?.message) return undefined;
  if (error.type === SERVER_ERROR_TYPE) return error.message;
  const ends = bound && {
    min: formatSetting(bound.min, bound, language),
    max: formatSetting(bound.max, bound, language),
  };
  return t(error.message, ends);
}

/** The ids a setting's control points to: its line of help, then its range or its error. */
function useSettingIds(hasError: boolean) {
  const inputId = useId();
  const helpId = `${inputId}-help`;
  const noteId = `${inputId}-${hasError ? "error" : "range"}`;
  return { inputId, helpId, noteId, describedBy: `${helpId} ${noteId}` };
}

function SettingNote({ id, range, error }: { id: string; range: string; error: string | undefined }) {
  if (error) return <FieldError id={id} message={error} />;
  return (
    <p id={id} className="text-xs text-slate-600">
      {range}
    </p>
  );
}

const shell = "flex flex-col gap-1.5 rounded-xl border border-night-100 bg-white p-4";

function SliderSetting({ spec, form }: FieldProps<Numeric>) {
  const { t, language } = useTranslation(adminAiConfigTexts);
  const error = errorOf(form.formState.errors[spec.key], spec.bound, t, language);
  const ids = useSettingIds(Boolean(error));
  const label = t(`adminAiConfig.fields.${spec.key}.label`);
  return (
    <Controller
      control={form.control}
      name={spec.key}
      render={({ field }) => {
        const value = Number(field.value);
        const shown = formatSetting(value, spec.bound, language);
        return (
          <div className={shell}>
            <div className="flex items-baseline justify-between gap-3">
              <label htmlFor={ids.inputId} className="text-sm font-semibold text-night-900">
                {label}
              </label>
              <span aria-hidden="true" className="font-bold tabular-nums text-night-900">
                {shown}
              </span>
            </div>
            <p id={ids.helpId} className="text-sm text-slate-700">
              {t(`adminAiConfig.fields.${spec.key}.help`)}
            </p>
            <input
              ref={field.ref}
              id={ids.inputId}
              name={field.name}
              type="range"
              min={spec.bound.min}
              max={spec.bound.max}
              step={spec.bound.step}
              value={value}
              aria-valuetext={t("adminAiConfig.sliderValue", {
                value: shown,
                max: formatSetting(spec.bound.max, spec.bound, language),
              })}
              aria-invalid={error ? true : undefined}
              aria-describedby={ids.describedBy}
              onChange={(event) => field.onChange(event.target.valueAsNumber)}
              onBlur={field.onBlur}
              className="h-6 w-full accent-night-800"
            />
            <SettingNote id={ids.noteId} range={rangeText(spec.bound, spec.unit, t, language)} error={error} />
          </div>
        );
      }}
    />
  );
}

function NumberSetting({ spec, form }: FieldProps<Numeric>) {
  const { t, language } = useTranslation(adminAiConfigTexts);
  const error = errorOf(form.formState.errors[spec.key], spec.bound, t, language);
  const ids = useSettingIds(Boolean(error));
  return (
    <div className={shell}>
      <label htmlFor={ids.inputId} className="text-sm font-semibold text-night-900">
        {t(`adminAiConfig.fields.${spec.key}.label`)}
      </label>
      <p id={ids.helpId} className="text-sm text-slate-700">
        {t(`adminAiConfig.fields.${spec.key}.help`)}
      </p>
      <div className="flex items-center gap-2">
        <input
          id={ids.inputId}
          type="number"
          inputMode="decimal"
          min={spec.bound.min}
          max={spec.bound.max}
          step={spec.bound.step}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={clsx(fieldControlClasses(error), "max-w-40")}
          {...form.register(spec.key, { valueAsNumber: true })}
        />
        {spec.unit && (
          <span aria-hidden="true" className="text-sm text-slate-700">
            {t(`adminAiConfig.units.${spec.unit}`)}
          </span>
        )}
      </div>
      <SettingNote id={ids.noteId} range={rangeText(spec.bound, spec.unit, t, language)} error={error} />
    </div>
  );
}

function SwitchSetting({ spec, form }: FieldProps<Extract<SettingSpec, { kind: "switch" }>>) {
  const { t, language } = useTranslation(adminAiConfigTexts);
  const error = errorOf(form.formState.errors[spec.key], undefined, t, language);
  const ids = useSettingIds(Boolean(error));
  return (
    <div className={clsx(shell, "flex-row items-start gap-3")}>
      <input
        id={ids.inputId}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.describedBy : ids.helpId}
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-night-800"
        {...form.register(spec.key)}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={ids.inputId} className="text-sm font-semibold text-night-900">
          {t(`adminAiConfig.fields.${spec.key}.label`)}
        </label>
        <p id={ids.helpId} className="text-sm text-slate-700">
          {t(`adminAiConfig.fields.${spec.key}.help`)}
        </p>
        {error && <FieldError id={ids.noteId} message={error} />}
      </div>
    </div>
  );
}
