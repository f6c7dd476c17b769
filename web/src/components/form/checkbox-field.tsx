import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { FieldError } from "./text-field";

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: ReactNode;
  error?: string;
};

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, error, id, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2.5">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-night-800"
          {...rest}
        />
        <label htmlFor={inputId} className="py-0.5 text-sm text-night-900">
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
});
