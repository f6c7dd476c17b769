// POST /api/auth/request-password-reset: emails a reset link (same answer whether or not the
// address has an account).
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { passwordResetBodySchema } from "@db/validators/auth";
import { client, unwrap } from "@web/lib/api-client";

export const requestPasswordResetInputSchema = passwordResetBodySchema.pick({ email: true });
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetInputSchema>;

const RESET_PAGE_PATH = "/reset-password";

export const requestPasswordReset = ({ email }: RequestPasswordResetInput) =>
  unwrap(client.api.auth["request-password-reset"].$post({ json: { email, redirectTo: RESET_PAGE_PATH } }));

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
