// GET /api/babysitters/{id}: the public babysitter profile. Visibility decides who sees it, the
// figures come from the bookings, the phone only reaches a parent with a confirmed booking, and
// private details (email, address, postal code, coordinates) never leave.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { call, execute, insertBooking, type Member, newMember, queryRows, sessionCookie } from "./helpers";

const idOf = async (email: string) =>
  String((await queryRows("SELECT id FROM profiles WHERE email = ?", [email]))[0].id);
const setVisibility = (id: string, visibility: string) =>
  execute("UPDATE profiles SET profile_visibility = ? WHERE id = ?", [visibility, id]);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

describe("the demo babysitter's public profile", () => {
  let id: string;
  let body: any;
  beforeAll(async () => {
    id = await idOf(DEMO_ACCOUNTS.babysitter.email);
    const response = await call("GET", `/api/babysitters/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    body = response.body.babysitter;
  });

  it("shows her details and nothing private", async () => {
    const [row] = await queryRows(
      `SELECT p.*, b.hourly_rate_cents, b.experience_years, b.subscription_plan FROM profiles p
       JOIN babysitter_profiles b ON b.profile_id = p.id WHERE p.id = ?`,
      [id],
    );
    expect(body).toMatchObject({
      id,
      first_name: DEMO_ACCOUNTS.babysitter.firstName,
      last_name: DEMO_ACCOUNTS.babysitter.lastName,
      city: row.city,
      bio: row.bio,
      is_verified: true,
      rating: row.rating,
      total_reviews: row.total_reviews,
      hourly_rate_cents: row.hourly_rate_cents,
      experience_years: row.experience_years,
      plan: row.subscription_plan,
      phone: null,
      viewer: { is_owner: false },
    });
    expect(body.languages).toEqual(["fr", "en", "es"]);
    expect(body.certifications).toHaveLength(3);
    for (const key of ["email", "address", "postal_code", "latitude", "longitude", "user_id"])
      expect(body).not.toHaveProperty(key);
    const text = JSON.stringify(body);
    for (const secret of [row.email, row.address, row.phone, String(row.latitude)])
      expect(text).not.toContain(String(secret));
  });

  it("counts her real figures from the bookings", async () => {
    const perFamily = await queryRows(
      "SELECT parent_id, count(*) AS n FROM bookings WHERE babysitter_id = ? AND status = 'completed' GROUP BY parent_id",
      [id],
    );
    const answered = await queryRows(
      `SELECT created_at, responded_at FROM bookings WHERE babysitter_id = ? AND responded_at IS NOT NULL
       ORDER BY created_at DESC LIMIT 100`,
      [id],
    );
    const minutes = answered.map(
      (b) => (Date.parse(String(b.responded_at)) - Date.parse(String(b.created_at))) / 60_000,
    );
    expect(perFamily.length).toBeGreaterThan(1);
    expect(body.stats).toEqual({
      completed_sittings: perFamily.reduce((sum, f) => sum + Number(f.n), 0),
      repeat_families: perFamily.filter((f) => Number(f.n) >= 2).length,
      response_time_minutes: Math.round(median(minutes)),
    });
  });

  it("lists her latest 10 reviews, newest first, with the reviewer's first name and initial", async () => {
    const rows = await queryRows(
      `SELECT r.id, r.rating, r.comment, p.first_name, p.last_name FROM reviews r JOIN profiles p ON p.id = r.reviewer_id
       WHERE r.reviewed_id = ? ORDER BY r.created_at DESC, r.id DESC LIMIT 10`,
      [id],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(body.reviews.map((r: any) => r.id)).toEqual(rows.map((r) => r.id));
    expect(body.reviews[0]).toMatchObject({
      rating: rows[0].rating,
      comment: rows[0].comment,
      reviewer: { first_name: rows[0].first_name, last_initial: String(rows[0].last_name)[0] },
    });
    expect(JSON.stringify(body.reviews)).not.toContain(`"${rows[0].last_name}"`);
  });

  it("shows her availability week, Monday first", () => {
    const days = Object.keys(body.available_hours);
    const order = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
    expect(days.length).toBeGreaterThan(0);
    expect(days).toEqual([...days].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  });

  it("tells her she is looking at her own page, still without her phone", async () => {
    const cookie = await sessionCookie(DEMO_ACCOUNTS.babysitter.email, DEMO_ACCOUNTS.babysitter.password);
    const { body: own } = await call("GET", `/api/babysitters/${id}`, { cookie });
    expect(own.babysitter.viewer).toEqual({ is_owner: true });
    expect(own.babysitter.phone).toBeNull();
  });
});

describe("what is not a babysitter's public profile", () => {
  it("answers 404 'Profil non trouvé' for a parent's id, an admin's and an unknown one, in French and English", async () => {
    for (const id of [
      await idOf(DEMO_ACCOUNTS.parent.email),
      await idOf(DEMO_ACCOUNTS.admin.email),
      "00000000-0000-4000-8000-000000000000",
    ]) {
      const fr = await call("GET", `/api/babysitters/${id}`);
      expect(fr.status).toBe(404);
      expect(fr.body.error).toEqual({ code: "NOT_FOUND", message: "Profil non trouvé" });
      const en = await call("GET", `/api/babysitters/${id}`, { headers: { "accept-language": "en" } });
      expect(en.body.error.message).toBe("Profile not found");
    }
  });
});

describe("visibility and the phone", () => {
  let sitter: Member;
  let bookedParent: Member;
  let confirmedParent: Member;
  let stranger: Member;
  beforeAll(async () => {
    [sitter, bookedParent, confirmedParent, stranger] = await Promise.all([
      newMember("babysitter", { phone: "06 11 22 33 44" }),
      newMember("parent"),
      newMember("parent"),
      newMember("parent"),
    ]);
    await insertBooking(bookedParent.profileId, sitter.profileId, "cancelled");
    await insertBooking(bookedParent.profileId, sitter.profileId, "pending", 96);
    await insertBooking(confirmedParent.profileId, sitter.profileId, "confirmed");
  });

  const statusFor = async (cookie?: string) =>
    (await call("GET", `/api/babysitters/${sitter.profileId}`, { cookie })).status;

  it("public: everyone", async () => {
    await setVisibility(sitter.profileId, "public");
    expect(await statusFor()).toBe(200);
    expect(await statusFor(stranger.cookie)).toBe(200);
  });

  it("members: signed-in users only", async () => {
    await setVisibility(sitter.profileId, "members");
    const anonymous = await call("GET", `/api/babysitters/${sitter.profileId}`);
    expect(anonymous.status).toBe(404);
    expect(anonymous.body.error.message).toBe("Profil non trouvé");
    expect(await statusFor(stranger.cookie)).toBe(200);
  });

  it("hidden: only herself and the parents she has a booking with", async () => {
    await setVisibility(sitter.profileId, "hidden");
    expect(await statusFor()).toBe(404);
    expect(await statusFor(stranger.cookie)).toBe(404);
    const otherSitter = await newMember("babysitter");
    expect(await statusFor(otherSitter.cookie)).toBe(404);
    expect(await statusFor(sitter.cookie)).toBe(200);
    expect(await statusFor(bookedParent.cookie)).toBe(200);
    expect(await statusFor(confirmedParent.cookie)).toBe(200);
    await setVisibility(sitter.profileId, "public");
  });

  it("gives the phone only to a parent with a confirmed booking with her", async () => {
    const phoneFor = async (cookie?: string) =>
      (await call("GET", `/api/babysitters/${sitter.profileId}`, { cookie })).body.babysitter.phone;
    expect(await phoneFor(confirmedParent.cookie)).toBe("0611223344");
    expect(await phoneFor(bookedParent.cookie)).toBeNull();
    expect(await phoneFor(stranger.cookie)).toBeNull();
    expect(await phoneFor()).toBeNull();
    expect(await phoneFor(sitter.cookie)).toBeNull();
  });
});

describe("the plan badge", () => {
  it("shows the plan in force and treats an expired paid plan as discovery", async () => {
    const sitter = await newMember("babysitter");
    const planOf = async () => (await call("GET", `/api/babysitters/${sitter.profileId}`)).body.babysitter.plan;
    expect(await planOf()).toBe("discovery");
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await execute(
      "UPDATE babysitter_profiles SET subscription_plan = 'premium', subscription_expires = ? WHERE profile_id = ?",
      [future, sitter.profileId],
    );
    expect(await planOf()).toBe("premium");
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await execute("UPDATE babysitter_profiles SET subscription_expires = ? WHERE profile_id = ?", [
      past,
      sitter.profileId,
    ]);
    expect(await planOf()).toBe("discovery");
  });
});
