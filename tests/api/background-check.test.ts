// The security settings' backgroundCheckRequired, where it acts: while on, an unverified babysitter
// is not found by search, a parent's request to her is refused, and she cannot accept one; turned
// off, she is found again. The demo world runs with it off (db/seed/build-operations.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { DEMO_AI_SETTINGS } from "../../db/seed/build-operations";
import { call, countRows, freshAddress, fromAddress, insertBooking, type Member, memberOf, queryRows } from "./helpers";

let admin: Member;
let parent: Member;
let sitter: Member & { name: string; city: string };
let kids: string[];

const setCheck = (required: boolean) =>
  call("PUT", "/api/admin/ai-config/security", {
    cookie: admin.cookie,
    json: { ...DEMO_AI_SETTINGS.security, backgroundCheckRequired: required },
  });

/** The ids a visitor's search for her name in her city finds. */
const found = async () => {
  const query = new URLSearchParams({ q: sitter.name, location: sitter.city, radius: "50" });
  const answer = await call("GET", `/api/search?${query}`, { headers: fromAddress(freshAddress()) });
  expect(answer.status).toBe(200);
  return answer.body.results.map((card: { id: string }) => card.id);
};

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
  parent = await memberOf(DEMO_ACCOUNTS.parent.email);
  kids = (await queryRows("SELECT id FROM children WHERE parent_id = ?", [parent.profileId])).map((row) =>
    String(row.id),
  );
  // An unverified, public, searchable sitter of the demo world.
  const [row] = await queryRows(
    `SELECT p.email, p.first_name || ' ' || p.last_name, p.city FROM profiles p
     JOIN sitter_search s ON s.profile_id = p.id JOIN user u ON u.id = p.user_id
     WHERE p.is_verified = 0 AND p.profile_visibility = 'public' AND u.deleted_at IS NULL AND u.suspended_at IS NULL
     ORDER BY p.email LIMIT 1`,
    [],
  );
  sitter = { ...(await memberOf(String(row[0]))), name: String(row[1]), city: String(row[2]) };
});

afterAll(async () => {
  await setCheck(false);
});

describe("backgroundCheckRequired", () => {
  it("off (the demo world): the unverified sitter is found", async () => {
    expect((await setCheck(false)).status).toBe(200);
    expect(await found()).toContain(sitter.profileId);
  });

  it("on: search leaves her out, a request to her is refused in French, and she cannot accept one", async () => {
    expect((await setCheck(true)).status).toBe(200);
    expect(await found()).not.toContain(sitter.profileId);

    const before = await countRows("SELECT count(*) FROM bookings WHERE babysitter_id = ?", [sitter.profileId]);
    const request = await call("POST", "/api/bookings", {
      cookie: parent.cookie,
      headers: { "accept-language": "fr" },
      json: {
        babysitter_id: sitter.profileId,
        date: tomorrow(),
        start_time: "18:00",
        end_time: "21:00",
        children_ids: kids,
      },
    });
    expect(request.status).toBe(403);
    expect(request.body.error).toMatchObject({
      code: "SITTER_NOT_VERIFIED",
      message: "Cette baby-sitter ne peut pas encore recevoir de demandes : son identité n'est pas encore vérifiée.",
    });
    expect(await countRows("SELECT count(*) FROM bookings WHERE babysitter_id = ?", [sitter.profileId])).toBe(before);

    // A request from before the setting was turned on: she cannot accept it, and it stays pending.
    const pending = await insertBooking(parent.profileId, sitter.profileId, "pending", 72);
    const accepted = await call("PATCH", `/api/bookings/${pending}/status`, {
      cookie: sitter.cookie,
      headers: { "accept-language": "fr" },
      json: { action: "accept" },
    });
    expect(accepted.status).toBe(403);
    expect(accepted.body.error.code).toBe("VERIFICATION_REQUIRED");
    expect(accepted.body.error.message).toBe(
      "Votre identité doit être vérifiée par notre équipe avant que vous puissiez accepter des réservations.",
    );
    const [status] = await queryRows("SELECT status FROM bookings WHERE id = ?", [pending]);
    expect(status[0]).toBe("pending");
    // Declining stays possible.
    const declined = await call("PATCH", `/api/bookings/${pending}/status`, {
      cookie: sitter.cookie,
      json: { action: "decline" },
    });
    expect(declined.status).toBe(200);
  });

  it("off again: she is found at once", async () => {
    expect((await setCheck(false)).status).toBe(200);
    expect(await found()).toContain(sitter.profileId);
  });
});
