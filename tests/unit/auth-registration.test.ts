// Registration writes the user, its credential and its profile in ONE transaction: through the
// real better-auth instance, the Worker's HTTP libSQL client and our local libSQL server.
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { createAuth } from "../../edge/auth/create-auth";
import type { RegistrationMetadata } from "../../edge/services/account/registration";
import { authTestDb } from "./helpers/auth-db";

const { background, client, env } = authTestDb("registration");
const metadata = (
  overrides: Partial<Extract<RegistrationMetadata, { user_type: "parent" | "babysitter" }>> = {},
): RegistrationMetadata => ({
  user_type: "babysitter",
  first_name: "Inès",
  last_name: "Moreau",
  email: "ines@exemple.fr",
  phone: "0712345678",
  city: "Nantes",
  ...overrides,
});

async function register(email: string, registration: RegistrationMetadata) {
  const auth = createAuth(env(), createDb(env()), {
    lang: "fr",
    background,
    registration,
  });
  return auth.api.signUpEmail({
    body: { name: "Inès Moreau", email, password: "Motdepasse1" },
    asResponse: true,
  });
}

async function rowsFor(email: string) {
  const count = async (sql: string) => Number((await client().execute({ sql, args: [email] })).rows[0][0]);
  return {
    users: await count("SELECT count(*) FROM user WHERE email = ?"),
    accounts: await count("SELECT count(*) FROM account a JOIN user u ON u.id = a.user_id WHERE u.email = ?"),
    profiles: await count("SELECT count(*) FROM profiles WHERE email = ?"),
    sitters: await count(
      "SELECT count(*) FROM babysitter_profiles b JOIN profiles p ON p.id = b.profile_id WHERE p.email = ?",
    ),
  };
}

describe("registration is all-or-nothing", () => {
  it("creates user, credential, profile and babysitter profile together", async () => {
    const response = await register("ines@exemple.fr", metadata({ email: "ines@exemple.fr" }));
    expect(response.status).toBe(200);
    expect(await rowsFor("ines@exemple.fr")).toEqual({ users: 1, accounts: 1, profiles: 1, sitters: 1 });
  });

  it("leaves nothing behind when the profile cannot be written", async () => {
    // 'nanny' passes no validator here on purpose: the database's CHECK refuses it mid-transaction.
    await expect(
      register("rollback@exemple.fr", metadata({ email: "rollback@exemple.fr", user_type: "nanny" as never })),
    ).rejects.toThrow(/Failed query: insert into "profiles"/);
    expect(await rowsFor("rollback@exemple.fr")).toEqual({ users: 0, accounts: 0, profiles: 0, sitters: 0 });
  });
});
