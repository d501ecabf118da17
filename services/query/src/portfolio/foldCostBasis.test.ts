import { describe, expect, it } from "vitest";
import { type CostTrade, foldCostBasis } from "./foldCostBasis.ts";
import { positionFigures } from "./positionFigures.ts";

const E18 = 10n ** 18n;
/** A trade of `tokens` whole tokens (18 decimals) for `usd` (native at 2,000 USD), fee 1 USD. */
const trade = (at: number, side: "buy" | "sell", tokens: number, usd: number | null): CostTrade => ({
  at,
  isBuy: side === "buy",
  amount: BigInt(tokens) * E18,
  valueUsd: usd,
  valueNative: usd === null ? null : usd / 2000,
  feeUsd: 1,
  feeNative: 1 / 2000,
});

describe("foldCostBasis", () => {
  it("keeps an average-cost bag and realizes a sell against it", () => {
    const b = foldCostBasis([
      trade(1, "buy", 100, 100),
      trade(2, "buy", 100, 300),
      trade(3, "sell", 100, 400),
    ]);
    expect(b.buys).toBe(2);
    expect(b.sells).toBe(1);
    expect(b.boughtRaw).toBe(200n * E18);
    expect(b.soldRaw).toBe(100n * E18);
    expect(b.boughtUsd).toBe(400);
    expect(b.soldUsd).toBe(400);
    // average cost 2 USD a token: 100 sold for 400 realize 400 - 200
    expect(b.realizedUsd).toBeCloseTo(200, 9);
    expect(b.realizedNative).toBeCloseTo(0.1, 12);
    expect(b.bagRaw).toBe(100n * E18);
    expect(b.bagCostUsd).toBeCloseTo(200, 9);
    expect(b.holdingSince).toBe(1);
    expect(b.firstTradeAt).toBe(1);
    expect(b.lastTradeAt).toBe(3);
    expect(b.buyFeesUsd).toBe(2);
    expect(b.sellFeesUsd).toBe(1);
    const f = positionFigures(b, 18, 100n * E18, 500);
    expect(f.entryPriceUsd).toBeCloseTo(2, 12);
    expect(f.entryPriceLifetimeUsd).toBeCloseTo(2, 12);
    expect(f.exitPriceUsd).toBeCloseTo(4, 12);
    expect(f.unrealizedPnlUsd).toBeCloseTo(300, 9);
    expect(f.totalPnlUsd).toBeCloseTo(500, 9);
    expect(f.totalFeesUsd).toBe(3);
  });

  it("resets the bag after a full exit: a buy-back opens a new bag with its own entry and holdingSince", () => {
    const b = foldCostBasis([trade(10, "buy", 50, 50), trade(20, "sell", 50, 150), trade(30, "buy", 10, 40)]);
    expect(b.realizedUsd).toBeCloseTo(100, 9);
    expect(b.holdingSince).toBe(30);
    expect(b.bagRaw).toBe(10n * E18);
    const f = positionFigures(b, 18, 10n * E18, 30);
    expect(f.entryPriceUsd).toBeCloseTo(4, 12);
    // lifetime: 90 USD over 60 tokens
    expect(f.entryPriceLifetimeUsd).toBeCloseTo(1.5, 12);
    expect(f.unrealizedPnlUsd).toBeCloseTo(-10, 9);
  });

  it("realizes nothing on tokens sold beyond the bag (received, no cost basis)", () => {
    const b = foldCostBasis([trade(1, "buy", 100, 100), trade(2, "sell", 150, 300)]);
    // 100 of the 150 came from the bag: 2/3 of 300 minus its cost 100
    expect(b.realizedUsd).toBeCloseTo(100, 9);
    expect(b.bagRaw).toBe(0n);
    expect(b.holdingSince).toBeNull();
    expect(b.soldUsd).toBe(300);
  });

  it("a sell of a wallet that never bought realizes nothing and exit price still shows", () => {
    const b = foldCostBasis([trade(5, "sell", 10, 20)]);
    expect(b.realizedUsd).toBe(0);
    expect(b.buys).toBe(0);
    const f = positionFigures(b, 18, 0n, null);
    expect(f.entryPriceUsd).toBeNull();
    expect(f.entryPriceLifetimeUsd).toBeNull();
    expect(f.exitPriceUsd).toBeCloseTo(2, 12);
  });

  it("a buy of unknown value adds tokens without cost; its part is left out of PnL", () => {
    const b = foldCostBasis([
      trade(1, "buy", 100, 200),
      trade(2, "buy", 100, null),
      trade(3, "sell", 100, 300),
    ]);
    expect(b.boughtUsd).toBe(200);
    expect(b.pricedBoughtRaw).toBe(100n * E18);
    // half the bag leaves: 50 priced tokens (cost 100) sold for half the proceeds (150)
    expect(b.realizedUsd).toBeCloseTo(50, 9);
    expect(b.bagRaw).toBe(100n * E18);
    expect(b.bagPricedRaw).toBe(50n * E18);
    const f = positionFigures(b, 18, 100n * E18, 400);
    expect(f.entryPriceUsd).toBeCloseTo(2, 12);
    // 50 priced tokens worth half of 400, cost 100
    expect(f.unrealizedPnlUsd).toBeCloseTo(100, 9);
  });

  it("a sell of unknown value takes its cost out of the bag and realizes nothing", () => {
    const b = foldCostBasis([trade(1, "buy", 100, 100), trade(2, "sell", 40, null)]);
    expect(b.realizedUsd).toBe(0);
    expect(b.bagRaw).toBe(60n * E18);
    expect(b.bagCostUsd).toBeCloseTo(60, 9);
    expect(positionFigures(b, 18, 60n * E18, 90).exitPriceUsd).toBeNull();
  });

  it("an unknown fee makes that side's fee total unknown", () => {
    const b = foldCostBasis([{ ...trade(1, "buy", 1, 1), feeUsd: null }, trade(2, "sell", 1, 2)]);
    expect(b.buyFeesUsd).toBeNull();
    expect(b.sellFeesUsd).toBe(1);
    expect(positionFigures(b, 18, 0n, 0).totalFeesUsd).toBeNull();
  });

  it("counts only the bag's cost for the part of the balance it covers", () => {
    const b = foldCostBasis([trade(1, "buy", 100, 100)]);
    // 50 more received: the extra half of the balance carries no cost and no PnL
    expect(positionFigures(b, 18, 150n * E18, 300).unrealizedPnlUsd).toBeCloseTo(100, 9);
    // 60 sent away: the 40 left keep 40 of the cost
    expect(positionFigures(b, 18, 40n * E18, 80).unrealizedPnlUsd).toBeCloseTo(40, 9);
    // a value not known leaves unrealized unknown
    expect(positionFigures(b, 18, 100n * E18, null).unrealizedPnlUsd).toBeNull();
  });
});
