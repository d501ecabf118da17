import { describe, expect, it } from "vitest";
import { capMarketValue, MAX_MARKET_VALUE_USD } from "./capMarketValue.ts";

describe("capMarketValue", () => {
  it("keeps plausible values", () => {
    expect(capMarketValue(1_000_000, 50_000)).toBe(1_000_000);
  });
  it("caps at 10,000 times the liquidity and at 10^13", () => {
    expect(capMarketValue(5e9, 1000)).toBe(1e7);
    expect(capMarketValue(1e20, null)).toBe(MAX_MARKET_VALUE_USD);
    expect(capMarketValue(100, 0)).toBe(0);
  });
  it("keeps unknown unknown", () => {
    expect(capMarketValue(null, 10)).toBeNull();
  });
});
