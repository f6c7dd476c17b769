// A babysitter's weekly availability (Europe/Paris local times) and the tab's form: ranges are
// "HH:MM" pairs ending after they start, at most six a day, never overlapping; the rate is typed
// in euros and sent in cents.
import { describe, expect, it } from "vitest";
import {
  babysitterProfileFormSchema,
  eurosTextToCents,
  firstOverlap,
  weeklyAvailabilitySchema,
} from "../../db/validators/profile";
import { normalizeAvailability } from "../../edge/services/profiles/babysitter-profile";

const issue = (value: unknown) => {
  const result = weeklyAvailabilitySchema.safeParse(value);
  return result.success
    ? null
    : { message: result.error.issues[0].message, path: result.error.issues[0].path.join(".") };
};

describe("weekly availability", () => {
  it("accepts touching ranges and days left out", () => {
    expect(issue({})).toBeNull();
    expect(
      issue({
        mon: [
          ["08:00", "12:00"],
          ["12:00", "14:00"],
        ],
        sun: [],
      }),
    ).toBeNull();
    expect(issue({ sat: [["00:00", "23:59"]] })).toBeNull();
  });

  it("refuses overlaps, backwards ranges, bad times, unknown days and more than six ranges", () => {
    expect(
      issue({
        tue: [
          ["08:00", "12:00"],
          ["11:59", "13:00"],
        ],
      }),
    ).toEqual({
      message: "profiles.validation.rangesOverlap",
      path: "tue.1",
    });
    // Of two overlapping ranges, the later one in the order given is the one to fix.
    expect(
      issue({
        tue: [
          ["14:00", "18:00"],
          ["09:00", "15:00"],
        ],
      })?.path,
    ).toBe("tue.1");
    expect(issue({ wed: [["12:00", "12:00"]] })).toEqual({
      message: "profiles.validation.endBeforeStart",
      path: "wed.0",
    });
    expect(issue({ wed: [["9:00", "12:00"]] })?.message).toBe("validation.formatInvalid");
    expect(issue({ wed: [["24:00", "24:30"]] })?.message).toBe("validation.formatInvalid");
    expect(issue({ wed: [["08:00"]] })?.message).toBe("validation.formatInvalid");
    expect(issue({ someday: [["08:00", "09:00"]] })).not.toBeNull();
    const seven = Array.from({ length: 7 }, (_, i) => [`1${i}:00`, `1${i}:30`]);
    expect(issue({ fri: seven })).toEqual({ message: "profiles.validation.tooManyRanges", path: "fri" });
  });

  it("finds the first overlapping range whatever the order given", () => {
    expect(firstOverlap([])).toBeNull();
    expect(
      firstOverlap([
        ["18:00", "20:00"],
        ["08:00", "10:00"],
        ["09:30", "11:00"],
      ]),
    ).toBe(2);
    expect(
      firstOverlap([
        ["08:00", "10:00"],
        ["10:00", "11:00"],
      ]),
    ).toBeNull();
  });

  it("is stored Monday first, each day sorted, empty days dropped", () => {
    const normalized = normalizeAvailability({
      sun: [["10:00", "12:00"]],
      mon: [
        ["18:00", "20:00"],
        ["08:00", "10:00"],
      ],
      wed: [],
    });
    expect(Object.keys(normalized)).toEqual(["mon", "sun"]);
    expect(normalized.mon).toEqual([
      ["08:00", "10:00"],
      ["18:00", "20:00"],
    ]);
  });
});

describe("the babysitter tab's form", () => {
  const form = {
    hourly_rate: "18,50",
    experience_years: 3,
    languages: ["fr"],
    specialties: [],
    certifications: ["PSC1"],
    age_groups: ["3-5"],
    available_hours: {},
    emergency_available: false,
    has_references: true,
  };

  it("reads euros with a comma or a dot and sends cents", () => {
    expect(eurosTextToCents("18,50")).toBe(1850);
    expect(eurosTextToCents(" 18.5 ")).toBe(1850);
    expect(eurosTextToCents("20")).toBe(2000);
    expect(eurosTextToCents(12.34)).toBe(1234);
    expect(eurosTextToCents("18,505")).toBe("18,505");
    expect(eurosTextToCents("abc")).toBe("abc");
    const parsed = babysitterProfileFormSchema.parse(form);
    expect(parsed.hourly_rate_cents).toBe(1850);
    expect(parsed).not.toHaveProperty("hourly_rate");
  });

  it("refuses a rate outside the bounds or not a price", () => {
    for (const rate of ["0,50", "1000,01", "dix", "", "18,505"]) {
      const result = babysitterProfileFormSchema.safeParse({ ...form, hourly_rate: rate });
      expect(result.success, rate).toBe(false);
      expect(result.error?.issues[0].message).toBe("validation.hourlyRateInvalid");
    }
    expect(babysitterProfileFormSchema.safeParse({ ...form, hourly_rate: "1" }).success).toBe(true);
    expect(babysitterProfileFormSchema.safeParse({ ...form, hourly_rate: "1000" }).success).toBe(true);
  });
});
