import type { FieldError } from "react-hook-form";
import type { TFunction } from "@web/lib/i18n";

/** Server errors carry text already translated (type "server"); schema errors carry i18n keys. */
export const SERVER_ERROR_TYPE = "server";

export function errorText(error: FieldError | undefined, t: TFunction): string | undefined {
  if (!error?.message) return undefined;
  return error.type === SERVER_ERROR_TYPE ? error.message : t(error.message);
}
