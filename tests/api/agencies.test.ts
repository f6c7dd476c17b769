// Agencies: only admins create one (with its first manager, who chooses her password from the
// emailed link); a manager sees and acts on her own agency only (every /api/agency route, tested
// with another agency's ids); invitations are answered once, even 20 times at the same instant; a
// babysitter is on one roster at most; an agency answers a roster sitter's request for her, by her
// own rules, audited, and both the family and she are told.
import { beforeAll, describe, expect, it } from "vitest";
import {
  burst,
  call,
  countRows,
  eventually,
  execute,
  insertBooking,
  newMember,
  noticesOf,
  queryRows,
  uniqueEmail,
  waitForTemplate,
  type Member,
} from "./helpers";
import {
  adminMember,
  agencyBody,
  agencyCall,
  choosePassword,
  joinAgency,
  MANAGER_PASSWORD,
  newAgency,
  type Agency,
} from "./agency-helpers";

let admin: Member;
let parent: Member;
let outsider: Member;

beforeAll(async () => {
  [admin, parent, outsider] = await Promise.all([adminMember(), newMember("parent"), newMember("babysitter")]);
});

const adminCall = (method: string, path: string, json?: unknown, cookie = admin.cookie) =>
  call(method, `/api/admin/agencies${path}`, { cookie, json, headers: { "accept-language": "fr" } });
const membership = (sitter: Member, method = "GET", path = "") =>
  call(method, `/api/agency-membership${path}`, { cookie: sitter.cookie, headers: { "accept-language": "fr" } });

describe("creating an agency (admins only)", () => {
  it("creates the agency and its manager, who chooses her password and signs in to the agency space", async () => {
    const body = agencyBody({
      name: "Câlins & Compagnie",
      sap_number: "sap 123456789",
      contact_phone: "01 23 45 67 89",
    });
    const created = await adminCall("POST", "", body);
    expect(created.status).toBe(201);
    expect(created.body.agency).toMatchObject({
      name: "Câlins & Compagnie",
      siren: body.siren,
      sap_number: "SAP123456789",
      contact_phone: "01 23 45 67 89",
      roster_size: 0,
      managers: [{ first_name: "Claire", last_name: "Martin", email: body.manager.email }],
    });
    const [profile] = await queryRows("SELECT user_type FROM profiles WHERE email = ?", [body.manager.email]);
    expect(profile.user_type).toBe("agency");
    // Her first email is the link to choose a password: no confirmation link, no member's welcome.
    await choosePassword(body.manager.email);
    expect(
      await countRows(
        "SELECT count(*) FROM outbox WHERE recipient = ? AND json_extract(payload, '$.template') = 'verifyEmail'",
        [body.manager.email],
      ),
    ).toBe(0);
    expect(await countRows("SELECT email_verified FROM user WHERE email = ?", [body.manager.email])).toBe(1);
    const signedIn = await call("POST", "/api/auth/sign-in/email", {
      json: { email: body.manager.email, password: MANAGER_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.profile.user_type).toBe("agency");
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'admin.agency.create' AND resource = ?", [
        `agency:${created.body.agency.id}`,
      ]),
    ).toBe(1);
    const listed = await adminCall("GET", "");
    expect(listed.body.agencies.map((agency: { id: string }) => agency.id)).toContain(created.body.agency.id);
  });

  it("refuses a SIREN that fails its checksum, in French, and creates nothing", async () => {
    const body = agencyBody({ siren: "123456789" });
    const refused = await adminCall("POST", "", body);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.error)).toContain("Numéro SIREN invalide");
    expect(await countRows("SELECT count(*) FROM profiles WHERE email = ?", [body.manager.email])).toBe(0);
  });

  it("refuses a second agency with the same SIREN, and a manager address that has an account (409, nothing left behind)", async () => {
    const first = agencyBody();
    expect((await adminCall("POST", "", first)).status).toBe(201);
    const sameSiren = agencyBody({ siren: first.siren });
    const twice = await adminCall("POST", "", sameSiren);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("SIREN_TAKEN");
    expect(await countRows("SELECT count(*) FROM profiles WHERE email = ?", [sameSiren.manager.email])).toBe(0);

    const taken = agencyBody({ manager: { first_name: "Paul", last_name: "Durand", email: parent.email } });
    const refused = await adminCall("POST", "", taken);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("EMAIL_TAKEN");
    expect(await countRows("SELECT count(*) FROM agencies WHERE siren = ?", [taken.siren])).toBe(0);
    expect((await queryRows("SELECT user_type FROM profiles WHERE email = ?", [parent.email]))[0].user_type).toBe(
      "parent",
    );
  });

  it("creates one agency when the same form is sent 20 times at once", async () => {
    const body = agencyBody();
    const { tally } = await burst(20, () => adminCall("POST", "", body));
    expect(tally[201]).toBe(1);
    expect(tally[409]).toBe(19);
    expect(await countRows("SELECT count(*) FROM agencies WHERE siren = ?", [body.siren])).toBe(1);
    expect(await countRows("SELECT count(*) FROM profiles WHERE email = ?", [body.manager.email])).toBe(1);
  });

  it("adds a second manager, who reaches the same agency", async () => {
    const agency = await newAgency();
    const email = uniqueEmail("manager");
    const added = await adminCall("POST", `/${agency.id}/managers`, { first_name: "Léa", last_name: "Petit", email });
    expect(added.status).toBe(201);
    expect(added.body.agency.managers).toHaveLength(2);
    expect(
      (
        await adminCall("POST", `/${crypto.randomUUID()}/managers`, {
          first_name: "Léa",
          last_name: "Petit",
          email: uniqueEmail(),
        })
      ).status,
    ).toBe(404);
  });

  it("is refused to anyone but an admin, and an agency role is never given from the role menu", async () => {
    const agency = await newAgency();
    const body = agencyBody();
    expect((await call("POST", "/api/admin/agencies", { json: body })).status).toBe(401);
    for (const cookie of [parent.cookie, outsider.cookie, agency.manager.cookie]) {
      expect((await adminCall("POST", "", body, cookie)).status).toBe(403);
      expect((await adminCall("GET", "", undefined, cookie)).status).toBe(403);
    }
    expect(await countRows("SELECT count(*) FROM agencies WHERE siren = ?", [body.siren])).toBe(0);
    const toAgency = await call("POST", `/api/admin/users/${parent.profileId}/role`, {
      cookie: admin.cookie,
      json: { role: "agency", reason: "Essai" },
    });
    expect(toAgency.status).toBe(400);
    const fromAgency = await call("POST", `/api/admin/users/${agency.manager.profileId}/role`, {
      cookie: admin.cookie,
      json: { role: "parent", reason: "Essai" },
    });
    expect(fromAgency.status).toBe(409);
    expect(
      (await queryRows("SELECT user_type FROM profiles WHERE id = ?", [agency.manager.profileId]))[0].user_type,
    ).toBe("agency");
  });
});

