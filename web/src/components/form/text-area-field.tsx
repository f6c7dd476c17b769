import { clsx } from "clsx";
import { forwardRef, useId, type TextareaHTMLAttributes } from "react";
import { FieldError } from "./text-field";

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  /** Already translated message. */
  error?: string;
  /** A line under the box (a character count, a hint), announced with the field. */
  hint?: string;
};

/** A labelled multi-line input whose error and hint are linked with aria-describedby. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className, rows = 4, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = clsx(error && errorId, hint && hintId) || undefined;
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-night-900">
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(
          "w-full rounded-xl border bg-white px-3.5 py-2.5 text-night-900 placeholder:text-slate-500",
          error ? "border-red-700" : "border-slate-400 hover:border-night-600",
        )}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
});
