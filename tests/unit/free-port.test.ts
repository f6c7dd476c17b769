// The ports the local stack hands to wrangler come from below the kernel's ephemeral range, where
// outgoing connections never take them between the check and wrangler's bind (scripts/stack.ts).
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/stack";

describe("freePort", () => {
  it("picks free ports below the ephemeral range (32768 and up)", async () => {
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
    }
  });

  it("keeps a preferred port when it is free, and finds another when it is taken", async () => {
    const wanted = await freePort();
    expect(await freePort(wanted)).toBe(wanted);
    const holder = createServer();
    await new Promise<void>((done) => holder.listen(wanted, "127.0.0.1", done));
    try {
      const other = await freePort(wanted);
      expect(other).not.toBe(wanted);
      expect(other).toBeLessThan(32_768);
    } finally {
      await new Promise((done) => holder.close(done));
    }
  });
});
