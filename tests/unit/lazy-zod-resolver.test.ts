// The sign-in and sign-up forms' resolver fetches zod and its schema on first use: it must validate exactly as
// zodResolver does, fetch once, and try again after a failed fetch.
import { zodResolver } from "@hookform/resolvers/zod";
import { describe, expect, it } from "vitest";
import { signInBodySchema } from "../../db/validators/auth";
import { lazyZodResolver } from "../../web/src/components/form/lazy-zod-resolver";

type SignIn = { email: string; password: string; rememberMe?: boolean };
const options = { shouldUseNativeValidation: false, fields: {} } as const;

describe("lazyZodResolver", () => {
  it("gives zodResolver's errors and values, loading the schema once", async () => {
    let loads = 0;
    const resolver = lazyZodResolver<SignIn>(async () => {
      loads += 1;
      return signInBodySchema;
    });
    const eager = zodResolver(signInBodySchema);
    const invalid = { email: "not-an-email", password: "" };
    const valid = { email: "camille@example.fr", password: "Veilleuse2026!" };

    resolver.preload();
    expect(await resolver(invalid, undefined, options)).toEqual(await eager(invalid, undefined, options));
    const answer = await resolver(valid, undefined, options);
    expect(answer).toEqual(await eager(valid, undefined, options));
    expect(answer.errors).toEqual({});
    expect(loads).toBe(1);
  });

  it("fetches again after a failed fetch", async () => {
    let loads = 0;
    const resolver = lazyZodResolver<SignIn>(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return signInBodySchema;
    });
    await expect(resolver({ email: "", password: "" }, undefined, options)).rejects.toThrow(/Failed to fetch/);
    const answer = await resolver({ email: "", password: "" }, undefined, options);
    expect(answer.errors.email?.message).toBe("validation.emailRequired");
    expect(loads).toBe(2);
  });
});
