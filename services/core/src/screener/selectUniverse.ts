import { capMarketValue } from "../capMarketValue.ts";
import type { ChainId } from "../chainId.ts";
import type { RollingMarketStats, UsdValuation } from "./createRollingMarketStats.ts";
import { topOf } from "./topOf.ts";
import type { NewestMarket, UniverseMarket } from "./universeTypes.ts";

/** What the universe needs of a market besides its trades (the `pools` row with its tokens). */
export type MarketFacts = {
  chain: ChainId;
  poolAddress: string;
  type: string;
  factory: string | null;
  tokenAddress: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  /** raw integer supply */
  totalSupply: string | null;
  quoteAddress: string;
  quoteSymbol: string | null;
  /** whole native units per whole token, from the latest pool state */
  priceNative: string | null;
  liquidityNative: number | null;
  createdAt: number | null;
  /** null while the market has not traded: its price fields are then served as null */
  lastTradeAt: number | null;
};

/**
 * The quality filters of the universe. A market is left out when:
 * - its traded token is in `excludedTokens` (the chain's stablecoins, the native coin and its
 *   wrapped form: stablecoin, wrapped and native pairs);
 * - it is drained: USD liquidity below `minLiquidityUsd`, or unknown;
 * - it is wash-traded: at least `washMinTxns` trades in 24 h with fewer than `washMinMakerShare`
 *   distinct makers per trade, or at least `washMaxFlaggedShare` of its 24 h trades flagged as
 *   wash by the ingest (Solana);
 * - it has no 24 h USD volume (no trade, or no USD rate to value it).
 */
export const UNIVERSE_QUALITY = {
  minLiquidityUsd: 1_000,
  washMinTxns: 30,
  washMinMakerShare: 0.1,
  washMaxFlaggedShare: 0.5,
} as const;

/** Sizes of the universe: the top by 24 h USD volume plus the top by 1 h USD volume. */
export const UNIVERSE_TOPS = { by24h: 500, by1h: 100 } as const;

export type SelectUniverseInput = {
  chain: ChainId;
  facts: ReadonlyMap<string, MarketFacts>;
  stats: RollingMarketStats;
  nowMs: number;
  /** how trade USD figures are valued (trade rates on Solana, spot on EVM) */
  usd: UsdValuation;
  /** native/USD now: prices, market caps and liquidity */
  nativeUsd: number | null;
  excludedTokens: ReadonlySet<string>;
  quality?: { readonly [K in keyof typeof UNIVERSE_QUALITY]: number };
  tops?: { readonly by24h: number; readonly by1h: number };
};

/** Why markets were left out, counted per refresh (for logs and metrics). */
export type UniverseExclusions = {
  noFacts: number;
  excludedToken: number;
  drained: number;
  washTraded: number;
  noVolume: number;
};

/**
 * `sortBy=trending` rank value: the geometric mean of the 24 h USD volume and the distinct makers
 * of 24 h, times the share of trades not flagged as wash. Volume alone rewards a few wallets
 * trading back and forth; counting makers weighs real participation in, so a market with the
 * same volume from fewer wallets ranks lower.
 * @example rankTrending(1_000_000, 2, 0, 400) // 1414.2: far below 100,000 USD from 200 makers (4472.1)
 */
export function rankTrending(
  volumeUsd: number | null,
  makers: number,
  washTrades: number,
  txns: number,
): number | null {
  if (volumeUsd === null || !Number.isFinite(volumeUsd)) return null;
  const clean = txns === 0 ? 1 : 1 - washTrades / txns;
  return Math.sqrt(Math.max(0, volumeUsd) * makers) * clean;
}

type Candidate = {
  key: string;
  f: MarketFacts;
  liquidityUsd: number;
  v24: number;
  v1: number;
};

/** The identity fields of a screener row: the token and the market it trades in. */
function marketIdentity(f: MarketFacts) {
  return {
    chain: f.chain,
    address: f.tokenAddress,
    name: f.name,
    symbol: f.symbol,
    pool: {
      address: f.poolAddress,
      type: f.type,
      factory: f.factory,
      quoteAddress: f.quoteAddress,
      quoteSymbol: f.quoteSymbol,
    },
  };
}

const scaleSupply = (raw: string | null, decimals: number | null): number | null =>
  raw === null || decimals === null ? null : Number(raw) / 10 ** decimals;

/**
 * One universe computation for a chain: every market with a trade in the last 24 h that passes
 * {@link UNIVERSE_QUALITY}, then the top {@link UNIVERSE_TOPS}.by24h by 24 h USD volume plus the
 * top `by1h` by 1 h USD volume (ties by pool address), as screener markets.
 */
