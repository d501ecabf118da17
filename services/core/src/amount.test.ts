import { describe, expect, it } from "vitest";
import { divToDecimal, formatUnits, parseUnits, priceFromRaw } from "./amount.ts";

describe("formatUnits", () => {
  it("formats exactly without floats", () => {
    expect(formatUnits(1500000n, 6)).toBe("1.5");
    expect(formatUnits(123456789012345678901234567890n, 18)).toBe("123456789012.34567890123456789");
    expect(formatUnits(1n, 18)).toBe("0.000000000000000001");
    expect(formatUnits(0n, 9)).toBe("0");
    expect(formatUnits(-25n, 1)).toBe("-2.5");
  });
  it("round-trips with parseUnits", () => {
    for (const v of ["0", "1", "0.000001", "98765.4321"]) expect(formatUnits(parseUnits(v, 6), 6)).toBe(v);
  });
});

describe("divToDecimal and priceFromRaw", () => {
  it("divides exactly to the scale", () => {
    expect(divToDecimal(1n, 3n, 5)).toBe("0.33333");
    expect(divToDecimal(10n, 0n)).toBeNull();
  });
  it("prices 2 whole tokens (18 dp) for 3000 whole USDC (6 dp) at 1500", () => {
    expect(priceFromRaw(2n * 10n ** 18n, 18, 3000n * 10n ** 6n, 6)).toBe("1500");
  });
});
