import { clsx } from "clsx";
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Already translated message. */
  error?: string;
  hint?: string;
};

/** The ids a labelled control links to its hint and error, and the aria-describedby naming them. */
export function useFieldIds(id: string | undefined, error?: string, hint?: string) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return { inputId, errorId, hintId, describedBy: clsx(error && errorId, hint && hintId) || undefined };
}

/** The look of a text control, red while it has an error. */
export const fieldControlClasses = (error?: string) =>
  clsx(
    "w-full rounded-xl border bg-white px-3.5 py-2.5 text-night-900 placeholder:text-slate-500",
    error ? "border-red-700" : "border-slate-400 hover:border-night-600",
  );

/** A control's label above it, and its hint (while there is no error) or its error below. */
export function FieldShell({
  ids,
  label,
  hint,
  error,
  className,
  children,
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={ids.inputId} className="text-sm font-medium text-night-900">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={ids.hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={ids.errorId} message={error} />
    </div>
  );
}

/** A labelled input whose error is announced and linked with aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} className={className}>
      <input
        ref={ref}
        id={ids.inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={fieldControlClasses(error)}
        {...rest}
      />
    </FieldShell>
  );
});

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
