import type { Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { LOGIN_THROTTLE } from "../../db/constants/limits";
import {
  ACCOUNT_RULE,
  ADDRESS_RULE,
  blockedFor,
  clearFailures,
  minutesLeft,
  recordFailure,
} from "../../edge/services/login-throttle";
import { createTempDb, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
let client: Client;
let db: Db;
const MINUTE = 60_000;

beforeAll(async () => {
  temp = await createTempDb("throttle");
  ({ client, db } = temp);
});
afterAll(() => temp.cleanup());

describe("login throttle", () => {
  it("uses the spec's constants for accounts and a looser rule per address", () => {
    expect(ACCOUNT_RULE).toMatchObject({ maxAttempts: 5, windowMs: 15 * MINUTE, blockMs: 30 * MINUTE });
    expect(ADDRESS_RULE.maxAttempts).toBeGreaterThan(LOGIN_THROTTLE.maxAttempts);
  });

  it("counts failures and blocks at the 5th for 30 minutes", async () => {
    const now = 1_700_000_000_000;
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await recordFailure(db, "account:a@b.fr", ACCOUNT_RULE, now + i * 1000));
    expect(outcomes.map((o) => o.remaining)).toEqual([4, 3, 2, 1, 0]);
    expect(outcomes.slice(0, 4).every((o) => o.blockedUntil === null)).toBe(true);
    expect(outcomes[4].blockedUntil).toBe(now + 4000 + 30 * MINUTE);
    expect(await blockedFor(db, ["account:a@b.fr"], now + 5000)).toBe(30 * MINUTE - 1000);
    expect(minutesLeft(await blockedFor(db, ["account:a@b.fr"], now + 5000))).toBe(30);
    expect(await blockedFor(db, ["account:a@b.fr"], now + 4000 + 30 * MINUTE)).toBe(0);
  });

  it("starts a new window once 15 minutes have passed", async () => {
    const now = 1_700_100_000_000;
    for (let i = 0; i < 4; i++) await recordFailure(db, "account:w@b.fr", ACCOUNT_RULE, now);
    const later = await recordFailure(db, "account:w@b.fr", ACCOUNT_RULE, now + 15 * MINUTE);
    expect(later).toMatchObject({ failures: 1, remaining: 4, blockedUntil: null });
  });

  it("is atomic under concurrent failures", async () => {
    const now = 1_700_200_000_000;
    await Promise.all(Array.from({ length: 12 }, () => recordFailure(db, "ip:10.0.0.1", ADDRESS_RULE, now)));
    const [row] = (await client.execute("SELECT failures FROM login_throttle WHERE key = 'ip:10.0.0.1'")).rows;
    expect(Number(row.failures)).toBe(12);
  });

  it("takes the latest block among several keys, and clears a key", async () => {
    const now = 1_700_300_000_000;
    for (let i = 0; i < 5; i++) await recordFailure(db, "account:c@b.fr", ACCOUNT_RULE, now);
    expect(await blockedFor(db, ["account:c@b.fr", "ip:unknown"], now)).toBe(30 * MINUTE);
    await clearFailures(db, "account:c@b.fr");
    expect(await blockedFor(db, ["account:c@b.fr", "ip:unknown"], now)).toBe(0);
  });
});
