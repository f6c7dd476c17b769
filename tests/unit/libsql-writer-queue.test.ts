// The local libSQL server's writers take turns in arrival order, and one that waits too long is
// told SQLITE_BUSY (scripts/libsql-server/writer-queue.ts).
import { describe, expect, it } from "vitest";
import { takesWriteLock } from "../../scripts/libsql-server/connection";
import { tokenize } from "../../scripts/libsql-server/sql-text";
import { WriterQueue } from "../../scripts/libsql-server/writer-queue";

describe("WriterQueue", () => {
  it("grants the turn in arrival order, one owner at a time", async () => {
    const queue = new WriterQueue();
    const [first, second, third] = [{}, {}, {}];
    const order: string[] = [];
    await queue.acquire(first);
    const waiting = [
      queue.acquire(third).then(() => order.push("third")),
      queue.acquire(second).then(() => order.push("second")),
    ];
    expect(queue.holds(first)).toBe(true);
    queue.release(second); // not the holder: nothing changes
    expect(queue.holds(first)).toBe(true);
    queue.release(first);
    await waiting[0];
    expect(queue.holds(third)).toBe(true);
    queue.release(third);
    await waiting[1];
    expect(order).toEqual(["third", "second"]);
    expect(queue.holds(second)).toBe(true);
  });

  it("lets the holder acquire again without waiting on itself", async () => {
    const queue = new WriterQueue();
    const owner = {};
    await queue.acquire(owner);
    await expect(queue.acquire(owner)).resolves.toBeUndefined();
  });

  it("answers SQLITE_BUSY to a writer that waited past its budget, and skips it afterwards", async () => {
    const queue = new WriterQueue(30);
    const [holder, late, next] = [{}, {}, {}];
    await queue.acquire(holder);
    await expect(queue.acquire(late)).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    const granted = queue.acquire(next);
    queue.release(holder);
    await granted;
    expect(queue.holds(next)).toBe(true);
  });
});

describe("takesWriteLock", () => {
  const takes = (sql: string) => takesWriteLock(tokenize(sql));

  it("is true for what may change the database and for BEGIN IMMEDIATE / EXCLUSIVE", () => {
    for (const sql of [
      "INSERT INTO t VALUES (1)",
      "UPDATE t SET a = 1",
      "DELETE FROM t",
      "INSERT INTO t VALUES (1) RETURNING id",
      "WITH x AS (SELECT 1) DELETE FROM t",
      "CREATE TABLE u (a)",
      "BEGIN IMMEDIATE",
      "begin exclusive transaction",
    ])
      expect(takes(sql), sql).toBe(true);
  });

  it("is false for reads, a deferred BEGIN and the end of a transaction", () => {
    for (const sql of [
      "SELECT 1",
      "WITH x AS (SELECT 1) SELECT * FROM x",
      "BEGIN",
      "BEGIN DEFERRED",
      "COMMIT",
      "ROLLBACK",
    ])
      expect(takes(sql), sql).toBe(false);
  });
});
