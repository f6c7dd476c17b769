import type { Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { LOGIN_THROTTLE } from "../../db/constants/limits";
import {
  ACCOUNT_RULE,
  ADDRESS_RULE,
  clearAttempts,
  minutesLeft,
  recordAttempt,
  returnAttempt,
} from "../../edge/services/limits/login-throttle";
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
  it("blocks an account for 30 minutes after 5 failures in 15, with a looser rule per address", () => {
    expect(ACCOUNT_RULE).toMatchObject({ maxAttempts: 5, windowMs: 15 * MINUTE, blockMs: 30 * MINUTE });
    expect(ADDRESS_RULE.maxAttempts).toBeGreaterThan(LOGIN_THROTTLE.maxAttempts);
  });

  it("lets 5 attempts through, blocks from the 5th for 30 minutes, and refuses the 6th", async () => {
    const now = 1_700_000_000_000;
    const outcomes = [];
    for (let i = 0; i < 6; i++) outcomes.push(await recordAttempt(db, "account:a@b.fr", ACCOUNT_RULE, now + i * 1000));
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, true, true, true, false]);
    expect(outcomes.map((o) => o.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(outcomes.slice(0, 4).every((o) => o.waitMs === 0)).toBe(true);
    expect(outcomes[4].waitMs).toBe(30 * MINUTE);
    expect(outcomes[5].waitMs).toBe(30 * MINUTE - 1000);
    expect(minutesLeft(outcomes[5].waitMs)).toBe(30);
    const afterBlock = await recordAttempt(db, "account:a@b.fr", ACCOUNT_RULE, now + 4000 + 30 * MINUTE);
    expect(afterBlock).toMatchObject({ allowed: true, attempts: 1, waitMs: 0 });
  });

  it("starts a new window once 15 minutes have passed", async () => {
    const now = 1_700_100_000_000;
    for (let i = 0; i < 4; i++) await recordAttempt(db, "account:w@b.fr", ACCOUNT_RULE, now);
    const later = await recordAttempt(db, "account:w@b.fr", ACCOUNT_RULE, now + 15 * MINUTE);
    expect(later).toMatchObject({ allowed: true, attempts: 1, remaining: 4, waitMs: 0 });
  });

  it("lets exactly maxAttempts of 40 simultaneous attempts through", async () => {
    const now = 1_700_200_000_000;
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () => recordAttempt(db, "ip:10.0.0.1", ADDRESS_RULE, now)),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(ADDRESS_RULE.maxAttempts);
    const [row] = (await client.execute("SELECT failures FROM login_throttle WHERE key = 'ip:10.0.0.1'")).rows;
    expect(Number(row.failures)).toBe(40);
  });

  it("clears a key, and gives one attempt back lifting only the block that attempt started", async () => {
    const now = 1_700_300_000_000;
    for (let i = 0; i < 5; i++) await recordAttempt(db, "account:c@b.fr", ACCOUNT_RULE, now);
    await clearAttempts(db, "account:c@b.fr");
    expect(await recordAttempt(db, "account:c@b.fr", ACCOUNT_RULE, now)).toMatchObject({ allowed: true, attempts: 1 });

    for (let i = 0; i < 4; i++) await recordAttempt(db, "ip:10.0.0.2", ACCOUNT_RULE, now);
    await returnAttempt(db, "ip:10.0.0.2", ACCOUNT_RULE); // 3 counted
    expect(await recordAttempt(db, "ip:10.0.0.2", ACCOUNT_RULE, now)).toMatchObject({ attempts: 4, waitMs: 0 });
    // The 5th passes and starts the block; giving it back lifts that block.
    expect(await recordAttempt(db, "ip:10.0.0.2", ACCOUNT_RULE, now)).toMatchObject({ allowed: true, attempts: 5 });
    await returnAttempt(db, "ip:10.0.0.2", ACCOUNT_RULE);
    expect(await recordAttempt(db, "ip:10.0.0.2", ACCOUNT_RULE, now)).toMatchObject({ allowed: true, attempts: 5 });
    // A refused 6th keeps the block even when one attempt is given back (6 - 1 = 5).
    expect(await recordAttempt(db, "ip:10.0.0.2", ACCOUNT_RULE, now)).toMatchObject({ allowed: false });
    await returnAttempt(db, "ip:10.0.0.2", ACCOUNT_RULE);
    expect(await recordAttempt(db, "ip:10.0.0.2", ACCOUNT_RULE, now)).toMatchObject({ allowed: false });
  });
});
