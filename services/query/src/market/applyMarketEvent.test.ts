import type { MarketEvent, TradeRow } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { applyMarketEvent, marketEventTags } from "./applyMarketEvent.ts";
import type { PoolRow } from "./readPoolRows.ts";

const row: PoolRow = {
  market: "evm:1/0xpool",
  chain: "evm:1",
  address: "0xpool",
  venueType: "UNISWAP_V2",
  factory: "0xfactory",
  exchangeName: "Uniswap V2",
  logoUrl: null,
  feeBps: 30,
  launchpad: null,
  isLaunchpad: false,
  bondingProgress: null,
  migrated: false,
  graduatedAt: null,
  creator: null,
  tokenAddress: "0xtoken",
  quoteAddress: "0xweth",
  priceNative: "0.5",
  liquidityNative: "100",
  liquidityNativeAth: null,
  createdAt: 1_000,
  lastTradeAt: 5_000,
  token: { name: "T", symbol: "T", decimals: 18, totalSupply: "1000" },
  quote: { name: "Wrapped Ether", symbol: "WETH", decimals: 18 },
};
const base = { chain: "evm:1" as const, market: "evm:1/0xpool", pool: "0xpool", token: "0xtoken" };
const trade = (at: number): MarketEvent => ({ ...base, type: "trade", trade: { at } as TradeRow });

describe("applyMarketEvent", () => {
  it("takes a state event's price and liquidity, keeping the rest of the row", () => {
    const next = applyMarketEvent(row, {
      ...base,
      type: "market",
      quote: "0xweth",
      block: 12,
      priceNative: "0.75",
      priceQuote: "0.75",
      liquidityNative: "90",
      reserve0: "1",
      reserve1: "2",
    });
    expect(next).toEqual({ ...row, priceNative: "0.75", liquidityNative: "90" });
  });

  it("moves the last trade time forward only", () => {
    expect(applyMarketEvent(row, trade(6_000))).toEqual({ ...row, lastTradeAt: 6_000 });
    expect(applyMarketEvent(row, trade(4_000))).toBe(row);
    expect(applyMarketEvent({ ...row, lastTradeAt: null }, trade(4_000))?.lastTradeAt).toBe(4_000);
  });

  it("asks for the stored row again after a rollback, a launchpad change or a new market", () => {
    const others: MarketEvent[] = [
      { ...base, type: "rollback", ancestorBlock: 10, orphanedTradeIds: ["a"] },
      {
        ...base,
        type: "launchpad",
        phase: "progress",
        launchpad: "pump",
        bondingProgress: 50,
        migrated: false,
        graduatedAt: null,
        creator: null,
      },
      {
        ...base,
        type: "newMarket",
        quote: "0xweth",
        venueType: "UNISWAP_V2",
        exchangeName: null,
        launchpad: null,
        isLaunchpad: false,
        createdAt: 1,
        createdBlock: 1,
      },
    ];
    for (const e of others) expect(applyMarketEvent(row, e)).toBeNull();
  });

  it("tags an event with its market key and its token key", () => {
    expect(marketEventTags(trade(1))).toEqual(["evm:1/0xpool", "evm:1/0xtoken"]);
  });
});
