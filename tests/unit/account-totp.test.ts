import { describe, expect, it } from "vitest";
import { totp } from "../totp";

describe("the tests' TOTP (RFC 6238 appendix B, SHA-1 seed, 8 digits)", () => {
  // "12345678901234567890" in base32.
  const SEED = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
  ])("at %i s", (seconds, code) => {
    expect(totp(SEED, seconds * 1000, 30, 8)).toBe(code);
  });
});
