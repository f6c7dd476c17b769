// Turns a failed request into the text of its error toast. The server already wrote the message in
// the request's language; these are only the fallbacks.
import { ApiError } from "./api-client";
import type { TFunction } from "./i18n";

export function serverMessage(error: unknown, t: TFunction, clientErrorFallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return t("errors.internal");
  if (error.message) return error.message;
  return error.status < 500 ? t(clientErrorFallback) : t("errors.internal");
}
