import type { ChainId, NewestMarket, ScreenerWindowStats, UniverseMarket } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { newestRowJson, screenerRowJson, toNewestRow, toScreenerRow } from "./toScreenerRow.ts";

const window = (over: Partial<ScreenerWindowStats> = {}): ScreenerWindowStats => ({
  volumeNative: 1.5,
  volumeUsd: 4_500.25,
  buys: 3,
  sells: 2,
  txns: 5,
  feesNative: null,
  feesUsd: 1e-7,
  priceChangePct: -12.5,
  ...over,
});
const market = (over: Partial<UniverseMarket> = {}): UniverseMarket => ({
  chain: "evm:1" as ChainId,
  address: "0x00000000000000000000000000000000000000aa",
  name: 'a "quoted" ageSeconds name',
  symbol: "TKN",
  pool: {
    address: "0x00000000000000000000000000000000000000bb",
    type: "UNISWAP_V2",
    factory: null,
    quoteAddress: "0x00000000000000000000000000000000000000cc",
    quoteSymbol: "WETH",
  },
  priceNative: "0.000123",
  priceUsd: 0.369,
  marketCapUsd: 369_000,
  liquidityUsd: null,
  createdAt: 1_700_000_000_000,
  stats: { "5m": window(), "1h": window({ volumeUsd: null }), "6h": window(), "24h": window({ txns: 0 }) },
  makers24h: 4,
  trending: 12.5,
  ...over,
});

describe("screenerRowJson", () => {
  it("writes what JSON.stringify of the row writes, at every request time and windows", () => {
    const markets = [market(), market({ createdAt: null }), market({ priceUsd: Number.NaN })];
    for (const m of markets) {
      for (const windows of [[], ["24h"], ["5m", "1h", "6h", "24h"]] as const) {
        for (const nowMs of [1_700_000_000_000, 1_700_000_000_999, 1_700_000_123_456, 1_600_000_000_000]) {
          expect(screenerRowJson(m, windows, nowMs)).toBe(JSON.stringify(toScreenerRow(m, windows, nowMs)));
        }
      }
    }
  });

  it("writes a newest row as JSON.stringify does", () => {
    const { stats: _, makers24h: __, trending: ___, liquidityUsd: ____, ...m } = market();
    const newest: NewestMarket = m;
    expect(newestRowJson(newest)).toBe(JSON.stringify(toNewestRow(newest)));
    expect(newestRowJson(newest)).toBe(JSON.stringify(toNewestRow(newest)));
  });
});
