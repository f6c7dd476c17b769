import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "@web/lib/i18n";

/** A labelled group of checkboxes whose checked values form one list field (react-hook-form). */
export function OptionCheckboxes({
  legend,
  options,
  registration,
}: {
  legend: string;
  options: readonly { value: string; labelKey: string }[];
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-night-900">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-400 bg-white px-3 py-1.5 text-sm has-[:checked]:border-night-800 has-[:checked]:bg-night-100"
          >
            <input type="checkbox" value={option.value} className="h-4 w-4 accent-night-800" {...registration} />
            {t(option.labelKey)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