describe("invitations and the roster", () => {
  let agency: Agency;
  beforeAll(async () => {
    agency = await newAgency("Nounous du Rhône");
  });

  it("invites a babysitter with an account (her notice, once however often), who accepts: she is on the roster", async () => {
    const sitter = await newMember("babysitter");
    const { answers } = await burst(20, () =>
      agencyCall(agency, "POST", "/invitations", { email: sitter.email.toUpperCase() }),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.invitation.id)).size).toBe(1);
    const invitationId = answers[0].body.invitation.id;
    const notices = await noticesEventually(sitter.profileId, "agencyInvitation");
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toContain("Nounous du Rhône");

    const waiting = await membership(sitter);
    expect(waiting.body).toMatchObject({
      agency: null,
      invitations: [{ id: invitationId, agency: { name: "Nounous du Rhône" } }],
    });
    const accepts = await burst(20, () => membership(sitter, "POST", `/invitations/${invitationId}/accept`));
    expect(accepts.tally[200]).toBe(20);
    expect(await countRows("SELECT count(*) FROM agency_members WHERE sitter_id = ?", [sitter.profileId])).toBe(1);
    const joins =
      "SELECT count(*) FROM audit_events WHERE action = 'agency.member_join' AND json_extract(metadata, '$.sitter_id') = ?";
    expect(await countRows(joins, [sitter.profileId])).toBe(1);
    expect(accepts.answers[0].body.agency).toMatchObject({ id: agency.id, name: "Nounous du Rhône" });
    expect(await noticesEventually(agency.manager.profileId, "agencyInvitationAccepted")).toHaveLength(1);

    const roster = await agencyCall(agency, "GET", "/roster");
    expect(roster.body.sitters.map((row: { id: string }) => row.id)).toContain(sitter.profileId);
    // Her page says which agency she is with.
    const page = await call("GET", `/api/babysitters/${sitter.profileId}`, { cookie: sitter.cookie });
    expect(page.body.babysitter.agency).toEqual({ id: agency.id, name: "Nounous du Rhône" });
    const invitations = await agencyCall(agency, "GET", "/invitations");
    expect(invitations.body.invitations.find((row: { id: string }) => row.id === invitationId)).toMatchObject({
      status: "accepted",
      sitter: { id: sitter.profileId },
    });
    // Declining what she accepted is a conflict; inviting her again says she is on the roster.
    expect((await membership(sitter, "POST", `/invitations/${invitationId}/decline`)).status).toBe(409);
    const again = await agencyCall(agency, "POST", "/invitations", { email: sitter.email });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("ALREADY_ON_ROSTER");
  });

  it("emails an address without an account an invitation to sign up, which waits for her account", async () => {
    const email = uniqueEmail("future");
    const invited = await agencyCall(agency, "POST", "/invitations", { email });
    expect(invited.status).toBe(200);
    const mail = await waitForTemplate(email, "agencyInvitation", 10_000);
    expect(mail?.subject).toBe("Nounous du Rhône vous invite sur Veilleuse");
    expect(mail?.body).toContain("/register?type=babysitter");
    const sitter = await newMember("babysitter", { email });
    expect((await membership(sitter)).body.invitations.map((row: { id: string }) => row.id)).toEqual([
      invited.body.invitation.id,
    ]);
  });

  it("puts a babysitter on one roster at most, lets her decline, and lets her leave (the agency is told)", async () => {
    const sitter = await newMember("babysitter");
    const other = await newAgency("Autre Agence");
    await joinAgency(agency, sitter);
    const second = await agencyCall(other, "POST", "/invitations", { email: sitter.email });
    const refused = await membership(sitter, "POST", `/invitations/${second.body.invitation.id}/accept`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("ALREADY_IN_AGENCY");
    expect(refused.body.error.message).toContain("quittez-la");
    expect(
      (await queryRows("SELECT agency_id FROM agency_members WHERE sitter_id = ?", [sitter.profileId]))[0].agency_id,
    ).toBe(agency.id);
    expect(
      (await queryRows("SELECT status FROM agency_invitations WHERE id = ?", [second.body.invitation.id]))[0].status,
    ).toBe("pending");

    const declined = await membership(sitter, "POST", `/invitations/${second.body.invitation.id}/decline`);
    expect(declined.status).toBe(200);
    expect(declined.body.invitations).toEqual([]);
    expect(await noticesEventually(other.manager.profileId, "agencyInvitationDeclined")).toHaveLength(1);

    const left = await membership(sitter, "DELETE");
    expect(left.status).toBe(200);
    expect(left.body.agency).toBeNull();
    expect((await membership(sitter, "DELETE")).status).toBe(200);
    expect(await noticesEventually(agency.manager.profileId, "agencySitterLeft")).toHaveLength(1);
  });

  it("withdraws a pending invitation: she no longer sees it", async () => {
    const sitter = await newMember("babysitter");
    const invited = await agencyCall(agency, "POST", "/invitations", { email: sitter.email });
    const withdrawn = await agencyCall(agency, "DELETE", `/invitations/${invited.body.invitation.id}`);
    expect(withdrawn.body.invitation.status).toBe("cancelled");
    expect((await membership(sitter)).body.invitations).toEqual([]);
    expect((await membership(sitter, "POST", `/invitations/${invited.body.invitation.id}/accept`)).status).toBe(404);
  });

  it("keeps an invitation to its own address: another babysitter cannot answer it", async () => {
    const sitter = await newMember("babysitter");
    const invited = await agencyCall(agency, "POST", "/invitations", { email: sitter.email });
    expect((await membership(outsider, "POST", `/invitations/${invited.body.invitation.id}/accept`)).status).toBe(404);
    expect(await countRows("SELECT count(*) FROM agency_members WHERE sitter_id = ?", [outsider.profileId])).toBe(0);
  });

  it("takes a sitter off the roster (she is told), 404 the second time", async () => {
    const sitter = await newMember("babysitter");
    await joinAgency(agency, sitter);
    const removed = await agencyCall(agency, "DELETE", `/roster/${sitter.profileId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.sitters.map((row: { id: string }) => row.id)).not.toContain(sitter.profileId);
    expect((await agencyCall(agency, "DELETE", `/roster/${sitter.profileId}`)).status).toBe(404);
    expect(await noticesEventually(sitter.profileId, "agencyRemovedSitter")).toHaveLength(1);
  });
});

describe("answering for a roster sitter", () => {
  let agency: Agency;
  let sitter: Member;
  beforeAll(async () => {
    agency = await newAgency("Petits Pas");
    sitter = await newMember("babysitter");
    await joinAgency(agency, sitter);
  });

  it("accepts a request for her once (20 answers at once), audited; the family and she are told", async () => {
    const bookingId = await insertBooking(parent.profileId, sitter.profileId, "pending", 72);
    const childId = crypto.randomUUID();
    await execute("INSERT INTO children (id, parent_id, name, age) VALUES (?, ?, 'Lou', 4)", [
      childId,
      parent.profileId,
    ]);
    await execute("INSERT INTO booking_children (booking_id, child_id) VALUES (?, ?)", [bookingId, childId]);
    const requests = await agencyCall(agency, "GET", "/bookings");
    const request = requests.body.bookings.find((row: { id: string }) => row.id === bookingId);
    // Before it is confirmed: the family's initial, no child.
    expect(request).toMatchObject({ actions: ["accept", "decline"], children: [], sitter: { id: sitter.profileId } });
    expect(request.family.last_name).toMatch(/^.\.$/);

    const { answers } = await burst(20, (i) =>
      agencyCall(agency, "POST", `/bookings/${bookingId}/answer`, { action: i % 2 ? "decline" : "accept" }),
    );
    const statuses = (await queryRows("SELECT status FROM bookings WHERE id = ?", [bookingId]))[0].status;
    expect(["confirmed", "cancelled"]).toContain(statuses);
    const winner = statuses === "confirmed" ? "accept" : "decline";
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE resource = ? AND action LIKE 'agency.booking_%'", [
        `booking:${bookingId}`,
      ]),
    ).toBe(1);
    const sitterEvent = winner === "accept" ? "agencyAcceptedForSitter" : "agencyDeclinedForSitter";
    expect(await noticesEventually(sitter.profileId, sitterEvent)).toHaveLength(1);
    const parentEvent = winner === "accept" ? "bookingAccepted" : "bookingDeclined";
    expect((await noticesEventually(parent.profileId, parentEvent)).length).toBeGreaterThanOrEqual(1);
    if (winner === "accept") {
      const upcoming = await agencyCall(agency, "GET", "/bookings?filter=upcoming");
      const confirmed = upcoming.body.bookings.find((row: { id: string }) => row.id === bookingId);
      expect(confirmed.children).toEqual([{ first_name: "Lou", age: 4 }]);
      expect(confirmed.actions).toEqual([]);
    }
  });

  it("shows a confirmed sitting in the calendar, the roster's hours and the month's figures", async () => {
    const bookingId = await insertBooking(parent.profileId, sitter.profileId, "confirmed", 30 * 24);
    const [{ start_time: start }] = await queryRows("SELECT start_time FROM bookings WHERE id = ?", [bookingId]);
    const day = new Date(String(start)).toLocaleDateString("en-CA", { timeZone: "Europe/Paris" });
    const next = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const calendar = await agencyCall(agency, "GET", `/calendar?from=${day}&to=${next}`);
    expect(calendar.status).toBe(200);
    expect(calendar.body.bookings.map((row: { id: string }) => row.id)).toContain(bookingId);
    expect(calendar.body.availability.map((row: { sitter_id: string }) => row.sitter_id)).toContain(sitter.profileId);
    expect((await agencyCall(agency, "GET", `/calendar?from=${day}&to=2099-01-01`)).status).toBe(400);

    const roster = await agencyCall(agency, "GET", "/roster");
    const row = roster.body.sitters.find((entry: { id: string }) => entry.id === sitter.profileId);
    expect(row.upcoming_minutes).toBeGreaterThanOrEqual(180);

    const figures = await agencyCall(agency, "GET", "/figures");
    expect(figures.body.months).toHaveLength(12);
    const month = figures.body.months.find((entry: { month: string }) => entry.month === day.slice(0, 7));
    // 30 days ahead may fall in next month, past the figures' window: then nothing of it is counted yet.
    if (month) expect(month.minutes).toBeGreaterThanOrEqual(180);
  });

  it("never answers a request of a sitter off the roster (404, unchanged)", async () => {
    const bookingId = await insertBooking(parent.profileId, outsider.profileId, "pending", 96);
    const answer = await agencyCall(agency, "POST", `/bookings/${bookingId}/answer`, { action: "accept" });
    expect(answer.status).toBe(404);
    expect((await queryRows("SELECT status FROM bookings WHERE id = ?", [bookingId]))[0].status).toBe("pending");
  });
});

describe("another sitter of the team for a request, with the family's agreement", () => {
  let agency: Agency;
  let first: Member;
  let second: Member;
  beforeAll(async () => {
    agency = await newAgency("Relais Familles");
    [first, second] = await Promise.all([newMember("babysitter"), newMember("babysitter")]);
    await joinAgency(agency, first);
    await joinAgency(agency, second);
  });

  const proposal = (who: Member, id: string, path = "", method = "GET") =>
    call(method, `/api/bookings/${id}/reassignment${path}`, {
      cookie: who.cookie,
      headers: { "accept-language": "fr" },
    });

  it("moves the request to her at her rate once the family agrees (20 answers at once: once), and tells everyone", async () => {
    await execute("UPDATE babysitter_profiles SET hourly_rate_cents = 2000 WHERE profile_id = ?", [second.profileId]);
    const bookingId = await insertBooking(parent.profileId, first.profileId, "pending", 100);
    const proposed = await agencyCall(agency, "POST", `/bookings/${bookingId}/reassign`, {
      sitter_id: second.profileId,
    });
    expect(proposed.status).toBe(200);
    expect(await noticesEventually(parent.profileId, "bookingReassignProposed")).toHaveLength(1);
    const seen = await proposal(parent, bookingId);
    expect(seen.body.reassignment).toMatchObject({
      agency: { id: agency.id },
      sitter: { id: second.profileId },
      hourly_rate_cents: 2000,
      total_amount_cents: 6000,
    });
    // Nobody else reads or answers the family's proposal.
    expect((await proposal(outsider, bookingId)).status).toBe(403);
    const stranger = await newMember("parent");
    expect((await proposal(stranger, bookingId)).status).toBe(404);
    expect((await proposal(stranger, bookingId, "/accept", "POST")).status).toBe(404);

    const { tally } = await burst(20, () => proposal(parent, bookingId, "/accept", "POST"));
    expect(tally[200]).toBe(20);
    const [row] = await queryRows(
      "SELECT babysitter_id, status, hourly_rate_cents, total_amount_cents FROM bookings WHERE id = ?",
      [bookingId],
    );
    expect(row).toEqual({
      babysitter_id: second.profileId,
      status: "pending",
      hourly_rate_cents: 2000,
      total_amount_cents: 6000,
    });
    expect(
      await countRows("SELECT count(*) FROM audit_events WHERE action = 'booking.reassign_accept' AND resource = ?", [
        `booking:${bookingId}`,
      ]),
    ).toBe(1);
    expect(await noticesEventually(first.profileId, "bookingReassignedAway")).toHaveLength(1);
    expect((await noticesEventually(second.profileId, "bookingRequested")).length).toBeGreaterThanOrEqual(1);
    expect(await noticesEventually(agency.manager.profileId, "bookingReassignAccepted")).toHaveLength(1);
    // The first sitter no longer sees it; the second answers it, or the agency for her.
    expect((await call("GET", `/api/bookings/${bookingId}`, { cookie: first.cookie })).status).toBe(404);
    expect((await call("GET", `/api/bookings/${bookingId}`, { cookie: second.cookie })).body.booking.actions).toContain(
      "accept",
    );
    expect((await proposal(parent, bookingId, "/refuse", "POST")).status).toBe(409);
  });

  it("leaves the request as it was when the family refuses", async () => {
    const bookingId = await insertBooking(parent.profileId, first.profileId, "pending", 110);
    await agencyCall(agency, "POST", `/bookings/${bookingId}/reassign`, { sitter_id: second.profileId });
    const refused = await proposal(parent, bookingId, "/refuse", "POST");
    expect(refused.status).toBe(200);
    expect(refused.body.reassignment).toBeNull();
    expect((await queryRows("SELECT babysitter_id FROM bookings WHERE id = ?", [bookingId]))[0].babysitter_id).toBe(
      first.profileId,
    );
    expect(await noticesEventually(agency.manager.profileId, "bookingReassignRefused")).toHaveLength(1);
  });

  it("proposes only a free sitter of its own team for its own request still to answer", async () => {
    const bookingId = await insertBooking(parent.profileId, first.profileId, "pending", 120);
    const reassign = (sitterId: string, id = bookingId, who = agency) =>
      agencyCall(who, "POST", `/bookings/${id}/reassign`, { sitter_id: sitterId });
    expect((await reassign(outsider.profileId)).status).toBe(404);
    expect((await reassign(first.profileId)).status).toBe(400);
    // The second sitter already has a request at that time.
    await insertBooking(parent.profileId, second.profileId, "pending", 120);
    expect((await reassign(second.profileId)).status).toBe(409);
    const other = await newAgency("Pas la leur");
    expect((await reassign(second.profileId, bookingId, other)).status).toBe(404);
    const confirmed = await insertBooking(parent.profileId, first.profileId, "confirmed", 140);
    expect((await reassign(second.profileId, confirmed)).status).toBe(409);
    expect(
      await countRows("SELECT count(*) FROM booking_reassignments WHERE booking_id IN (?, ?)", [bookingId, confirmed]),
    ).toBe(0);
  });
});

describe("the agency's hours: each family's statement, and the month's export", () => {
  it("counts the roster's sittings per family as the families' statements do, and exports them", async () => {
    const agency = await newAgency("Heures Claires");
    const sitter = await newMember("babysitter");
    await joinAgency(agency, sitter);
    const otherFamily = await newMember("parent");
    const counted = [
      await insertBooking(parent.profileId, sitter.profileId, "completed", -30),
      await insertBooking(otherFamily.profileId, sitter.profileId, "completed", -26),
    ];
    await insertBooking(parent.profileId, outsider.profileId, "completed", -28); // not on the roster
    await insertBooking(parent.profileId, sitter.profileId, "cancelled", -34); // never counted
    const [{ start_time: start }] = await queryRows("SELECT start_time FROM bookings WHERE id = ?", [counted[0]]);
    const month = new Date(String(start)).toLocaleDateString("en-CA", { timeZone: "Europe/Paris" }).slice(0, 7);
    const [{ start_time: otherStart }] = await queryRows("SELECT start_time FROM bookings WHERE id = ?", [counted[1]]);
    const sameMonth =
      new Date(String(otherStart)).toLocaleDateString("en-CA", { timeZone: "Europe/Paris" }).slice(0, 7) === month;

    const statement = await agencyCall(agency, "GET", `/statements/${month}`);
    expect(statement.status).toBe(200);
    const ids = statement.body.families.flatMap((entry: { sitters: { sittings: { booking_id: string }[] }[] }) =>
      entry.sitters.flatMap((row) => row.sittings.map((line) => line.booking_id)),
    );
    expect(ids.sort()).toEqual((sameMonth ? counted : [counted[0]]).sort());
    // The family reads the same lines in her own statement.
    const own = await call("GET", `/api/statements/${month}`, { cookie: parent.cookie });
    const mine = statement.body.families.find(
      (entry: { family: { id: string } }) => entry.family.id === parent.profileId,
    );
    const ownLines = own.body.sitters.find(
      (row: { babysitter: { id: string } }) => row.babysitter.id === sitter.profileId,
    );
    expect(mine.sitters[0]).toEqual(ownLines);

    const csv = await call("GET", `/api/agency/statements/${month}/csv`, {
      cookie: agency.manager.cookie,
      headers: { "accept-language": "fr" },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = String(csv.body)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain("Nom de la famille");
    expect(lines).toHaveLength(1 + (sameMonth ? 2 : 1));
    expect((await agencyCall(agency, "GET", "/statements/2026-13")).status).toBe(400);
  });
});

describe("confinement: every /api/agency route, with another agency's ids", () => {
  let mine: Agency;
  let theirs: Agency;
  let theirSitter: Member;
  let theirBooking: string;
  let theirInvitation: string;
  beforeAll(async () => {
    [mine, theirs] = await Promise.all([newAgency("Mon Agence"), newAgency("Leur Agence")]);
    theirSitter = await newMember("babysitter");
    await joinAgency(theirs, theirSitter);
    theirBooking = await insertBooking(parent.profileId, theirSitter.profileId, "pending", 120);
    theirInvitation = (await agencyCall(theirs, "POST", "/invitations", { email: uniqueEmail("them") })).body.invitation
      .id;
  });

  const state = () =>
    Promise.all([
      queryRows("SELECT status FROM bookings WHERE id = ?", [theirBooking]),
      queryRows("SELECT status FROM agency_invitations WHERE id = ?", [theirInvitation]),
      queryRows("SELECT agency_id FROM agency_members WHERE sitter_id = ?", [theirSitter.profileId]),
    ]);

  it("shows none of the other agency's sitters, bookings or invitations", async () => {
    const now = new Date();
    const from = now.toISOString().slice(0, 10);
    const to = new Date(now.getTime() + 41 * 86_400_000).toISOString().slice(0, 10);
    const reads = await Promise.all([
      agencyCall(mine, "GET", "/roster"),
      agencyCall(mine, "GET", "/invitations"),
      agencyCall(mine, "GET", "/bookings?filter=all"),
      agencyCall(mine, "GET", `/calendar?from=${from}&to=${to}`),
      agencyCall(mine, "GET", "/figures"),
      agencyCall(mine, "GET", ""),
      agencyCall(mine, "GET", `/statements/${from.slice(0, 7)}`),
    ]);
    for (const read of reads) expect(read.status).toBe(200);
    const text = JSON.stringify(reads.map((read) => read.body));
    for (const id of [theirSitter.profileId, theirBooking, theirInvitation, theirs.id]) expect(text).not.toContain(id);
    expect(reads[4].body.months.every((month: { bookings: number }) => month.bookings === 0)).toBe(true);
  });

  it("answers 404 to every write on the other agency's ids, and changes nothing", async () => {
    const before = await state();
    const writes = await Promise.all([
      agencyCall(mine, "DELETE", `/roster/${theirSitter.profileId}`),
      agencyCall(mine, "DELETE", `/invitations/${theirInvitation}`),
      agencyCall(mine, "POST", `/bookings/${theirBooking}/answer`, { action: "accept" }),
      agencyCall(mine, "POST", `/bookings/${theirBooking}/answer`, { action: "decline" }),
    ]);
    expect(writes.map((write) => write.status)).toEqual([404, 404, 404, 404]);
    expect(await state()).toEqual(before);
  });

  it("is 403 to parents, babysitters and admins on every route, 401 signed out", async () => {
    const routes: [string, string, unknown?][] = [
      ["GET", ""],
      ["GET", "/roster"],
      ["DELETE", `/roster/${theirSitter.profileId}`],
      ["GET", "/invitations"],
      ["POST", "/invitations", { email: uniqueEmail() }],
      ["DELETE", `/invitations/${theirInvitation}`],
      ["GET", "/bookings"],
      ["POST", `/bookings/${theirBooking}/answer`, { action: "accept" }],
      ["GET", "/calendar?from=2026-11-01&to=2026-11-08"],
      ["GET", "/figures"],
      ["POST", `/bookings/${theirBooking}/reassign`, { sitter_id: theirSitter.profileId }],
      ["GET", "/statements/2026-11"],
      ["GET", "/statements/2026-11/csv"],
    ];
    const before = await state();
    for (const [method, path, json] of routes) {
      expect((await call(method, `/api/agency${path}`, { json })).status).toBe(401);
      for (const cookie of [parent.cookie, theirSitter.cookie, admin.cookie])
        expect((await call(method, `/api/agency${path}`, { cookie, json })).status).toBe(403);
    }
    // A manager has no babysitter's side either.
    expect((await call("GET", "/api/agency-membership", { cookie: mine.manager.cookie })).status).toBe(403);
    expect(await state()).toEqual(before);
  });
});

/** The profile's notices of an event, once the background delivery has written them. */
const noticesEventually = (profileId: string, event: string) => eventually(() => noticesOf(profileId, event));
