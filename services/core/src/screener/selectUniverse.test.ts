import { describe, expect, it } from "vitest";
import type { ChainId } from "../chainId.ts";
import { createRollingMarketStats } from "./createRollingMarketStats.ts";
import { type MarketFacts, rankTrending, selectUniverse } from "./selectUniverse.ts";

const NOW = 1_700_000_000_000;
const chain = "evm:1" as ChainId;
const addr = (n: number): string => `0x${n.toString(16).padStart(40, "0")}`;
const facts = (n: number, over: Partial<MarketFacts> = {}): MarketFacts => ({
  chain,
  poolAddress: addr(n),
  type: "UNISWAP_V2",
  factory: null,
  tokenAddress: addr(10_000 + n),
  name: `T${n}`,
  symbol: `T${n}`,
  decimals: 18,
  totalSupply: (10n ** 24n).toString(),
  quoteAddress: addr(99_999),
  quoteSymbol: "WETH",
  priceNative: "0.001",
  liquidityNative: 10,
  createdAt: NOW - 86_400_000,
  lastTradeAt: NOW - 60_000,
  ...over,
});

describe("selectUniverse", () => {
  it("keeps the top by 24 h volume plus the top by 1 h volume among markets passing the quality filters", () => {
    const stats = createRollingMarketStats();
    const all = new Map<string, MarketFacts>();
    const trade = (n: number, at: number, volumeNative: number, maker: string) =>
      stats.add({
        market: `${chain}/${addr(n)}`,
        at,
        isBuy: true,
        maker,
        volumeNative,
        volumeUsd: null,
        feesNative: 0.001,
        feesUsd: null,
        priceNative: 0.001,
        isWash: null,
      });
    // markets 1..6: 24 h volume n, traded 3 hours ago; market 7: small but traded in the last hour
    for (let n = 1; n <= 7; n++) all.set(`${chain}/${addr(n)}`, facts(n));
    for (let n = 1; n <= 6; n++) trade(n, NOW - 3 * 3_600_000, n, `w${n}`);
    trade(7, NOW - 60_000, 0.5, "w7");
    // left out: a stablecoin market, a drained one, a wash-traded one (2 wallets, 40 trades)
    all.set(`${chain}/${addr(8)}`, facts(8, { tokenAddress: addr(77) }));
    trade(8, NOW - 60_000, 100, "w8");
    all.set(`${chain}/${addr(9)}`, facts(9, { liquidityNative: 0.1 }));
    trade(9, NOW - 60_000, 100, "w9");
    all.set(`${chain}/${addr(10)}`, facts(10));
    for (let i = 0; i < 40; i++) trade(10, NOW - 120_000 + i, 100, `w${i % 2}`);
    trade(11, NOW - 60_000, 100, "w11"); // no facts yet
    const { markets, excluded } = selectUniverse({
      chain,
      facts: all,
      stats,
      nowMs: NOW,
      usd: { basis: "spot", rate: 2_000 },
      nativeUsd: 2_000,
      excludedTokens: new Set([addr(77)]),
      tops: { by24h: 3, by1h: 1 },
    });
    expect(markets.map((m) => m.pool.address).sort()).toEqual([addr(4), addr(5), addr(6), addr(7)].sort());
    expect(excluded).toEqual({ noFacts: 1, excludedToken: 1, drained: 1, washTraded: 1, noVolume: 0 });
    const six = markets.find((m) => m.pool.address === addr(6))!;
    expect(six.stats["24h"].volumeUsd).toBe(12_000);
    expect(six.priceUsd).toBe(2);
    expect(six.liquidityUsd).toBe(20_000);
    expect(six.marketCapUsd).toBe(2_000_000);
    expect(six.trending).toBeCloseTo(Math.sqrt(12_000), 9);
  });

  it("ranks a market's volume from many makers above the same volume from few", () => {
    expect(rankTrending(1_000_000, 2, 0, 400)!).toBeLessThan(rankTrending(100_000, 200, 0, 400)!);
    expect(rankTrending(1_000, 10, 5, 10)!).toBeCloseTo(rankTrending(1_000, 10, 0, 10)! / 2, 9);
    expect(rankTrending(null, 10, 0, 10)).toBeNull();
  });
});
