// Fast password hashing is a local test stack's switch only: refused (503) anywhere else, and its
// hashes never verify under the default hashing a deployed Worker uses.
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import type { Env } from "../../edge/env";
import { configProblem } from "../../edge/lib/config";
import { passwordHashing } from "../../edge/lib/password-hashing";

const env = (vars: Partial<Env>) =>
  ({ LIBSQL_URL: "http://127.0.0.1:8080", BETTER_AUTH_SECRET: "x".repeat(32), ...vars }) as Env;
const localStack = { APP_ENV: "development", PUBLIC_ORIGIN: "http://127.0.0.1:8787", TEST_PASSWORD_HASHING: "fast" };

describe("the TEST_PASSWORD_HASHING switch", () => {
  it("is honoured by a local stack outside production", () => {
    expect(configProblem(env(localStack))).toBeNull();
    expect(passwordHashing(env(localStack))).toBeDefined();
    expect(passwordHashing(env({ ...localStack, PUBLIC_ORIGIN: "http://localhost:5173" }))).toBeDefined();
  });

  it.each([
    // An https origin on this machine: production's only problem is then the switch.
    ["production", { ...localStack, APP_ENV: "production", PUBLIC_ORIGIN: "https://localhost" }],
    ["production by default", { ...localStack, APP_ENV: undefined, PUBLIC_ORIGIN: "https://localhost" }],
    ["a public origin", { ...localStack, PUBLIC_ORIGIN: "https://staging.veilleuse.fr" }],
  ])("is refused (503) and ignored in %s", (_, vars) => {
    expect(configProblem(env(vars))).toMatch(/TEST_PASSWORD_HASHING is for local test stacks only/);
    expect(passwordHashing(env(vars))).toBeUndefined();
  });

  it("accepts only 'fast', and its absence keeps better-auth's default hashing", () => {
    expect(configProblem(env({ ...localStack, TEST_PASSWORD_HASHING: "none" }))).toMatch(/accepts only "fast"/);
    expect(passwordHashing(env({ ...localStack, TEST_PASSWORD_HASHING: undefined }))).toBeUndefined();
  });
});

describe("fast hashes", () => {
  const fast = passwordHashing(env(localStack))!;

  it("verify the right password only", async () => {
    const hash = await fast.hash("Veilleuse2026!");
    expect(hash).toMatch(/^fast:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await fast.verify({ hash, password: "Veilleuse2026!" })).toBe(true);
    expect(await fast.verify({ hash, password: "Veilleuse2026?" })).toBe(false);
    expect(await fast.verify({ hash: "fast:broken", password: "Veilleuse2026!" })).toBe(false);
  });

  it("leave the seed's default-cost hashes verifiable", async () => {
    const seeded = await hashPassword("Veilleuse2026!");
    expect(await fast.verify({ hash: seeded, password: "Veilleuse2026!" })).toBe(true);
    expect(await fast.verify({ hash: seeded, password: "wrong-password" })).toBe(false);
  });

  it("never verify under the default hashing (a deployed Worker)", async () => {
    const hash = await fast.hash("Veilleuse2026!");
    expect(await verifyPassword({ hash, password: "Veilleuse2026!" })).toBe(false);
  });
});
