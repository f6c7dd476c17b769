// One-click unsubscribe through the real Worker: GET says what a link turns off and changes
// nothing; POST (RFC 8058's form body, our page's empty or JSON body) turns that one switch off and
// only it, idempotently, for the token's account only; bad, forged, other-account and
// deleted-account tokens get the same 400 in French or English; the per-address limit.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REQUEST_LIMITS } from "../../db/constants/limits";
import type { UnsubscribeList } from "../../db/validators/unsubscribe";
import { unsubscribeToken } from "../../edge/delivery/unsubscribe";
import {
  call,
  countRows,
  DEFAULT_PREFERENCES_BODY,
  execute,
  freshAddress,
  fromAddress,
  type Member,
  newMember,
  queryRows,
  setPreferences,
  ownStack,
} from "./helpers";

/** The stack's secret (scripts/stack.ts keeps it beside the database): tokens as the emails carry them. */
const secret = () => readFileSync(`${ownStack().dbFile}.dev-secret`, "utf8").trim();

async function userIdOf(member: Member): Promise<string> {
  const [row] = await queryRows("SELECT user_id FROM profiles WHERE id = ?", [member.profileId]);
  return String(row.user_id);
}

const tokenFor = async (member: Member, list: UnsubscribeList) =>
  unsubscribeToken(secret(), await userIdOf(member), list);

const url = (token: string) => `/api/unsubscribe?token=${encodeURIComponent(token)}`;

/** As a mail provider sends it (RFC 8058 section 3.1): form-encoded, no cookie, no session. */
const oneClick = (token: string, address = freshAddress()) =>
  call("POST", url(token), {
    raw: "List-Unsubscribe=One-Click",
    headers: { "content-type": "application/x-www-form-urlencoded", ...fromAddress(address) },
  });

const COLUMNS = {
  email_enabled: "email_enabled",
  sms_enabled: "sms_enabled",
  push_enabled: "push_enabled",
  emergency_sms: "emergency_sms",
  marketing_emails: "marketing_emails",
  booking_reminders: "booking_reminders",
  payment_notifications: "payment_notifications",
  message_notifications: "message_notifications",
  notify_bookings: "notify_new_bookings",
  notify_messages: "notify_messages",
  notify_payments: "notify_payments",
  notify_reviews: "notify_reviews",
  notify_security: "notify_security",
} as const;

/** The account's stored switches (as the preferences body names them), or null without a row. */
async function storedSwitches(member: Member): Promise<Record<string, boolean> | null> {
  const rows = await queryRows(
    `SELECT ${Object.values(COLUMNS).join(", ")} FROM communication_preferences WHERE user_id = ?`,
    [await userIdOf(member)],
  );
  if (!rows.length) return null;
  return Object.fromEntries(Object.entries(COLUMNS).map(([name, column]) => [name, rows[0][column] === 1]));
}

const SWITCH_OF: Record<UnsubscribeList, keyof typeof DEFAULT_PREFERENCES_BODY> = {
  notifications: "email_enabled",
  reminders: "booking_reminders",
  payments: "payment_notifications",
  marketing: "marketing_emails",
};

describe("GET /api/unsubscribe", () => {
  it("names the list and the masked address, needs no session, and changes nothing", async () => {
    const parent = await newMember("parent");
    const token = await tokenFor(parent, "reminders");
    const answer = await call("GET", url(token), { headers: fromAddress(freshAddress()) });
    expect(answer.status).toBe(200);
    const [local, domain] = parent.email.split("@");
    expect(answer.body).toEqual({ list: "reminders", email_hint: `${local[0]}•••@${domain}` });
    expect(answer.body.email_hint).not.toContain(local.slice(1));
    expect(answer.headers.get("cache-control")).toBe("no-store");
    // A mail scanner opening the link: no row is written.
    expect(await storedSwitches(parent)).toBeNull();

    await setPreferences(parent, { marketing_emails: true });
    for (const list of ["notifications", "reminders", "payments", "marketing"] as const) {
      const read = await call("GET", url(await tokenFor(parent, list)), { headers: fromAddress(freshAddress()) });
      expect(read.status).toBe(200);
      expect(read.body.list).toBe(list);
    }
    expect(await storedSwitches(parent)).toEqual({ ...DEFAULT_PREFERENCES_BODY, marketing_emails: true });
  });
});

