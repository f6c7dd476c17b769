import { describe, expect, it } from "vitest";
import { registerBodySchema, registerFormSchema, signInBodySchema } from "../../db/validators/auth";
import { translate } from "../../edge/lib/i18n";
import {
  CHILD_AGE_MAX,
  CHILD_AGE_MIN,
  LOGIN_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../../db/constants/limits";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;
const form = {
  user_type: "parent",
  first_name: "Zoé",
  last_name: "N'Diaye-Martin",
  email: "zoe@exemple.fr",
  phone: "+33 6 12 34 56 78",
  city: "Saint-Étienne",
  password: "Motdepasse1",
  confirm_password: "Motdepasse1",
  accept_terms: true,
};

describe("shared validators (server and forms)", () => {
  it("accept a valid French registration", () => {
    expect(registerFormSchema.safeParse(form).success).toBe(true);
  });

  it.each([
    [{ user_type: "" }, "validation.userTypeRequired"],
    [{ user_type: "admin" }, "validation.userTypeInvalid"],
    [{ first_name: "" }, "validation.required"],
    [{ first_name: "J" }, "validation.firstNameInvalid"],
    [{ first_name: "<script>" }, "validation.firstNameInvalid"],
    [{ email: "zoe@" }, "validation.emailInvalid"],
    [{ phone: "0012345678" }, "validation.phoneInvalid"],
    [{ city: "75001" }, "validation.cityInvalid"],
    [{ password: "Ab1", confirm_password: "Ab1" }, "validation.passwordMin"],
    [{ password: "motdepasse1", confirm_password: "motdepasse1" }, "validation.passwordComplexity"],
    [{ confirm_password: "" }, "validation.confirmRequired"],
    [{ confirm_password: "Autre1234" }, "validation.passwordMismatch"],
    [{ accept_terms: false }, "validation.termsRequired"],
  ])("%o -> %s", (change, key) => {
    expect(firstMessage(registerFormSchema.safeParse({ ...form, ...change }))).toBe(key);
  });

  it("refuse unknown fields in API bodies", () => {
    const { confirm_password: _c, accept_terms: _a, ...body } = form;
    expect(registerBodySchema.safeParse(body).success).toBe(true);
    expect(registerBodySchema.safeParse({ ...body, role: "admin" }).error?.issues[0].code).toBe("unrecognized_keys");
    expect(signInBodySchema.safeParse({ email: "a@b.fr", password: "secret1", extra: 1 }).success).toBe(false);
  });

  it("sign-in messages", () => {
    expect(firstMessage(signInBodySchema.safeParse({ email: "", password: "secret1" }))).toBe(
      "validation.emailRequired",
    );
    expect(firstMessage(signInBodySchema.safeParse({ email: "a@b.fr", password: "12345" }))).toBe(
      "validation.loginPasswordMin",
    );
  });

  it("have the exact French texts (fr/en parity: tests/unit/i18n-parity.test.ts)", () => {
    expect(translate("fr", "validation.passwordComplexity")).toBe(
      "Doit contenir au moins une majuscule, une minuscule et un chiffre",
    );
    expect(translate("fr", "errors.loginBlocked", { count: 30 })).toBe(
      "Trop de tentatives. Réessayez dans 30 minute(s).",
    );
    expect(translate("en", "errors.attemptsLeft", { count: 2 })).toBe("Warning: 2 attempt(s) left");
  });

  it("quote the limits the validators enforce, from db/constants/limits.ts", () => {
    expect(translate("fr", "validation.passwordMin")).toBe(`Au moins ${PASSWORD_MIN_LENGTH} caractères requis`);
    expect(translate("fr", "validation.loginPasswordMin")).toBe(
      `Au moins ${LOGIN_PASSWORD_MIN_LENGTH} caractères requis`,
    );
    expect(translate("fr", "validation.passwordTooLong")).toBe(`Maximum ${PASSWORD_MAX_LENGTH} caractères autorisés`);
    expect(translate("en", "validation.ageInvalid")).toBe(`Invalid age (${CHILD_AGE_MIN}-${CHILD_AGE_MAX} years)`);
    // With today's limits, the exact French texts.
    expect(translate("fr", "validation.passwordMin")).toBe("Au moins 8 caractères requis");
    expect(translate("fr", "validation.ageInvalid")).toBe("Âge invalide (0-18 ans)");
  });
});
