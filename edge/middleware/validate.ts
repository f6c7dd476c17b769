// zod validation for every route input: the first problem becomes a 400 in the user's language
// (the schemas carry i18n keys), unknown fields are refused, and nothing is changed.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z, ZodType } from "zod";
import { ApiError } from "../lib/errors";
import { isMessageKey } from "../lib/i18n";

export function validationError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  if (!issue) return new ApiError(400, "VALIDATION", "errors.invalidInput");
  if (issue.code === "unrecognized_keys") {
    const field = [...issue.path, issue.keys[0]].join(".");
    return new ApiError(400, "UNKNOWN_FIELD", "errors.unknownField", { field }, { field });
  }
  const key = isMessageKey(issue.message) ? issue.message : "validation.formatInvalid";
  const field = issue.path.join(".") || undefined;
  return new ApiError(400, "VALIDATION", key, {}, field ? { field } : {});
}

export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error as unknown as z.ZodError);
  });
