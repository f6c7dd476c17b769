// With provider keys, the Google and Facebook buttons start a real OAuth authorization: better-auth
// answers the provider's authorization URL (client id, redirect URI, state kept in the database).
// No call leaves the machine: the browser would follow that URL.
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { createAuth, oauthProviders } from "../../edge/auth/create-auth";
import { authTestDb } from "./helpers/auth-db";

const { background, env } = authTestDb("oauth");

describe("OAuth sign-in", () => {
  it("is reported as unconfigured without keys", () => {
    expect(oauthProviders(env())).toEqual({ google: false, facebook: false });
  });

  it.each([
    ["google", { GOOGLE_CLIENT_ID: "google-client-id", GOOGLE_CLIENT_SECRET: "s" }, "accounts.google.com"],
    ["facebook", { FACEBOOK_CLIENT_ID: "facebook-client-id", FACEBOOK_CLIENT_SECRET: "s" }, "facebook.com"],
  ] as const)("%s starts a real authorization when configured", async (provider, keys, host) => {
    expect(oauthProviders(env(keys))[provider]).toBe(true);
    const auth = createAuth(env(keys), createDb(env(keys)), {
      lang: "fr",
      background,
    });
    const answer = await auth.api.signInSocial({ body: { provider, callbackURL: "/dashboard" } });
    const url = new URL(answer.url!);
    expect(url.hostname).toContain(host);
    expect(url.searchParams.get("client_id")).toBe(`${provider}-client-id`);
    expect(url.searchParams.get("redirect_uri")).toBe(`https://app.veilleuse.test/api/auth/callback/${provider}`);
    expect(url.searchParams.get("state")).toBeTruthy();
  });
});
