import { getSqrtRatioAtTick, MAX_SQRT_PRICE, MAX_TICK, MIN_SQRT_PRICE, MIN_TICK } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { encodeSqrtPriceX96 } from "./encodeSqrtPriceX96.ts";
import { getLiquidityForAmounts } from "./getLiquidityForAmounts.ts";

describe("getSqrtRatioAtTick", () => {
  it("matches TickMath's documented bounds and the unit price", () => {
    expect(getSqrtRatioAtTick(MIN_TICK)).toBe(MIN_SQRT_PRICE);
    expect(getSqrtRatioAtTick(MAX_TICK)).toBe(MAX_SQRT_PRICE);
    expect(getSqrtRatioAtTick(0)).toBe(1n << 96n);
  });

  it("is the square root of 1.0001^tick", () => {
    for (const tick of [-200_000, -60, -1, 1, 60, 200_000]) {
      const ratio = Number(getSqrtRatioAtTick(tick)) / 2 ** 96;
      expect(Math.abs(ratio ** 2 / 1.0001 ** tick - 1)).toBeLessThan(1e-9);
    }
  });

  it("rejects ticks outside the range", () => {
    expect(() => getSqrtRatioAtTick(MAX_TICK + 1)).toThrow(RangeError);
    expect(() => getSqrtRatioAtTick(0.5)).toThrow(RangeError);
  });
});

describe("encodeSqrtPriceX96", () => {
  it("encodes exact squares exactly", () => {
    expect(encodeSqrtPriceX96(1n, 1n)).toBe(1n << 96n);
    expect(encodeSqrtPriceX96(4n, 1n)).toBe(2n << 96n);
    expect(encodeSqrtPriceX96(1n, 4n)).toBe(1n << 95n);
  });

  it("floors the root", () => {
    const p = encodeSqrtPriceX96(3_000_000_000n, 10n ** 18n);
    expect(p * p <= (3_000_000_000n << 192n) / 10n ** 18n).toBe(true);
    expect((p + 1n) * (p + 1n) > (3_000_000_000n << 192n) / 10n ** 18n).toBe(true);
  });
});

describe("getLiquidityForAmounts", () => {
  const lower = getSqrtRatioAtTick(-600);
  const upper = getSqrtRatioAtTick(600);

  it("uses only token0 below the range and only token1 above it", () => {
    const below = getLiquidityForAmounts(getSqrtRatioAtTick(-1000), lower, upper, 10n ** 18n, 0n);
    const above = getLiquidityForAmounts(getSqrtRatioAtTick(1000), lower, upper, 0n, 10n ** 18n);
    expect(below > 0n).toBe(true);
    expect(above > 0n).toBe(true);
  });

  it("is bound by the scarcer side inside the range", () => {
    const both = getLiquidityForAmounts(1n << 96n, lower, upper, 10n ** 18n, 10n ** 18n);
    const less1 = getLiquidityForAmounts(1n << 96n, lower, upper, 10n ** 18n, 10n ** 17n);
    expect(less1 < both).toBe(true);
    // Amount1 needed for L inside the range is L * (sqrtP - sqrtLower) / Q96; it must not exceed what was given.
    expect((less1 * ((1n << 96n) - lower)) >> 96n).toBeLessThanOrEqual(10n ** 17n);
  });
});
