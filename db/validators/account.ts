// Settings → Sécurité and Confidentialité : the caller's password,
// sessions and two-factor set-up. API bodies are strict (unknown fields are refused); the form
// schemas add what never leaves the browser (the confirmation).
import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../constants/limits";
import { PROFILE_VISIBILITIES } from "../schema/enums";
import { newPasswordField } from "./fields";
import { idParam } from "./ids";

/** The password the caller holds now: only required and bounded (older accounts may predate the rules). */
export const currentPasswordField = z
  .string({ error: "validation.passwordRequired" })
  .min(1, "validation.passwordRequired")
  .max(PASSWORD_MAX_LENGTH, "validation.passwordTooLong");

/** The registration's rules apply to the new password. */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: currentPasswordField,
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string().min(1, "validation.confirmRequired") })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordMismatch",
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const sessionParamSchema = z.strictObject({ id: idParam });

/** One of the caller's sessions, as Settings → Sécurité lists it (never its token). */
export const accountSessionSchema = z.object({
  id: z.string(),
  browser: z.string().nullable().describe("From the user agent: 'Chrome', 'Firefox'... null when unknown."),
  os: z.string().nullable().describe("From the user agent: 'Linux', 'Windows', 'iOS'... null when unknown."),
  city: z.string().nullable().describe("Cloudflare's city at sign-in, when known."),
  country: z.string().nullable().describe("Cloudflare's country code at sign-in, when known."),
  created_at: z.string().describe("ISO 8601"),
  last_seen_at: z.string().describe("ISO 8601: the session's last refresh"),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export const revokedSchema = z.object({ revoked: z.number().int() });

// ---- Two-factor authentication (better-auth's twoFactor plugin, TOTP) ----

/** Turning two-factor on or off needs the password. */
export const twoFactorPasswordBodySchema = z.strictObject({ password: currentPasswordField });

/** A 6-digit code from the authenticator app (spaces, as apps show "123 456", are dropped). */
export const totpCodeField = z
  .string({ error: "validation.codeInvalid" })
  .transform((code) => code.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "validation.codeInvalid"));

export const totpBodySchema = z.strictObject({ code: totpCodeField });

/** One of the backup codes shown at set-up: xxxxx-xxxxx. */
export const backupCodeBodySchema = z.strictObject({
  code: z
    .string({ error: "validation.codeInvalid" })
    .trim()
    .regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, "validation.codeInvalid"),
});

/** Shown once, at set-up: the otpauth:// URI for the app (and its QR code) and the backup codes. */
export const twoFactorSetupSchema = z.object({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});
/** New backup codes (the old ones stop working), shown once. */
export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });

/**
 * Settings → Sécurité at a glance: when the password was last set (the credential account row's
 * updatedAt, which better-auth bumps on sign-up, change-password and reset), or null when the
 * account signs in with Google or Facebook only; and whether two-factor is on.
 */
export const accountSecuritySchema = z.object({
  password_changed_at: z
    .string()
    .nullable()
    .describe("ISO 8601: when the password was last set; null when the account has no password (social sign-in)"),
  two_factor_enabled: z.boolean(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

// ---- Settings → Confidentialité ----

export const cookieChoicesSchema = z.object({
  essential: z.literal(true).describe("Always on: the session and the language."),
  analytics: z.boolean(),
  marketing: z.boolean(),
});

export const privacySchema = z.object({
  profile_visibility: z.enum(PROFILE_VISIBILITIES),
  cookies: cookieChoicesSchema,
});
export type PrivacyDto = z.infer<typeof privacySchema>;

/** Each part may be sent alone; essential cookies cannot be turned off (only `true` is accepted). */
export const privacyBodySchema = z.strictObject({
  profile_visibility: z.enum(PROFILE_VISIBILITIES, { error: "validation.formatInvalid" }).optional(),
  cookies: z
    .strictObject({
      essential: z.literal(true, { error: "validation.formatInvalid" }).optional(),
      analytics: z.boolean({ error: "validation.formatInvalid" }),
      marketing: z.boolean({ error: "validation.formatInvalid" }),
    })
    .optional(),
});
export type PrivacyBody = z.infer<typeof privacyBodySchema>;

/** The deletion is confirmed by typing SUPPRIMER exactly. */
export const DELETE_CONFIRMATION = "SUPPRIMER";
export const deleteAccountBodySchema = z.strictObject({
  confirmation: z.literal(DELETE_CONFIRMATION, { error: "validation.deleteConfirmation" }),
});
