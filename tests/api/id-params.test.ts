// Every id in an API path is checked before anything runs (db/validators/ids.ts): 'nope' or '%00'
// is a 400 that says the id is invalid, in the caller's language, and nothing changes. The table is
// held against the live OpenAPI document, so a new route with an id in its path fails here until
// it is listed (and so validated).
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { call, execute, insertBooking, insertMessage, memberOf, newMember, queryRows, type Member } from "./helpers";
import { newAgency } from "./agency-helpers";

type Row = {
  method: string;
  path: string;
  caller: "parent" | "sitter" | "admin" | "agency";
  json?: unknown;
  /** Values for the path's other parameters, and a query the route needs besides. */
  params?: Record<string, string>;
  query?: string;
};

/** Path parameters that are not ids of ours nor of a provider: each has its own check and test. */
const NOT_IDS = new Set(["token", "provider", "key", "channel", "group", "side", "action", "month", "year"]);

const ROUTES: Row[] = [
  { method: "DELETE", path: "/api/account/sessions/{id}", caller: "parent" },
  { method: "GET", path: "/api/babysitters/{id}", caller: "parent" },
  { method: "GET", path: "/api/bookings/new/{babysitterId}", caller: "parent" },
  { method: "GET", path: "/api/bookings/{id}", caller: "parent" },
  { method: "GET", path: "/api/bookings/{id}/calendar.ics", caller: "parent" },
  { method: "PATCH", path: "/api/bookings/{id}/status", caller: "parent", json: { action: "cancel" } },
  { method: "POST", path: "/api/bookings/{id}/check-in", caller: "sitter", json: {} },
  { method: "POST", path: "/api/bookings/{id}/check-out", caller: "sitter", json: {} },
  {
    method: "POST",
    path: "/api/bookings/{id}/hours",
    caller: "sitter",
    json: { start: "2026-11-20T17:00:00.000Z", end: "2026-11-20T20:00:00.000Z" },
  },
  { method: "POST", path: "/api/bookings/{id}/hours/confirm", caller: "parent" },
  {
    method: "POST",
    path: "/api/bookings/{id}/hours/dispute",
    caller: "parent",
    json: { reason: "Elle est partie plus tôt." },
  },
  { method: "GET", path: "/api/bookings/{id}/payment", caller: "parent" },
  { method: "POST", path: "/api/bookings/{id}/payment", caller: "parent", json: { tip_cents: 0 } },
  {
    method: "POST",
    path: "/api/bookings/{id}/payment/demo-confirm",
    caller: "parent",
    json: { card_number: "4242424242424242", card_expiry: "12/34", card_cvc: "123" },
  },
  { method: "POST", path: "/api/bookings/{id}/payment/sync", caller: "parent" },
  { method: "GET", path: "/api/bookings/{id}/payment/receipt", caller: "parent" },
  { method: "POST", path: "/api/bookings/{id}/payment/outside", caller: "parent" },
  { method: "POST", path: "/api/bookings/{id}/payment/refund", caller: "sitter" },
  { method: "PATCH", path: "/api/children/{id}", caller: "parent", json: { name: "Lou" } },
  { method: "DELETE", path: "/api/children/{id}", caller: "parent" },
  { method: "GET", path: "/api/conversations/{conversationId}", caller: "parent" },
  { method: "GET", path: "/api/conversations/{conversationId}/messages", caller: "parent" },
  {
    method: "POST",
    path: "/api/conversations/{conversationId}/messages",
    caller: "parent",
    json: { content: "Bonjour", client_id: "0f0e0d0c-0b0a-4908-8706-050403020100" },
  },
  { method: "POST", path: "/api/conversations/{conversationId}/read", caller: "parent" },
  { method: "PUT", path: "/api/favourites/{babysitterId}", caller: "parent" },
  { method: "DELETE", path: "/api/favourites/{babysitterId}", caller: "parent" },
  { method: "POST", path: "/api/notifications/{notificationId}/read", caller: "parent" },
  { method: "DELETE", path: "/api/notifications/{notificationId}", caller: "parent" },
  { method: "GET", path: "/api/reviews/booking/{bookingId}", caller: "parent" },
  { method: "GET", path: "/api/stripe/verify-payment/{payment_intent}", caller: "sitter" },
  { method: "GET", path: "/api/stripe/download-invoice/{id}", caller: "sitter" },
  { method: "DELETE", path: "/api/verification/documents/{id}", caller: "sitter" },
  { method: "GET", path: "/api/moderation/decisions/{id}", caller: "parent" },
  {
    method: "POST",
    path: "/api/moderation/decisions/{id}/appeal",
    caller: "parent",
    json: { text: "Je conteste cette décision." },
  },
  { method: "POST", path: "/api/verification/documents/{id}/links", caller: "sitter" },
  {
    method: "GET",
    path: "/api/verification/files/{id}/{side}",
    caller: "sitter",
    params: { side: "front" },
    query: "?expires=1&sig=AAAAAAAAAAAAAAAAAAAAAAAA",
  },
  // The console's: an admin reaches the id check (anyone else is refused before it, 403).
  { method: "GET", path: "/api/admin/users/{profileId}", caller: "admin" },
  { method: "GET", path: "/api/admin/verifications/{id}", caller: "admin" },
  { method: "GET", path: "/api/admin/moderation/{id}", caller: "admin" },
  {
    method: "POST",
    path: "/api/admin/moderation/{id}/{action}",
    caller: "admin",
    params: { action: "reject" },
    json: { statement: "Vérification" },
  },
  { method: "POST", path: "/api/admin/verifications/{id}/approve", caller: "admin" },
  { method: "POST", path: "/api/admin/verifications/{id}/reject", caller: "admin", json: { reason: "illegible" } },
  ...["suspend", "unsuspend", "verification-email"].map((action) => ({
    method: "POST",
    path: `/api/admin/users/{profileId}/${action}`,
    caller: "admin" as const,
    json: { reason: "Vérification" },
  })),
  {
    method: "POST",
    path: "/api/admin/users/{profileId}/role",
    caller: "admin",
    json: { role: "parent", reason: "Vérification" },
  },
  ...["suspend", "reactivate"].map((action) => ({
    method: "POST",
    path: `/api/admin/subscriptions/{subscriptionId}/${action}`,
    caller: "admin" as const,
    json: { reason: "Vérification" },
  })),
  {
    method: "POST",
    path: "/api/admin/subscriptions/{subscriptionId}/refund",
    caller: "admin",
    json: { amount_cents: 100, reason: "other", request_key: "0f0e0d0c-0b0a-4908-8706-050403020100" },
  },
  {
    method: "POST",
    path: "/api/admin/agencies/{agencyId}/managers",
    caller: "admin",
    json: { first_name: "Anne", last_name: "Roux", email: "anne.roux@exemple.fr" },
  },
  { method: "DELETE", path: "/api/agency/roster/{sitterId}", caller: "agency" },
  { method: "DELETE", path: "/api/agency/invitations/{invitationId}", caller: "agency" },
  { method: "POST", path: "/api/agency/bookings/{id}/answer", caller: "agency", json: { action: "accept" } },
  { method: "POST", path: "/api/agency-membership/invitations/{invitationId}/accept", caller: "sitter" },
  { method: "POST", path: "/api/agency-membership/invitations/{invitationId}/decline", caller: "sitter" },
  {
    method: "POST",
    path: "/api/agency/bookings/{id}/reassign",
    caller: "agency",
    json: { sitter_id: "0f0e0d0c-0b0a-4908-8706-050403020100" },
  },
  { method: "GET", path: "/api/bookings/{id}/reassignment", caller: "parent" },
  { method: "POST", path: "/api/bookings/{id}/reassignment/accept", caller: "parent" },
  { method: "POST", path: "/api/bookings/{id}/reassignment/refuse", caller: "parent" },
  { method: "GET", path: "/api/urgent-requests/{id}", caller: "parent" },
  { method: "POST", path: "/api/urgent-requests/{id}/cancel", caller: "parent" },
  { method: "POST", path: "/api/urgent-requests/{id}/accept", caller: "sitter" },
  { method: "POST", path: "/api/urgent-requests/{id}/decline", caller: "sitter" },
];

