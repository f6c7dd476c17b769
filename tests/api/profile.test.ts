// /api/profile: the signed-in user's own 'Profil' tab and the babysitter's 'Profil baby-sitter' tab.
// Every refusal is checked in both languages where it has a message, and against the database.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { call, type Member, newMember, queryRows, sessionCookie } from "./helpers";

const EN = { "accept-language": "en-GB,en;q=0.9" };

const validProfile = {
  first_name: "Élodie",
  last_name: "Lefèvre",
  phone: "06 98 76 54 32",
  city: "Lyon",
  address: "12 rue de la République",
  postal_code: "69002",
  bio: "Maman de deux enfants, nous cherchons quelqu'un le mercredi.",
};

const profileRow = async (id: string) =>
  (await queryRows("SELECT * FROM profiles WHERE id = ?", [id]))[0] as Record<string, unknown>;
const sitterRow = async (id: string) =>
  (await queryRows("SELECT * FROM babysitter_profiles WHERE profile_id = ?", [id]))[0] as Record<string, unknown>;

describe("GET /api/profile", () => {
  it("needs a session", async () => {
    const { status, body } = await call("GET", "/api/profile");
    expect(status).toBe(401);
    expect(body.error.code).toBe("UNAUTHORIZED");
  });

  it("answers the caller's own profile, email included", async () => {
    const cookie = await sessionCookie(DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password);
    const { status, body } = await call("GET", "/api/profile", { cookie });
    expect(status).toBe(200);
    expect(body.profile).toMatchObject({
      email: DEMO_ACCOUNTS.parent.email,
      first_name: DEMO_ACCOUNTS.parent.firstName,
      user_type: "parent",
    });
  });
});

describe("PATCH /api/profile", () => {
  let member: Member;
  beforeAll(async () => {
    member = await newMember("parent");
  });

  it("saves the tab, normalises the phone and moves the position to the new city's centre", async () => {
    const { status, body } = await call("PATCH", "/api/profile", { cookie: member.cookie, json: validProfile });
    expect(status).toBe(200);
    expect(body.profile).toMatchObject({ ...validProfile, phone: "0698765432", email: member.email });
    const row = await profileRow(member.profileId);
    const [lyon] = await queryRows(
      "SELECT latitude, longitude FROM cities WHERE name = 'Lyon' AND department = '69'",
      [],
    );
    expect(row).toMatchObject({
      first_name: "Élodie",
      city: "Lyon",
      postal_code: "69002",
      phone: "0698765432",
      latitude: lyon.latitude,
      longitude: lyon.longitude,
    });
  });

  it("keeps omitted optional fields, clears empty ones, and drops the position for a city it cannot place", async () => {
    const { address: _address, ...withoutAddress } = validProfile;
    const { status } = await call("PATCH", "/api/profile", {
      cookie: member.cookie,
      json: { ...withoutAddress, bio: "", postal_code: "", city: "Trifouilly-les-Oies" },
    });
    expect(status).toBe(200);
    expect(await profileRow(member.profileId)).toMatchObject({
      address: validProfile.address,
      bio: null,
      postal_code: null,
      city: "Trifouilly-les-Oies",
      latitude: null,
      longitude: null,
    });
  });

  it("refuses invalid input with the validation message in French and English, changing nothing", async () => {
    await call("PATCH", "/api/profile", { cookie: member.cookie, json: validProfile });
    const before = await profileRow(member.profileId);
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ bio: "x".repeat(501) }, "bio", "Maximum 500 caractères autorisés", "Maximum 500 characters allowed"],
      [{ postal_code: "99000" }, "postal_code", "Code postal français invalide", "Invalid French postal code"],
      [{ phone: "12345" }, "phone", "Numéro de téléphone français invalide", "Invalid French phone number"],
      [{ city: "" }, "city", "Ce champ est obligatoire", "This field is required"],
      [
        { first_name: "X" },
        "first_name",
        "Nom invalide (2-50 caractères, lettres uniquement)",
        "Invalid name (2-50 characters, letters only)",
      ],
    ];
    for (const [change, field, fr, en] of cases) {
      const french = await call("PATCH", "/api/profile", {
        cookie: member.cookie,
        json: { ...validProfile, ...change },
      });
      expect(french.status, field).toBe(400);
      expect(french.body.error).toMatchObject({ code: "VALIDATION", field, message: fr });
      const english = await call("PATCH", "/api/profile", {
        cookie: member.cookie,
        json: { ...validProfile, ...change },
        headers: EN,
      });
      expect(english.body.error.message, field).toBe(en);
    }
    expect(await profileRow(member.profileId)).toEqual(before);
  });

  it("refuses the read-only email, another id, a role, and malformed JSON", async () => {
    const before = await profileRow(member.profileId);
    const other = await newMember("parent");
    for (const extra of [
      { email: "moi@exemple.fr" },
      { id: other.profileId },
      { user_type: "admin" },
      { is_verified: true },
    ]) {
      const { status, body } = await call("PATCH", "/api/profile", {
        cookie: member.cookie,
        json: { ...validProfile, ...extra },
      });
      expect(status).toBe(400);
      expect(body.error.code).toBe("UNKNOWN_FIELD");
    }
    const malformed = await call("PATCH", "/api/profile", { cookie: member.cookie, raw: '{"first_name": "Élo' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({
      code: "INVALID_JSON",
      message: "Requête invalide : le corps n'est pas un JSON valide",
    });
    const malformedEn = await call("PATCH", "/api/profile", { cookie: member.cookie, raw: "nope", headers: EN });
    expect(malformedEn.body.error.message).toBe("Invalid request: the body is not valid JSON");
    expect(await profileRow(member.profileId)).toEqual(before);
    expect((await profileRow(other.profileId)).city).toBe("Lyon");
  });
});

