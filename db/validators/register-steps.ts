// The sign-up wizard's steps: which fields each one validates before 'Suivant'. Kept free of zod
// (it imports a type only), so the sign-up page reads it before its form fetches zod
// (web/src/components/form/lazy-zod-resolver.ts).
import type { RegisterForm } from "./auth";

export const REGISTER_STEPS = [
  ["user_type"],
  ["first_name", "last_name", "email", "phone", "city"],
  ["password", "confirm_password", "accept_terms"],
] as const satisfies readonly (readonly (keyof RegisterForm)[])[];
