import { forwardRef, type TextareaHTMLAttributes } from "react";
import { FieldShell, fieldControlClasses, useFieldIds } from "./text-field";

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  /** Already translated message. */
  error?: string;
  /** Shown under the field while there is no error (a character count, a rule). */
  hint?: string;
};

/** A labelled multi-line input, its error announced and linked like TextField's. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className, rows = 4, ...rest },
  ref,
) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        id={ids.inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={fieldControlClasses(error)}
        {...rest}
      />
    </FieldShell>
  );
});
