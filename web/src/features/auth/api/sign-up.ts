// POST /api/auth/sign-up/email: creates the account and its profile; the user signs in afterwards.
import { useMutation } from "@tanstack/react-query";
import type { RegisterBody, RegisterForm } from "@db/validators/auth";
import { client, unwrap } from "@web/lib/api-client";

/** The wizard's form: the request body plus the confirmation and the terms, which stay here. */
export type SignUpInput = RegisterForm;

export const signUp = (body: RegisterBody) => unwrap(client.api.auth["sign-up"].email.$post({ json: body }));

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
