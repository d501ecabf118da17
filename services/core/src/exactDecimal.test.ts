import { describe, expect, it } from "vitest";
import {
  addExact,
  EXACT_ZERO,
  exactToNumber,
  formatExact,
  parseExact,
  priceChangePct,
} from "./exactDecimal.ts";

describe("exactDecimal", () => {
  it("parses plain and exponent forms and prints them as PostgreSQL does", () => {
    expect(formatExact(parseExact("12.50"))).toBe("12.50");
    expect(formatExact(parseExact("-0.000123"))).toBe("-0.000123");
    expect(formatExact(parseExact("1.5e-7"))).toBe("0.00000015");
    expect(formatExact(parseExact("2E3"))).toBe("2000");
    expect(formatExact(parseExact(".5"))).toBe("0.5");
    expect(() => parseExact("abc")).toThrow(RangeError);
    expect(() => parseExact(".")).toThrow(RangeError);
  });

  it("adds without the error of adding doubles", () => {
    const terms = ["0.1", "0.2", "0.3", "123456789.123456789123456789"];
    const sum = terms.map(parseExact).reduce(addExact, EXACT_ZERO);
    expect(formatExact(sum)).toBe("123456789.723456789123456789");
    // the store sums numerics exactly: 0.1 + 0.2 is 0.3 there, not 0.30000000000000004
    expect(exactToNumber(addExact(parseExact("0.1"), parseExact("0.2")))).toBe(0.3);
  });

  it("gives the price change in percent, rounded half away from zero at 10 places", () => {
    expect(priceChangePct("2", "3")).toBe(50);
    expect(priceChangePct("3", "2")).toBe(-33.3333333333);
    expect(priceChangePct("3", "1")).toBe(-66.6666666667);
    expect(priceChangePct("0.000000000000000001", "0.000000000000000002")).toBe(100);
    expect(priceChangePct("1", "1.000000000005")).toBe(0.0000000005);
    expect(priceChangePct("1", "0.999999999995")).toBe(-0.0000000005);
    expect(priceChangePct("0", "1")).toBeNull();
    expect(priceChangePct(null, "1")).toBeNull();
    expect(priceChangePct("1", null)).toBeNull();
  });
});
