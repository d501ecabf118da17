import type { ChainId } from "../chainId.ts";
import { STATS_WINDOWS, type StatsWindow } from "../ports/marketQueries.ts";
import type { ScreenerWindowStats, UniverseMarket } from "./universeTypes.ts";

const EMPTY: ScreenerWindowStats = {
  volumeNative: 0,
  volumeUsd: 0,
  buys: 0,
  sells: 0,
  txns: 0,
  feesNative: null,
  feesUsd: null,
  priceChangePct: null,
};

/** A universe market for tests: every field settable, windows defaulting to no trade. */
export function testMarket(
  over: Partial<Omit<UniverseMarket, "stats" | "pool">> & {
    pool?: Partial<UniverseMarket["pool"]>;
    stats?: Partial<Record<StatsWindow, Partial<ScreenerWindowStats>>>;
  } = {},
): UniverseMarket {
  const { pool, stats, ...rest } = over;
  return {
    chain: "evm:1" as ChainId,
    address: "0x00000000000000000000000000000000000000aa",
    name: "Token",
    symbol: "TKN",
    priceNative: null,
    priceUsd: null,
    marketCapUsd: null,
    liquidityUsd: null,
    createdAt: null,
    makers24h: 0,
    trending: null,
    ...rest,
    pool: {
      address: "0x00000000000000000000000000000000000000bb",
      type: "UNISWAP_V2",
      factory: null,
      quoteAddress: "0x00000000000000000000000000000000000000cc",
      quoteSymbol: "WETH",
      ...pool,
    },
    stats: Object.fromEntries(STATS_WINDOWS.map((w) => [w, { ...EMPTY, ...stats?.[w] }])) as Record<
      StatsWindow,
      ScreenerWindowStats
    >,
  };
}
