// Field messages of every form. Schema errors carry i18n keys (the shared validators are written
// for the server too); server errors carry text the server already translated (type "server").
import type { TFunction } from "@web/lib/i18n";
import type { FieldError, FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "@web/lib/api-client";

const SERVER_ERROR_TYPE = "server";

/** A field's error, or a list field's (whose type react-hook-form leaves optional). */
type FieldMessage = Pick<FieldError, "message"> & { type?: FieldError["type"] };

export function errorText(error: FieldMessage | undefined, t: TFunction): string | undefined {
  if (!error?.message) return undefined;
  return error.type === SERVER_ERROR_TYPE ? error.message : t(error.message);
}

/**
 * Puts a refused request's message under the field it names, when the form has that field.
 * Returns the field, so a multi-step form can show its step.
 */
export function showServerFieldError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
): Path<T> | undefined {
  if (!(error instanceof ApiError) || error.status >= 500 || !error.field) return undefined;
  const field = fields.find((name) => name === error.field);
  if (field) setError(field, { type: SERVER_ERROR_TYPE, message: error.message });
  return field;
}
