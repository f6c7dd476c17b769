// One-click unsubscribe tokens and lists (edge/delivery/unsubscribe.ts): a token reads back as the
// account and list it was made for; a forged, tampered, truncated or other-secret one is refused;
// each kind of mail maps to its list (essential mail to none); the masked address.
import { describe, expect, it } from "vitest";
import { NOTICE_KINDS } from "@edge/delivery/rules";
import {
  readToken,
  readUnsubscribeToken,
  UNSUBSCRIBE_LISTS,
  UNSUBSCRIBE_SWITCH,
  unsubscribeHeaders,
  unsubscribeLinks,
  unsubscribeListOf,
  unsubscribeToken,
} from "@edge/delivery/unsubscribe";
import type { Env } from "@edge/env";
import { maskEmail } from "@edge/services/notifications/unsubscribe";

const SECRET = "a-test-secret-of-at-least-32-characters!";
const env = { BETTER_AUTH_SECRET: SECRET, PUBLIC_ORIGIN: "https://app.veilleuse.test" } as Env;
const USER = "u1AbC_dEf-42";

const b64url = (text: string) => Buffer.from(text).toString("base64url");

describe("unsubscribe tokens", () => {
  it.each(UNSUBSCRIBE_LISTS)("read back the account and the list %s", async (list) => {
    const token = await unsubscribeToken(SECRET, USER, list);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await readToken(SECRET, token)).toEqual({ userId: USER, list });
    expect(await readUnsubscribeToken(env, token)).toEqual({ userId: USER, list });
  });

  it("are the documented format, the same every time (links in old emails keep working)", async () => {
    const token = await unsubscribeToken(SECRET, USER, "marketing");
    const [payload, signature] = token.split(".");
    expect(Buffer.from(payload, "base64url").toString()).toBe(`${USER}:marketing`);
    const { createHmac } = await import("node:crypto");
    expect(signature).toBe(createHmac("sha256", SECRET).update(`unsubscribe:${USER}:marketing`).digest("base64url"));
    expect(await unsubscribeToken(SECRET, USER, "marketing")).toBe(token);
  });

  it("refuse another list's signature, another account's, another secret's", async () => {
    const token = await unsubscribeToken(SECRET, USER, "marketing");
    const [, signature] = token.split(".");
    expect(await readToken(SECRET, `${b64url(`${USER}:notifications`)}.${signature}`)).toBeNull();
    expect(await readToken(SECRET, `${b64url(`someone-else:marketing`)}.${signature}`)).toBeNull();
    expect(await readToken("another-secret-of-at-least-32-characters", token)).toBeNull();
    expect(await readToken("", token)).toBeNull();
  });

  it("refuse tampered, truncated and malformed tokens", async () => {
    const token = await unsubscribeToken(SECRET, USER, "reminders");
    const [payload, signature] = token.split(".");
    const flipped = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + signature.at(-1);
    const forgedList = await unsubscribeToken(SECRET, USER, "everything" as never).catch(() => null);
    for (const bad of [
      `${payload}.${flipped}`,
      `${payload}.${signature.slice(0, -4)}`,
      `${payload}.`,
      `.${signature}`,
      payload,
      `${token}.x`,
      `${payload}.${signature}==`,
      `${payload}.${signature}!`,
      "",
      "not a token",
      `${b64url("no-colon")}.${signature}`,
      `${b64url(":marketing")}.${signature}`,
      forgedList ?? "x.y",
      `${"A".repeat(600)}.${signature}`,
    ]) {
      expect(await readToken(SECRET, bad), bad).toBeNull();
    }
  });
});

describe("unsubscribe links and headers", () => {
  it("point at the page and at the one-click endpoint on the public origin", async () => {
    const { page, oneClick } = await unsubscribeLinks(env, USER, "payments");
    const token = await unsubscribeToken(SECRET, USER, "payments");
    expect(page).toBe(`https://app.veilleuse.test/unsubscribe?token=${token}`);
    expect(oneClick).toBe(`https://app.veilleuse.test/api/unsubscribe?token=${token}`);
    expect(new URL(page).searchParams.get("token")).toBe(token);
  });

  it("are RFC 8058's two headers", () => {
    expect(unsubscribeHeaders("https://app.veilleuse.test/api/unsubscribe?token=a.b")).toEqual({
      "List-Unsubscribe": "<https://app.veilleuse.test/api/unsubscribe?token=a.b>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

describe("lists", () => {
  it("map each kind of mail to what its link turns off; essential mail has none", () => {
    const lists = Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, unsubscribeListOf(kind)]));
    expect(lists).toMatchObject({
      bookings: "notifications",
      messages: "notifications",
      reviews: "notifications",
      reminders: "reminders",
      payments: "payments",
      marketing: "marketing",
      security: null,
      emergencies: null,
    });
    for (const kind of NOTICE_KINDS) {
      if (!["bookings", "messages", "reviews", "reminders", "payments", "marketing"].includes(kind))
        expect(unsubscribeListOf(kind), kind).toBeNull();
    }
  });

  it("each turn one preference off", () => {
    expect(UNSUBSCRIBE_SWITCH).toEqual({
      notifications: "emailEnabled",
      reminders: "bookingReminders",
      payments: "paymentNotifications",
      marketing: "marketingEmails",
    });
  });
});

describe("the masked address", () => {
  it.each([
    ["marie.dupont@example.com", "m•••@example.com"],
    ["a@b.fr", "a•••@b.fr"],
    ["odd", "•••"],
  ])("%s → %s", (email, masked) => expect(maskEmail(email)).toBe(masked));
});
