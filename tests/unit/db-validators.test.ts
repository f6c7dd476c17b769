// Profile and child validators (drizzle-zod, refined with i18n keys), and
// the constants modules' internal consistency.
import { describe, expect, it } from "vitest";
import {
  babysitterProfileInsertSchema,
  babysitterProfileUpdateBodySchema,
  profileInsertSchema,
  profileUpdateBodySchema,
} from "../../db/validators/profile";
import { childCreateBodySchema, childFormSchema, childInsertSchema } from "../../db/validators/child";
import { AI_CONFIG_BOUNDS, AI_CONFIG_DEFAULTS } from "../../db/constants/ai-config";
import { PLANS } from "../../db/constants/plans";
import { LOGIN_THROTTLE, SEARCH_RADIUS_KM } from "../../db/constants/limits";
import { SPECIALTY_OPTIONS, AGE_GROUP_OPTIONS, LANGUAGE_OPTIONS } from "../../db/constants/search-filters";
import { AI_CONFIG_GROUPS } from "../../db/schema/enums";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;
const validProfile = { first_name: "Camille", last_name: "Martin", phone: "06 12 34 56 78", city: "Paris" };

describe("child validators", () => {
  it("accept a valid child and refuse bad ages with 'validation.ageInvalid'", () => {
    expect(childCreateBodySchema.safeParse({ name: "Inès", age: 3, allergies: "Arachides" }).success).toBe(true);
    for (const age of [19, -1, 4.5, "4", null]) {
      expect(firstMessage(childCreateBodySchema.safeParse({ name: "Inès", age })), String(age)).toBe(
        "validation.ageInvalid",
      );
    }
    expect(firstMessage(childInsertSchema.safeParse({ parentId: "p", name: "Inès", age: 19 }))).toBe(
      "validation.ageInvalid",
    );
  });

  it("require a name and cap notes at 200 characters", () => {
    expect(firstMessage(childCreateBodySchema.safeParse({ name: "  ", age: 3 }))).toBe("validation.required");
    expect(
      firstMessage(childCreateBodySchema.safeParse({ name: "Inès", age: 3, special_needs: "x".repeat(201) })),
    ).toBe("profiles.validation.childNoteTooLong");
    expect(childCreateBodySchema.safeParse({ name: "Inès", age: 3, allergies: "x".repeat(200) }).success).toBe(true);
  });

  it("refuse a parent_id in the body and read the form's text age", () => {
    expect(childCreateBodySchema.safeParse({ name: "Inès", age: 3, parent_id: "someone-else" }).success).toBe(false);
    expect(childFormSchema.parse({ name: "Inès", age: "7" }).age).toBe(7);
    expect(firstMessage(childFormSchema.safeParse({ name: "Inès", age: "7.5" }))).toBe("validation.ageInvalid");
  });
});

describe("profile validators", () => {
  it("accept a complete profile form and refuse a bio over 500 characters", () => {
    expect(profileUpdateBodySchema.safeParse({ ...validProfile, bio: "x".repeat(500), postal_code: "" }).success).toBe(
      true,
    );
    expect(firstMessage(profileUpdateBodySchema.safeParse({ ...validProfile, bio: "x".repeat(501) }))).toBe(
      "profiles.validation.bioTooLong",
    );
  });

  it("require first name, last name, phone and city, and refuse a read-only email", () => {
    expect(firstMessage(profileUpdateBodySchema.safeParse({ ...validProfile, city: "" }))).toBe("validation.required");
    expect(firstMessage(profileUpdateBodySchema.safeParse({ ...validProfile, phone: "12345" }))).toBe(
      "validation.phoneInvalid",
    );
    expect(firstMessage(profileUpdateBodySchema.safeParse({ ...validProfile, postal_code: "99000" }))).toBe(
      "validation.postalCodeInvalid",
    );
    expect(profileUpdateBodySchema.safeParse({ ...validProfile, email: "x@y.fr" }).success).toBe(false);
  });

  it("refuse an unknown user type on insert", () => {
    const row = { userId: "u", userType: "nanny", firstName: "Camille", lastName: "Martin", email: "c@m.fr" };
    expect(firstMessage(profileInsertSchema.safeParse(row))).toBe("validation.userTypeInvalid");
    expect(profileInsertSchema.safeParse({ ...row, userType: "parent" }).success).toBe(true);
  });

  it("check babysitter rates, lists and availability", () => {
    expect(
      babysitterProfileUpdateBodySchema.safeParse({
        hourly_rate_cents: 1800,
        languages: ["fr", "en"],
        available_hours: { mon: [["08:00", "12:00"]] },
      }).success,
    ).toBe(true);
    expect(firstMessage(babysitterProfileUpdateBodySchema.safeParse({ hourly_rate_cents: 50 }))).toBe(
      "validation.hourlyRateInvalid",
    );
    expect(firstMessage(babysitterProfileUpdateBodySchema.safeParse({ specialties: ["juggling"] }))).toBe(
      "validation.formatInvalid",
    );
    expect(
      babysitterProfileUpdateBodySchema.safeParse({ available_hours: { mon: [["12:00", "08:00"]] } }).success,
    ).toBe(false);
    expect(
      babysitterProfileInsertSchema.safeParse({ profileId: "p", hourlyRateCents: 1500, experienceYears: -1 }).success,
    ).toBe(false);
  });
});

describe("constants", () => {
  it("keep every AI default inside its bounds", () => {
    for (const group of AI_CONFIG_GROUPS) {
      const bounds = AI_CONFIG_BOUNDS[group] as Record<string, { min: number; max: number }>;
      for (const [key, value] of Object.entries(AI_CONFIG_DEFAULTS[group])) {
        if (typeof value === "boolean") continue;
        expect(bounds[key], `${group}.${key}`).toBeDefined();
        expect(value).toBeGreaterThanOrEqual(bounds[key].min);
        expect(value).toBeLessThanOrEqual(bounds[key].max);
      }
    }
  });

  it("keep the plans' prices, the search filters and the sign-in throttle", () => {
    expect([PLANS.discovery.priceCents, PLANS.standard.priceCents, PLANS.premium.priceCents]).toEqual([0, 1900, 3900]);
    expect(PLANS.discovery.bookingsIncluded).toBe(5);
    expect(SEARCH_RADIUS_KM).toEqual({ min: 1, max: 50, default: 10 });
    expect([SPECIALTY_OPTIONS.length, AGE_GROUP_OPTIONS.length, LANGUAGE_OPTIONS.length]).toEqual([12, 5, 7]);
    expect(LOGIN_THROTTLE).toMatchObject({ maxAttempts: 5, windowMs: 15 * 60_000, blockMs: 30 * 60_000 });
  });
});