const MALFORMED = ["nope", "%00"];

let members: Record<Row["caller"], Member>;

/** Everything the two callers own or take part in, so "nothing changed" is one comparison. */
async function snapshot(): Promise<unknown> {
  const { parent, sitter } = members;
  const ids = [parent.profileId, sitter.profileId];
  const of = (sql: string) => queryRows(sql, ids);
  return Promise.all([
    of("SELECT * FROM favourites WHERE parent_profile_id IN (?, ?) ORDER BY 1, 2"),
    of("SELECT * FROM children WHERE parent_id IN (?, ?) ORDER BY id"),
    of(
      "SELECT id, status, updated_at FROM bookings WHERE parent_id IN (?, ?) OR babysitter_id IN (?1, ?2) ORDER BY id",
    ),
    of("SELECT id, read FROM messages WHERE sender_id IN (?, ?) ORDER BY id"),
    of("SELECT id, read FROM notifications WHERE profile_id IN (?, ?) ORDER BY id"),
    of("SELECT s.id FROM session s JOIN profiles p ON p.user_id = s.user_id WHERE p.id IN (?, ?) ORDER BY s.id"),
  ]);
}

beforeAll(async () => {
  const [parent, sitter, admin, agency] = await Promise.all([
    newMember("parent"),
    newMember("babysitter"),
    memberOf(DEMO_ACCOUNTS.admin.email),
    newAgency(),
  ]);
  members = { parent, sitter, admin, agency: agency.manager };
  // Something of each kind to lose, were a malformed id to reach a write.
  await insertBooking(parent.profileId, sitter.profileId, "pending");
  await insertMessage(sitter.profileId, parent.profileId, "Bonjour !");
  await execute("INSERT INTO children (id, parent_id, name, age) VALUES (?, ?, 'Lou', 4)", [
    crypto.randomUUID(),
    parent.profileId,
  ]);
  expect((await call("PUT", `/api/favourites/${sitter.profileId}`, { cookie: parent.cookie })).status).toBe(200);
});