describe("POST /api/unsubscribe", () => {
  it.each(Object.entries(SWITCH_OF) as [UnsubscribeList, keyof typeof DEFAULT_PREFERENCES_BODY][])(
    "with the one-click form body, turns %s's switch (%s) off and only it, creating the row with the defaults",
    async (list, name) => {
      const sitter = await newMember("babysitter");
      const answer = await oneClick(await tokenFor(sitter, list));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ list });
      expect(await storedSwitches(sitter)).toEqual({ ...DEFAULT_PREFERENCES_BODY, [name]: false });
    },
  );

  it("keeps the other saved switches, shows in the preferences, and is idempotent (page, JSON, one-click)", async () => {
    const parent = await newMember("parent");
    const saved = { ...DEFAULT_PREFERENCES_BODY, sms_enabled: true, marketing_emails: true, notify_reviews: false };
    await setPreferences(parent, saved);
    const token = await tokenFor(parent, "marketing");

    const fromPage = await call("POST", url(token), { headers: fromAddress(freshAddress()) });
    expect(fromPage.status).toBe(200);
    const json = await call("POST", url(token), { json: {}, headers: fromAddress(freshAddress()) });
    expect(json.status).toBe(200);
    const again = await oneClick(token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ list: "marketing" });

    const expected = { ...saved, marketing_emails: false };
    expect(await storedSwitches(parent)).toEqual(expected);
    const shown = await call("GET", "/api/preferences", { cookie: parent.cookie });
    expect(shown.body).toMatchObject(expected);
    // Switched back on from the preferences screen, the same link turns it off again.
    await setPreferences(parent, saved);
    expect((await oneClick(token)).status).toBe(200);
    expect(await storedSwitches(parent)).toEqual(expected);
  });

  it("only ever touches the token's account: user A's token never changes user B", async () => {
    const [a, b] = await Promise.all([newMember("parent"), newMember("babysitter")]);
    await setPreferences(b, {});
    const aToken = await tokenFor(a, "notifications");

    expect((await oneClick(aToken)).status).toBe(200);
    expect(await storedSwitches(a)).toMatchObject({ email_enabled: false });
    expect(await storedSwitches(b)).toEqual(DEFAULT_PREFERENCES_BODY);

    // A's signature on B's id (and list): refused, nothing written for B.
    const [, signature] = aToken.split(".");
    const spliced = `${Buffer.from(`${await userIdOf(b)}:notifications`).toString("base64url")}.${signature}`;
    const refused = await oneClick(spliced);
    expect(refused.status).toBe(400);
    expect(await storedSwitches(b)).toEqual(DEFAULT_PREFERENCES_BODY);
    // B's session does not change whose token it is.
    const withCookie = await call("POST", url(await tokenFor(a, "marketing")), {
      cookie: b.cookie,
      headers: fromAddress(freshAddress()),
    });
    expect(withCookie.status).toBe(200);
    expect(await storedSwitches(b)).toEqual(DEFAULT_PREFERENCES_BODY);
  });
});

describe("a bad link", () => {
  it("gets 400 'Lien de désabonnement invalide' (or English), never a 500, and changes nothing", async () => {
    const parent = await newMember("parent");
    const token = await tokenFor(parent, "marketing");
    const [payload, signature] = token.split(".");
    const otherList = `${Buffer.from(`${await userIdOf(parent)}:notifications`).toString("base64url")}.${signature}`;
    const wrongSecret = await unsubscribeToken(
      "not-the-stack-secret-but-as-long-as-one",
      await userIdOf(parent),
      "marketing",
    );
    const bad = [
      "/api/unsubscribe",
      "/api/unsubscribe?token=",
      url("nonsense"),
      url(`${payload}.${signature.slice(0, -3)}xyz`),
      url(otherList),
      url(wrongSecret),
      url(`${token}.${token}`),
      url("%%%"),
      `/api/unsubscribe?token=${"a".repeat(2000)}.${"b".repeat(40)}`,
    ];
    for (const path of bad) {
      for (const method of ["GET", "POST"]) {
        const fr = await call(method, path, { headers: fromAddress(freshAddress()) });
        expect(fr.status, `${method} ${path}`).toBe(400);
        expect(fr.body.error).toMatchObject({
          code: "INVALID_UNSUBSCRIBE_LINK",
          message: "Lien de désabonnement invalide",
        });
      }
    }
    const en = await call("POST", url(otherList), {
      headers: { "accept-language": "en-GB,en;q=0.9", ...fromAddress(freshAddress()) },
    });
    expect(en.status).toBe(400);
    expect(en.body.error.message).toBe("Invalid unsubscribe link");
    expect(await storedSwitches(parent)).toBeNull();
  });

  it("of a deleted account gets the same 400", async () => {
    const parent = await newMember("parent");
    const token = await tokenFor(parent, "notifications");
    await execute("UPDATE user SET deleted_at = ? WHERE id = ?", [Date.now(), await userIdOf(parent)]);
    for (const method of ["GET", "POST"]) {
      const answer = await call(method, url(token), { headers: fromAddress(freshAddress()) });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe("Lien de désabonnement invalide");
    }
    expect(await storedSwitches(parent)).toBeNull();
  });
});

describe("the per-address limit", () => {
  it("refuses an address past the limit with a 429 and Retry-After; other addresses go on", async () => {
    const parent = await newMember("parent");
    const token = await tokenFor(parent, "marketing");
    const address = freshAddress();
    const { maxAttempts } = REQUEST_LIMITS.unsubscribePerAddress;
    for (let i = 0; i < maxAttempts; i++) {
      const answer = await call("GET", i % 2 ? url(token) : url("forged.token"), { headers: fromAddress(address) });
      expect(answer.status).toBe(i % 2 ? 200 : 400);
    }
    const refused = await oneClick(token, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    expect(await storedSwitches(parent)).toBeNull();
    expect((await oneClick(token)).status).toBe(200);
    expect(
      await countRows("SELECT count(*) FROM communication_preferences WHERE user_id = ? AND marketing_emails = 0", [
        await userIdOf(parent),
      ]),
    ).toBe(1);
  });
});
