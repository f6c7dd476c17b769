// What an account with an unconfirmed email may do: sign in and look around, but not write to
// anyone (send a message, start a conversation) nor request or accept a booking. The routes that
// do those call requireVerifiedEmail first: a 403 EMAIL_NOT_VERIFIED in the caller's language.
import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { user } from "@db/schema/auth";
import type { AppEnv } from "../lib/context";
import { ApiError } from "../lib/errors";

export const emailNotVerified = () => new ApiError(403, "EMAIL_NOT_VERIFIED", "account.emailNotVerified");

/** Inside a signedInRoute: refuses a caller whose email is not confirmed yet. */
export async function requireVerifiedEmail(c: Context<AppEnv>): Promise<void> {
  const [row] = await c.var.db
    .select({ verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, c.var.user.id))
    .limit(1);
  if (!row?.verified) throw emailNotVerified();
}
