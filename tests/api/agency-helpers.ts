// Agencies for the API tests: an admin creates one with its first manager (through the console's
// route), the manager chooses her password from the emailed link and signs in; sitters join through
// an invitation they accept.
import { expect } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import {
  call,
  memberOf,
  queryRows,
  resetTokenIn,
  sessionCookie,
  uniqueEmail,
  waitForTemplate,
  type Member,
} from "./helpers";

export const MANAGER_PASSWORD = "Agence2026!x";

/** A SIREN that passes INSEE's Luhn checksum, random enough for one test run. */
export function randomSiren(): string {
  const digits = Array.from({ length: 8 }, () => Math.floor(Math.random() * 10));
  for (let check = 0; check < 10; check++) {
    const candidate = [...digits, check].join("");
    let sum = 0;
    for (let i = 0; i < 9; i++) {
      let digit = Number(candidate[8 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error("unreachable");
}

let admin: Member | undefined;
export const adminMember = async () => (admin ??= await memberOf(DEMO_ACCOUNTS.admin.email));

export const agencyBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Les Petits Loups",
  siren: randomSiren(),
  contact_email: uniqueEmail("contact"),
  manager: { first_name: "Claire", last_name: "Martin", email: uniqueEmail("manager") },
  ...overrides,
});

/** The manager opens the link of her first email and chooses her password (what /reset-password sends). */
export async function choosePassword(email: string): Promise<void> {
  const token = resetTokenIn(await waitForTemplate(email, "agencyWelcome", 20_000));
  expect(token).toBeTruthy();
  const reset = await call("POST", "/api/auth/reset-password", { json: { newPassword: MANAGER_PASSWORD, token } });
  expect(reset.status).toBe(200);
}

export type Agency = { id: string; manager: Member };

/** A new agency and its first manager, signed in. */
export async function newAgency(name = "Les Petits Loups"): Promise<Agency> {
  const body = agencyBody({ name });
  const created = await call("POST", "/api/admin/agencies", { cookie: (await adminMember()).cookie, json: body });
  expect(created.status).toBe(201);
  await choosePassword(body.manager.email);
  const cookie = await sessionCookie(body.manager.email, MANAGER_PASSWORD);
  const [row] = await queryRows("SELECT id FROM profiles WHERE email = ?", [body.manager.email]);
  return { id: created.body.agency.id, manager: { email: body.manager.email, cookie, profileId: String(row.id) } };
}

export const agencyCall = (agency: Agency, method: string, path: string, json?: unknown) =>
  call(method, `/api/agency${path}`, { cookie: agency.manager.cookie, json, headers: { "accept-language": "fr" } });

/** Invites the sitter and has her accept: she is on the agency's roster. */
export async function joinAgency(agency: Agency, sitter: Member): Promise<void> {
  const invited = await agencyCall(agency, "POST", "/invitations", { email: sitter.email });
  expect(invited.status).toBe(200);
  const accepted = await call("POST", `/api/agency-membership/invitations/${invited.body.invitation.id}/accept`, {
    cookie: sitter.cookie,
  });
  expect(accepted.status).toBe(200);
}
