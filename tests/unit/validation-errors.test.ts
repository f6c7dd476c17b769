// A refused input becomes one 400 in the user's language, naming the field and, for a length
// rule, the bound it broke.
import { describe, expect, it } from "vitest";
import { BIO_MAX_LENGTH } from "@db/constants/limits";
import { registerBodySchema } from "@db/validators/auth";
import { profileUpdateBodySchema } from "@db/validators/profile";
import { translate } from "@edge/lib/i18n";
import { validationError } from "@edge/lib/validation";

const update = { first_name: "Zoé", last_name: "Martin", phone: "0612345678", city: "Lyon" };

describe("validationError", () => {
  it("quotes the length a too-long text broke", () => {
    const result = profileUpdateBodySchema.safeParse({ ...update, bio: "a".repeat(BIO_MAX_LENGTH + 1) });
    const error = validationError(result.error!);
    expect(error.status).toBe(400);
    expect(error.extra.field).toBe("bio");
    expect(translate("fr", error.messageKey, error.params)).toBe(`Maximum ${BIO_MAX_LENGTH} caractères autorisés`);
    expect(translate("en", error.messageKey, error.params)).toContain(String(BIO_MAX_LENGTH));
  });

  it("names an unknown field", () => {
    const error = validationError(profileUpdateBodySchema.safeParse({ ...update, role: "admin" }).error!);
    expect(error.code).toBe("UNKNOWN_FIELD");
    expect(error.extra.field).toBe("role");
  });

  it("keeps the schema's own message for other rules", () => {
    const error = validationError(registerBodySchema.safeParse({}).error!);
    expect(error.code).toBe("VALIDATION");
    expect(error.messageKey).toMatch(/^validation\./);
    expect(error.params).toEqual({});
  });
});
