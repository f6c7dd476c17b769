// An agency manager's account, which only an admin creates (with the agency, or later beside its
// first manager): the account and its 'agency' profile in better-auth's sign-up transaction, then
// an email with a link to choose her password. She signs in like everyone else after that.
import type { Context } from "hono";
import { and, eq } from "drizzle-orm";
import { user } from "@db/schema/auth";
import { agencyManagers } from "@db/schema/agencies";
import { profiles } from "@db/schema/profiles";
import type { AgencyManagerBody } from "@db/validators/agencies";
import type { AppEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { authFor } from "./for-request";

const emailTaken = () => new ApiError(409, "EMAIL_TAKEN", "agencies.errors.emailTaken", {}, { field: "manager.email" });

/** Where the link of the first email leads: the app's reset page, where she chooses her password. */
const SET_PASSWORD_PAGE = "/reset-password";

/**
 * Creates the manager of `agencyId` and mails her the link to choose her password. An address that
 * already has an account gets 409 (an admin may see who has an account; a member is never turned
 * into a manager behind her back). The account's password is random and never shown to anyone.
 */
export async function createManagerAccount(
  c: Context<AppEnv>,
  agencyId: string,
  manager: AgencyManagerBody,
): Promise<string> {
  const email = manager.email.trim().toLowerCase();
  const db = c.var.db;
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  if (existing) throw emailTaken();
  const registration = {
    user_type: "agency" as const,
    agency_id: agencyId,
    first_name: manager.first_name,
    last_name: manager.last_name,
    email,
    phone: "",
    city: "",
  };
  const response = await authFor(c, { registration }).api.signUpEmail({
    body: { name: `${manager.first_name.trim()} ${manager.last_name.trim()}`, email, password: randomPassword() },
    headers: new Headers(),
    asResponse: true,
  });
  // better-auth answers an address taken meanwhile (a concurrent creation) as it answers a new one:
  // the manager row says whether this agency got her.
  const [created] = await db
    .select({ id: profiles.id })
    .from(agencyManagers)
    .innerJoin(profiles, eq(profiles.id, agencyManagers.profileId))
    .where(and(eq(profiles.email, email), eq(agencyManagers.agencyId, agencyId)))
    .limit(1);
  if (!response.ok || !created) throw emailTaken();
  await authFor(c, { resetEmail: "agencyWelcome" }).api.requestPasswordReset({
    body: { email, redirectTo: SET_PASSWORD_PAGE },
  });
  return created.id;
}

/** 32 random bytes, with the classes the password rule asks for: nobody ever types it. */
function randomPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `${btoa(String.fromCharCode(...bytes)).replace(/[^A-Za-z0-9]/g, "")}aA1`;
}