describe("malformed ids in API paths", () => {
  it("lists every API route with an id in its path (the OpenAPI document's)", async () => {
    const { body } = await call("GET", "/api/openapi.json");
    const withIds = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) => {
      const params = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      if (!params.some((name) => !NOT_IDS.has(name))) return [];
      return Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`);
    });
    expect(withIds.sort()).toEqual(ROUTES.map(({ method, path }) => `${method} ${path}`).sort());
  });

  const cases = ROUTES.flatMap((route) => MALFORMED.map((id) => ({ ...route, id })));
  it.each(cases)("$method $path with '$id': 400 'Identifiant invalide', nothing changed", async (row) => {
    const before = await snapshot();
    const named = Object.entries(row.params ?? {}).reduce(
      (path, [name, value]) => path.replace(`{${name}}`, value),
      row.path,
    );
    const path = named.replace(/\{\w+\}/, row.id) + (row.query ?? "");
    const answer = await call(row.method, path, { cookie: members[row.caller].cookie, json: row.json });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("VALIDATION");
    expect(answer.body.error.message).toMatch(/^Identifiant invalide/);
    expect(await snapshot()).toEqual(before);
  });

  it("says it in English to an English-speaking caller", async () => {
    const answer = await call("DELETE", "/api/favourites/nope", {
      cookie: members.parent.cookie,
      headers: { "accept-language": "en-GB,en;q=0.8" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/^Invalid id/);
  });

  it("still lets a well-formed id through to its own answer (404 for nobody's)", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    const answer = await call("PUT", `/api/favourites/${unknown}`, { cookie: members.parent.cookie });
    expect(answer.status).toBe(404);
  });
});
