import { describe, expect, it } from "vitest";
import { compareStreamIds } from "./compareStreamIds.ts";

describe("compareStreamIds", () => {
  it("orders by milliseconds, then by sequence", () => {
    expect(compareStreamIds("1-0", "2-0")).toBeLessThan(0);
    expect(compareStreamIds("2-0", "1-5")).toBeGreaterThan(0);
    expect(compareStreamIds("7-1", "7-10")).toBeLessThan(0);
    expect(compareStreamIds("7-3", "7-3")).toBe(0);
  });

  it("treats a bare millisecond id as sequence 0", () => {
    expect(compareStreamIds("0", "0-0")).toBe(0);
    expect(compareStreamIds("5", "5-1")).toBeLessThan(0);
  });

  it("compares ids beyond the float range exactly", () => {
    expect(compareStreamIds("18446744073709551615-1", "18446744073709551615-0")).toBeGreaterThan(0);
  });

  it("rejects malformed ids", () => {
    expect(() => compareStreamIds("$", "0-0")).toThrow(RangeError);
    expect(() => compareStreamIds("1-x", "0-0")).toThrow(RangeError);
  });
});
