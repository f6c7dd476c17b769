// POST /api/auth/reset-password: sets the new password with the emailed token.
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { resetPasswordBodySchema } from "@db/validators/auth";
import { client, unwrap } from "@web/lib/api-client";

/** The form: the new password (registration's rules) and its confirmation, which stays here. */
export const resetPasswordInputSchema = z
  .object({
    password: resetPasswordBodySchema.shape.newPassword,
    confirm_password: z.string().min(1, "validation.confirmRequired"),
  })
  .refine((form) => form.password === form.confirm_password, {
    path: ["confirm_password"],
    message: "validation.passwordMismatch",
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;
type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const resetPassword = (body: ResetPasswordBody) =>
  unwrap(client.api.auth["reset-password"].$post({ json: body }));

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