const sitterTab = {
  hourly_rate_cents: 1950,
  experience_years: 4,
  languages: ["fr", "it"],
  specialties: ["homework", "creative"],
  certifications: ["PSC1", "BAFA"],
  age_groups: ["3-5", "6-12"],
  available_hours: {
    wed: [
      ["14:00", "18:00"],
      ["08:00", "12:00"],
    ],
    mon: [["18:00", "22:00"]],
  },
  emergency_available: true,
  has_references: false,
};

describe("/api/profile/babysitter", () => {
  let sitter: Member;
  beforeAll(async () => {
    sitter = await newMember("babysitter");
  });

  it("reads the new babysitter's defaults", async () => {
    const { status, body } = await call("GET", "/api/profile/babysitter", { cookie: sitter.cookie });
    expect(status).toBe(200);
    expect(body.babysitter).toMatchObject({
      hourly_rate_cents: 1500,
      experience_years: 0,
      languages: [],
      available_hours: {},
    });
  });

  it("saves the whole tab: ranges sorted, weekdays Monday first", async () => {
    const { status, body } = await call("PUT", "/api/profile/babysitter", { cookie: sitter.cookie, json: sitterTab });
    expect(status).toBe(200);
    const sorted = {
      mon: [["18:00", "22:00"]],
      wed: [
        ["08:00", "12:00"],
        ["14:00", "18:00"],
      ],
    };
    expect(body.babysitter).toEqual({ ...sitterTab, available_hours: sorted });
    expect(Object.keys(body.babysitter.available_hours)).toEqual(["mon", "wed"]);
    const row = await sitterRow(sitter.profileId);
    expect(row).toMatchObject({
      hourly_rate_cents: 1950,
      experience_years: 4,
      emergency_available: 1,
      has_references: 0,
    });
    expect(JSON.parse(String(row.available_hours))).toEqual(sorted);
    expect(JSON.parse(String(row.languages))).toEqual(["fr", "it"]);
    const again = await call("GET", "/api/profile/babysitter", { cookie: sitter.cookie });
    expect(again.body.babysitter).toEqual(body.babysitter);
  });

  it("refuses invalid details in French and English, changing nothing", async () => {
    const before = await sitterRow(sitter.profileId);
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        {
          available_hours: {
            tue: [
              ["08:00", "12:00"],
              ["11:00", "13:00"],
            ],
          },
        },
        "available_hours.tue.1",
        "Les créneaux d'une même journée ne doivent pas se chevaucher",
        "Time slots of the same day must not overlap",
      ],
      [
        { available_hours: { fri: [["18:00", "09:00"]] } },
        "available_hours.fri.0",
        "L'heure de fin doit être après l'heure de début",
        "The end time must be after the start time",
      ],
      [
        { available_hours: { fri: [["25:00", "26:00"]] } },
        "available_hours.fri.0.0",
        "Format invalide",
        "Invalid format",
      ],
      [{ hourly_rate_cents: 50 }, "hourly_rate_cents", "Tarif horaire invalide", "Invalid hourly rate"],
      [{ hourly_rate_cents: 100_001 }, "hourly_rate_cents", "Tarif horaire invalide", "Invalid hourly rate"],
      [
        { experience_years: -1 },
        "experience_years",
        "Nombre d'années d'expérience invalide",
        "Invalid years of experience",
      ],
      [{ languages: ["klingon"] }, "languages.0", "Format invalide", "Invalid format"],
      [
        { certifications: ["x".repeat(101)] },
        "certifications.0",
        "Maximum 100 caractères autorisés",
        "Maximum 100 characters allowed",
      ],
    ];
    for (const [change, field, fr, en] of cases) {
      const french = await call("PUT", "/api/profile/babysitter", {
        cookie: sitter.cookie,
        json: { ...sitterTab, ...change },
      });
      expect(french.status, field).toBe(400);
      expect(french.body.error, field).toMatchObject({ field, message: fr });
      const english = await call("PUT", "/api/profile/babysitter", {
        cookie: sitter.cookie,
        json: { ...sitterTab, ...change },
        headers: EN,
      });
      expect(english.body.error.message, field).toBe(en);
    }
    const sevenRanges = Array.from({ length: 7 }, (_, i) => [`0${i}:00`, `0${i}:30`]);
    const tooMany = await call("PUT", "/api/profile/babysitter", {
      cookie: sitter.cookie,
      json: { ...sitterTab, available_hours: { sat: sevenRanges } },
    });
    expect(tooMany.body.error).toMatchObject({ field: "available_hours.sat", message: "Maximum 6 créneaux par jour" });
    const unknownDay = await call("PUT", "/api/profile/babysitter", {
      cookie: sitter.cookie,
      json: { ...sitterTab, available_hours: { funday: [["08:00", "09:00"]] } },
    });
    expect(unknownDay.status).toBe(400);
    const plan = await call("PUT", "/api/profile/babysitter", {
      cookie: sitter.cookie,
      json: { ...sitterTab, subscription_plan: "premium" },
    });
    expect(plan.body.error).toMatchObject({ code: "UNKNOWN_FIELD", field: "subscription_plan" });
    const partial = await call("PUT", "/api/profile/babysitter", {
      cookie: sitter.cookie,
      json: { hourly_rate_cents: 2000 },
    });
    expect(partial.status).toBe(400);
    expect(await sitterRow(sitter.profileId)).toEqual(before);
  });

  it("is for babysitters only: a parent gets 403 and no babysitter row appears", async () => {
    const parent = await newMember("parent");
    const read = await call("GET", "/api/profile/babysitter", { cookie: parent.cookie });
    expect(read.status).toBe(403);
    expect(read.body.error).toEqual({ code: "FORBIDDEN", message: "Accès refusé" });
    const write = await call("PUT", "/api/profile/babysitter", { cookie: parent.cookie, json: sitterTab, headers: EN });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toBe("Access denied");
    expect(await queryRows("SELECT * FROM babysitter_profiles WHERE profile_id = ?", [parent.profileId])).toEqual([]);
  });

  it("shows the saved details on the public profile at once", async () => {
    const { body } = await call("GET", `/api/babysitters/${sitter.profileId}`);
    expect(body.babysitter).toMatchObject({
      hourly_rate_cents: sitterTab.hourly_rate_cents,
      languages: sitterTab.languages,
      certifications: sitterTab.certifications,
      emergency_available: true,
    });
  });
});
