// Invalid input becomes a 400 in the user's language (the schemas carry i18n keys): the first
// problem only, unknown fields refused by name, and nothing is changed.
import type { z } from "zod";
import { ApiError } from "./errors";
import { isMessageKey } from "./i18n";

export function validationError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  if (!issue) return new ApiError(400, "VALIDATION", "errors.invalidInput");
  if (issue.code === "unrecognized_keys") {
    const field = [...issue.path, issue.keys[0]].join(".");
    return new ApiError(400, "UNKNOWN_FIELD", "errors.unknownField", { field }, { field });
  }
  const key = isMessageKey(issue.message) ? issue.message : "validation.formatInvalid";
  const field = issue.path.join(".") || undefined;
  return new ApiError(400, "VALIDATION", key, boundOf(issue), field ? { field } : {});
}

/**
 * The bound a too-long or too-short input broke, for texts such as 'Maximum {{count}} caractères';
 * a refinement's own values (`params`, e.g. a setting's {min, max}) for its text.
 */
function boundOf(issue: z.core.$ZodIssue): Record<string, string | number> {
  if (issue.code === "too_big" || issue.code === "too_small") {
    const bound = issue.code === "too_big" ? issue.maximum : issue.minimum;
    return { count: Number(bound) };
  }
  if (issue.code === "custom" && issue.params)
    return Object.fromEntries(
      Object.entries(issue.params).filter((entry): entry is [string, string | number] =>
        ["string", "number"].includes(typeof entry[1]),
      ),
    );
  return {};
}
