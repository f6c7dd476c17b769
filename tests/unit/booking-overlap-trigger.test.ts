// The overlap triggers (migration 0003_booking_overlap_trigger) on a real libSQL file: a sitter never
// holds two live (pending or confirmed) bookings whose times overlap, whatever writes the row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InValue } from "@libsql/client";
import { createTempDb, insertProfile, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
const exec = (sql: string, args: InValue[] = []) => temp.client.execute({ sql, args });

const addProfile = (id: string, userType: string) => insertProfile(temp.client, id, userType);

/** Hours of 2026-06-01, UTC. */
const at = (hour: number) => `2026-06-01T${String(hour).padStart(2, "0")}:00:00.000Z`;

const book = (id: string, sitter: string, from: number, to: number, status = "pending") =>
  exec(
    "INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status) VALUES (?, 'parent', ?, ?, ?, 1500, 3000, ?)",
    [id, sitter, at(from), at(to), status],
  );

const OVERLAP = /booking_overlap/;

beforeAll(async () => {
  temp = await createTempDb("overlap");
  await addProfile("parent", "parent");
  await addProfile("sitter", "babysitter");
  await addProfile("other-sitter", "babysitter");
  await book("base", "sitter", 14, 17); // 14:00-17:00 pending
});

afterAll(() => temp.cleanup());

describe("inserting a booking", () => {
  it.each([
    ["the same slot", 14, 17],
    ["a slot starting inside", 16, 18],
    ["a slot ending inside", 12, 15],
    ["a slot inside", 15, 16],
    ["a slot around", 13, 18],
  ])("refuses %s of a live booking, with 'booking_overlap'", async (_, from, to) => {
    await expect(book(`x-${from}-${to}`, "sitter", from, to)).rejects.toThrow(OVERLAP);
    await expect(book(`y-${from}-${to}`, "sitter", from, to, "confirmed")).rejects.toThrow(OVERLAP);
  });

  it("accepts touching slots, another sitter, and bookings that are no longer live", async () => {
    await book("before", "sitter", 12, 14);
    await book("after", "sitter", 17, 19);
    await book("other", "other-sitter", 14, 17);
    await book("cancelled", "sitter", 14, 17, "cancelled");
    await book("completed", "sitter", 14, 17, "completed");
    const { rows } = await exec("SELECT count(*) AS n FROM bookings WHERE babysitter_id = 'sitter'");
    expect(rows[0].n).toBe(5);
  });
});

describe("updating a booking", () => {
  it("lets a pending booking be confirmed or cancelled", async () => {
    await exec("UPDATE bookings SET status = 'confirmed' WHERE id = 'before'");
    await exec("UPDATE bookings SET status = 'cancelled' WHERE id = 'before'");
    const { rows } = await exec("SELECT status FROM bookings WHERE id = 'before'");
    expect(rows[0].status).toBe("cancelled");
  });

  it("refuses to bring a cancelled booking back over a live one", async () => {
    await expect(exec("UPDATE bookings SET status = 'pending' WHERE id = 'cancelled'")).rejects.toThrow(OVERLAP);
    const { rows } = await exec("SELECT status FROM bookings WHERE id = 'cancelled'");
    expect(rows[0].status).toBe("cancelled");
  });

  it("refuses to move a live booking onto another, or to another sitter's busy slot", async () => {
    await expect(
      exec("UPDATE bookings SET start_time = ?, end_time = ? WHERE id = 'after'", [at(16), at(19)]),
    ).rejects.toThrow(OVERLAP);
    await expect(exec("UPDATE bookings SET babysitter_id = 'other-sitter' WHERE id = 'base'")).rejects.toThrow(OVERLAP);
    await exec("UPDATE bookings SET start_time = ?, end_time = ? WHERE id = 'after'", [at(18), at(20)]);
  });
});
