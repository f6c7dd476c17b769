// Field rules shared by the server (routes validate with them) and the web forms (the same
// schemas drive react-hook-form). Messages are i18n keys from web/src/i18n/{fr,en}.json.
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../constants/limits";

// zod compiles object parsers with `new Function` where it may. The web app's CSP forbids eval
// (and workerd has none), so zod would only probe for it, which the browser reports as a CSP
// violation. Every schema of ours imports this module: parse without the compiler (same results).
z.config({ jitless: true });

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** French phone: +33 or 0, then 1-9, then 8 digits (spaces, dots or dashes allowed between pairs). */
export const FRENCH_PHONE_PATTERN = /^(?:\+33\s?|0)[1-9](?:[\s.-]?\d{2}){4}$/;
/** French postal code: 5 digits, department 01-98. */
export const FRENCH_POSTAL_CODE_PATTERN = /^(?:0[1-9]|[1-8]\d|9[0-8])\d{3}$/;
export const NAME_PATTERN = /^[\p{L}\s'’-]{2,50}$/u;
export const CITY_PATTERN = /^[\p{L}\s'’-]{2,100}$/u;
export const PASSWORD_COMPLEXITY_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/;

export const requiredText = (invalidKey: string, pattern: RegExp) =>
  z.string({ error: "validation.required" }).trim().min(1, "validation.required").regex(pattern, invalidKey);

export const emailField = z
  .string({ error: "validation.emailRequired" })
  .trim()
  .min(1, "validation.emailRequired")
  .max(254, "validation.emailInvalid")
  .regex(EMAIL_PATTERN, "validation.emailInvalid");

export const nameField = requiredText("validation.nameInvalid", NAME_PATTERN);
export const cityField = requiredText("validation.cityInvalid", CITY_PATTERN);
export const phoneField = requiredText("validation.phoneInvalid", FRENCH_PHONE_PATTERN);
export const postalCodeField = z.string().trim().regex(FRENCH_POSTAL_CODE_PATTERN, "validation.postalCodeInvalid");

/** Registration password: min 8, lowercase + uppercase + digit. */
export const newPasswordField = z
  .string({ error: "validation.passwordRequired" })
  .min(1, "validation.passwordRequired")
  .min(PASSWORD_MIN_LENGTH, "validation.passwordMin")
  .max(PASSWORD_MAX_LENGTH, "validation.passwordTooLong")
  .regex(PASSWORD_COMPLEXITY_PATTERN, "validation.passwordComplexity");
