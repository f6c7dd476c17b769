// Sign-in and registration payloads. The API body schemas are strict
// (unknown fields are refused); the form schemas add the fields that never leave the browser.
import { z } from "zod";
import { REGISTRABLE_USER_TYPES, SOCIAL_PROVIDERS } from "../schema/enums";
import { LOGIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from "../constants/limits";
import { cityField, emailField, NAME_PATTERN, nameField, newPasswordField, phoneField, requiredText } from "./fields";

export const signInBodySchema = z.strictObject({
  email: emailField,
  password: z
    .string({ error: "validation.passwordRequired" })
    .min(1, "validation.passwordRequired")
    .min(LOGIN_PASSWORD_MIN_LENGTH, "validation.loginPasswordMin")
    .max(PASSWORD_MAX_LENGTH, "validation.passwordTooLong"),
  rememberMe: z.boolean({ error: "validation.formatInvalid" }).optional(),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const userTypeField = z.enum(REGISTRABLE_USER_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === "" ? "validation.userTypeRequired" : "validation.userTypeInvalid",
});

/** The first name's own message ('Prénom invalide'), so the wizard names the field that is wrong. */
export const firstNameField = requiredText("validation.firstNameInvalid", NAME_PATTERN);

export const registerBodySchema = z.strictObject({
  user_type: userTypeField,
  first_name: firstNameField,
  last_name: nameField,
  email: emailField,
  phone: phoneField,
  city: cityField,
  password: newPasswordField,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The 3-step wizard's form: the API body plus confirmation and terms. */
export const registerFormSchema = registerBodySchema
  .extend({
    confirm_password: z.string().min(1, "validation.confirmRequired"),
    accept_terms: z.boolean().refine((accepted) => accepted, "validation.termsRequired"),
  })
  .refine((form) => form.password === form.confirm_password, {
    path: ["confirm_password"],
    message: "validation.passwordMismatch",
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** A path inside the app ("/reset-password"), never another site ("//evil.example", "https://..."). */
const inAppPathField = z
  .string({ error: "validation.formatInvalid" })
  .max(200, "validation.formatInvalid")
  .regex(/^\/(?![/\\])[^\s\\]*$/, "validation.formatInvalid");

export const passwordResetBodySchema = z.strictObject({
  email: emailField,
  redirectTo: inAppPathField.optional(),
});

/** Reset tokens are better-auth's 24-character ids. */
const resetTokenField = z
  .string({ error: "errors.invalidToken" })
  .min(1, "errors.invalidToken")
  .max(64, "errors.invalidToken")
  .regex(/^[\w-]+$/, "errors.invalidToken");

export const resetPasswordBodySchema = z.strictObject({ newPassword: newPasswordField, token: resetTokenField });

export const resetLinkParamSchema = z.strictObject({ token: resetTokenField });
export const resetCallbackQuerySchema = z.strictObject({ callbackURL: inAppPathField });

export const signOutBodySchema = z.strictObject({});

const socialProviderField = z.enum(SOCIAL_PROVIDERS, { error: "validation.formatInvalid" });

export const oauthCallbackParamSchema = z.strictObject({ provider: socialProviderField });

export const socialSignInBodySchema = z.strictObject({
  provider: socialProviderField,
  callbackURL: inAppPathField.optional(),
});

/** better-auth's verification tokens are signed JWTs (three base64url parts). */
const verificationTokenField = z
  .string({ error: "account.verificationInvalid" })
  .min(1, "account.verificationInvalid")
  .max(2000, "account.verificationInvalid")
  .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, "account.verificationInvalid");

export const verifyEmailBodySchema = z.strictObject({ token: verificationTokenField });

/** Signed in: the account's own address (email may be left out); signed out: the address to send to. */
export const sendVerificationBodySchema = z.strictObject({ email: emailField.optional() });

/** GET /api/auth/reset-link?token=: is the reset link still good, before the new password is typed. */
export const resetLinkQuerySchema = z.strictObject({ token: resetTokenField });
