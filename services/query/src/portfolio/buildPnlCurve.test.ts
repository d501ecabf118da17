import { describe, expect, it } from "vitest";
import { buildPnlCurve, closeOnOrBefore, DAY_MS } from "./buildPnlCurve.ts";
import { type CostTrade, foldCostBasis } from "./foldCostBasis.ts";

const E18 = 10n ** 18n;
const D0 = 1_760_000_000_000 - (1_760_000_000_000 % DAY_MS);
/** A trade on day `day` (hour `h`) of `tokens` whole tokens for `usd` (native at 2,000 USD). */
const trade = (
  day: number,
  h: number,
  side: "buy" | "sell",
  tokens: number,
  usd: number | null,
): CostTrade => ({
  at: D0 + day * DAY_MS + h * 3_600_000,
  isBuy: side === "buy",
  amount: BigInt(tokens) * E18,
  valueUsd: usd,
  valueNative: usd === null ? null : usd / 2000,
  feeUsd: null,
  feeNative: null,
});

describe("buildPnlCurve", () => {
  const a = [
    trade(-2, 1, "buy", 100, 100), // before the curve: builds the starting bag
    trade(0, 3, "buy", 100, 300),
    trade(1, 5, "sell", 100, 400),
    trade(3, 2, "sell", 100, 50),
  ];
  const b = [trade(1, 1, "buy", 10, 20), trade(2, 1, "sell", 10, 10)];
  const curve = buildPnlCurve({
    trades: new Map([
      ["A", a],
      ["B", b],
    ]),
    decimals: new Map([
      ["A", 18],
      ["B", 18],
    ]),
    closes: new Map([
      [
        "A",
        [
          [D0 - 3 * DAY_MS, 1],
          [D0 + DAY_MS, 3],
        ],
      ],
    ]),
    usdAtClose: () => 2000,
    fromDay: D0,
    toDay: D0 + 4 * DAY_MS,
  });

  it("realizes each day what its sells realize by the average-cost rules, and sums to the fold", () => {
    expect(curve.days.map((d) => d.at)).toEqual([0, 1, 2, 3, 4].map((i) => D0 + i * DAY_MS));
    const r = curve.days.map((d) => d.realizedPnlUsd);
    // A: bag 200 tokens for 400 USD; day 1 sells 100 for 400: +200; B: bought 20, sold 10 on day 2: -10
    expect(r[0]).toBe(0);
    expect(r[1]).toBeCloseTo(200, 9);
    expect(r[2]).toBeCloseTo(-10, 9);
    // day 3 sells A's last 100 (cost 200) for 50
    expect(r[3]).toBeCloseTo(-150, 9);
    expect(r[4]).toBe(0);
    // the days' realized PnL equals the whole fold's less what was realized before the curve
    expect(r.reduce((x, y) => x + y, 0)).toBeCloseTo(
      foldCostBasis(a).realizedUsd + foldCostBasis(b).realizedUsd,
      9,
    );
  });

  it("values open bags at the day's close and counts those without a close", () => {
    const d = curve.days;
    // day 0: A's bag 200 tokens costing 400 at the close carried from before the curve (1 native)
    expect(d[0]!.unrealizedPnlUsd).toBeCloseTo(200 * 1 * 2000 - 400, 6);
    expect([d[0]!.openPositions, d[0]!.unvaluedPositions]).toEqual([1, 0]);
    // day 1: A holds 100 costing 200 at the new close 3; B's bag has no close
    expect(d[1]!.unrealizedPnlUsd).toBeCloseTo(100 * 3 * 2000 - 200, 6);
    expect([d[1]!.openPositions, d[1]!.unvaluedPositions]).toEqual([2, 1]);
    expect([d[3]!.openPositions, d[3]!.unrealizedPnlUsd]).toEqual([0, 0]);
    expect(d.map((x) => x.trades)).toEqual([1, 2, 1, 1, 0]);
  });

  it("summarizes the days with wins and losses per token", () => {
    const s = curve.summary;
    expect(s.realizedPnlUsd).toBeCloseTo(40, 9);
    expect(s.unrealizedPnlUsd).toBe(0);
    expect(s.totalPnlUsd).toBeCloseTo(40, 9);
    // A realized +200 - 150 = +50 (a win), B -10 (a loss)
    expect([s.wins, s.losses, s.winRatePct]).toEqual([1, 1, 50]);
    expect(s.boughtUsd).toBe(320);
    expect(s.soldUsd).toBe(460);
    expect(s.trades).toBe(5);
  });

  it("has no win rate when nothing was realized, and ignores sells of received tokens", () => {
    const c = buildPnlCurve({
      trades: new Map([
        ["A", [trade(0, 1, "sell", 5, 10), trade(0, 2, "buy", 5, null), trade(0, 3, "sell", 5, 9)]],
      ]),
      decimals: new Map([["A", 18]]),
      closes: new Map(),
      usdAtClose: () => null,
      fromDay: D0,
      toDay: D0,
    });
    expect(c.summary.winRatePct).toBeNull();
    expect(c.summary.realizedPnlUsd).toBe(0);
    expect(c.days[0]!.openPositions).toBe(0);
  });

  it("finds the latest close on or before a day", () => {
    const closes = [
      [10, 1],
      [20, 2],
      [30, 3],
    ] as const;
    expect(closeOnOrBefore(closes, 5)).toBeNull();
    expect(closeOnOrBefore(closes, 20)).toBe(2);
    expect(closeOnOrBefore(closes, 29)).toBe(2);
    expect(closeOnOrBefore(closes, 99)).toBe(3);
    expect(closeOnOrBefore(undefined, 99)).toBeNull();
  });
});