export function selectUniverse(input: SelectUniverseInput): {
  markets: UniverseMarket[];
  excluded: UniverseExclusions;
} {
  const quality = input.quality ?? UNIVERSE_QUALITY;
  const tops = input.tops ?? UNIVERSE_TOPS;
  const excluded: UniverseExclusions = {
    noFacts: 0,
    excludedToken: 0,
    drained: 0,
    washTraded: 0,
    noVolume: 0,
  };
  const rate = input.nativeUsd;
  const candidates: Candidate[] = [];
  for (const key of input.stats.markets(input.nowMs)) {
    const f = input.facts.get(key);
    if (!f) {
      excluded.noFacts += 1;
      continue;
    }
    if (input.excludedTokens.has(f.tokenAddress)) {
      excluded.excludedToken += 1;
      continue;
    }
    const liquidityUsd = f.liquidityNative === null || rate === null ? null : f.liquidityNative * rate;
    if (liquidityUsd === null || !(liquidityUsd >= quality.minLiquidityUsd)) {
      excluded.drained += 1;
      continue;
    }
    // Only the ranking figures here: the full windows are read for the few hundred chosen.
    const r = input.stats.rankFigures(key, input.nowMs, input.usd);
    if (!r) continue;
    if (
      (r.txns24h >= quality.washMinTxns && r.makers24h / r.txns24h < quality.washMinMakerShare) ||
      (r.txns24h > 0 && r.washTrades24h / r.txns24h >= quality.washMaxFlaggedShare)
    ) {
      excluded.washTraded += 1;
      continue;
    }
    if (r.volumeUsd24h === null || !(r.volumeUsd24h > 0)) {
      excluded.noVolume += 1;
      continue;
    }
    candidates.push({ key, f, liquidityUsd, v24: r.volumeUsd24h, v1: r.volumeUsd1h ?? 0 });
  }
  // Rank on numbers only; rows are built for the chosen few hundred, not for every candidate.
  const byVolume = (key: "v24" | "v1") => (a: Candidate, b: Candidate) =>
    b[key] - a[key] || (a.f.poolAddress < b.f.poolAddress ? -1 : a.f.poolAddress > b.f.poolAddress ? 1 : 0);
  const chosen = new Set(topOf(candidates, tops.by24h, byVolume("v24")));
  const hourTop = topOf(
    candidates.filter((c) => c.v1 > 0),
    tops.by1h,
    byVolume("v1"),
  );
  for (const c of hourTop) chosen.add(c);
  const markets: UniverseMarket[] = [];
  for (const { key, f, liquidityUsd } of chosen) {
    const w = input.stats.read(key, input.nowMs, input.usd)!;
    const day = w.stats["24h"];
    const priceUsd = f.priceNative === null || rate === null ? null : Number(f.priceNative) * rate;
    const supply = scaleSupply(f.totalSupply, f.decimals);
    markets.push({
      ...marketIdentity(f),
      priceNative: f.priceNative,
      priceUsd,
      marketCapUsd:
        priceUsd === null || supply === null ? null : capMarketValue(priceUsd * supply, liquidityUsd),
      liquidityUsd,
      createdAt: f.createdAt,
      stats: w.stats,
      makers24h: w.makers24h,
      trending: rankTrending(day.volumeUsd, w.makers24h, w.washTrades24h, day.txns),
    });
  }
  return { markets, excluded };
}

/** How many of a chain's newest markets `sortBy=createdAt` can walk. */
export const NEWEST_MARKETS = 1_000;

/**
 * A chain's newest markets (by `createdAt`, then pool address), every market counted: the list
 * `sortBy=createdAt` serves. Price fields are null on a market that has not traded.
 */
export function selectNewest(
  facts: ReadonlyMap<string, MarketFacts>,
  nativeUsd: number | null,
  size = NEWEST_MARKETS,
): NewestMarket[] {
  const dated = topOf(
    [...facts.values()].filter((f) => f.createdAt !== null),
    size,
    (a, b) =>
      b.createdAt! - a.createdAt! ||
      (a.poolAddress < b.poolAddress ? -1 : a.poolAddress > b.poolAddress ? 1 : 0),
  );
  return dated.map((f) => {
    const traded = f.lastTradeAt !== null;
    const priceNative = traded ? f.priceNative : null;
    const priceUsd = priceNative === null || nativeUsd === null ? null : Number(priceNative) * nativeUsd;
    const supply = scaleSupply(f.totalSupply, f.decimals);
    const liquidityUsd =
      f.liquidityNative === null || nativeUsd === null ? null : f.liquidityNative * nativeUsd;
    return {
      ...marketIdentity(f),
      priceNative,
      priceUsd,
      marketCapUsd:
        priceUsd === null || supply === null ? null : capMarketValue(priceUsd * supply, liquidityUsd),
      createdAt: f.createdAt,
    };
  });
}
