import { clsx } from "clsx";

type FilterFieldProps = {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  /** The label for screen readers only, where the list's heading already says what is filtered. */
  hideLabel?: boolean;
  className?: string;
};

/** A list's search box (the favourites, the conversations): a labelled `type="search"` input. */
export function FilterField({
  id,
  label,
  placeholder,
  value,
  maxLength,
  onChange,
  hideLabel,
  className,
}: FilterFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-semibold text-night-900"}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className={clsx(
          "w-full rounded-xl border border-night-600 bg-white px-3 text-night-900 placeholder:text-slate-600",
          hideLabel ? "py-2" : "mt-1 py-2.5",
        )}
      />
    </div>
  );
}
