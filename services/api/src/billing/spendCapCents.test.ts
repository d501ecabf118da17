import { describe, expect, it } from "vitest";
import { spendCapCents } from "./spendCapCents.ts";

describe("spendCapCents", () => {
  it("reads whole and decimal USD exactly", () => {
    expect(spendCapCents("10000")).toBe(1_000_000n);
    expect(spendCapCents(0)).toBe(0n);
    expect(spendCapCents("99.5")).toBe(9950n);
    expect(spendCapCents(" 0.01 ")).toBe(1n);
    expect(spendCapCents("100000")).toBe(10_000_000n);
  });

  it("refuses amounts outside 0..100000 USD or finer than cents", () => {
    for (const bad of ["100000.01", "-1", "1.001", "1e3", "", "abc", 250000]) {
      expect(() => spendCapCents(bad)).toThrow(expect.objectContaining({ code: "INVALID_PARAM" }));
    }
  });
});
