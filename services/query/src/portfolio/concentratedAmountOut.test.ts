import { getSqrtRatioAtTick, MAX_TICK, MIN_TICK } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { type ConcentratedPool, concentratedAmountOut } from "./concentratedAmountOut.ts";
import { v2AmountOut } from "./v2AmountOut.ts";

const Q96 = 1n << 96n;
const L = 10n ** 21n;
const SPACING = 60;

/** One position over [-600, 600] at tick 0, every bitmap word loaded (the range's two ticks set). */
function onePositionPool(feePips: number): ConcentratedPool {
  const words = new Map<number, bigint>();
  const lo = Math.floor(Math.floor(MIN_TICK / SPACING) / 256);
  const hi = Math.floor(Math.floor(MAX_TICK / SPACING) / 256);
  for (let w = lo; w <= hi; w++) words.set(w, 0n);
  for (const t of [-600, 600]) {
    const c = t / SPACING;
    const w = Math.floor(c / 256);
    words.set(w, words.get(w)! | (1n << BigInt(c - w * 256)));
  }
  return {
    sqrtPriceX96: Q96,
    liquidity: L,
    tick: 0,
    tickSpacing: SPACING,
    feePips,
    words,
    liquidityNet: new Map([
      [-600, L],
      [600, -L],
    ]),
  };
}

describe("concentratedAmountOut", () => {
  it("a sale larger than the range pays out exactly the range's other token and leaves input unused", () => {
    const pool = onePositionPool(3000);
    const q = concentratedAmountOut(pool, 10n ** 30n, true);
    if ("missingWord" in q) throw new Error("every word is loaded");
    // token1 held by the position between the lower tick and the price, rounded down
    const held = (L * (Q96 - getSqrtRatioAtTick(-600))) / Q96;
    expect(q.amountOut).toBe(held);
    expect(q.amountInUsed).toBeLessThan(10n ** 30n);
  });

  it("a small sale stays inside the range: output below spot less fee, input all used", () => {
    const pool = onePositionPool(3000);
    const amountIn = 10n ** 15n;
    const q = concentratedAmountOut(pool, amountIn, false);
    if ("missingWord" in q) throw new Error("every word is loaded");
    expect(q.amountInUsed).toBe(amountIn);
    // at price 1 with a 0.3% fee the output is a little under 0.997 of the input (impact)
    expect(q.amountOut).toBeLessThan((amountIn * 997n) / 1000n);
    expect(q.amountOut).toBeGreaterThan((amountIn * 996n) / 1000n);
  });

  it("asks for the bitmap word it needs before walking into it", () => {
    const pool = { ...onePositionPool(500), words: new Map<number, bigint>() };
    expect(concentratedAmountOut(pool, 10n ** 18n, true)).toEqual({ missingWord: 0 });
    expect(concentratedAmountOut(pool, 10n ** 18n, false)).toEqual({ missingWord: 0 });
    // word 0 loaded and empty: selling token0 walks to its lower edge, then needs word -1
    const word0 = { ...pool, words: new Map([[0, 0n]]) };
    expect(concentratedAmountOut(word0, 10n ** 30n, true)).toEqual({ missingWord: -1 });
  });
});

describe("v2AmountOut", () => {
  it("is Uniswap V2's getAmountOut with a 30 bps fee", () => {
    const [a, rIn, rOut] = [123_456_789n, 10n ** 22n, 5n * 10n ** 20n];
    expect(v2AmountOut(a, rIn, rOut, 30)).toBe((a * 997n * rOut) / (rIn * 1000n + a * 997n));
    expect(v2AmountOut(a, 0n, rOut, 30)).toBe(0n);
  });
});
