import type { ChainId } from "../chainId.ts";
import type { StatsWindow } from "../ports/marketQueries.ts";

/** Figures of one market over one trailing window (a screener row's `stats.<window>`). */
export type ScreenerWindowStats = {
  volumeNative: number;
  /** null when the USD value of some trade of the window is unknown */
  volumeUsd: number | null;
  buys: number;
  sells: number;
  txns: number;
  /** transaction fees paid by the window's traders, native; null when no trade carried its fee */
  feesNative: number | null;
  feesUsd: number | null;
  /** latest price against the last price before the window (or its first trade), percent */
  priceChangePct: number | null;
};

/**
 * One market of a universe snapshot: the screener row's identity, prices and windowed figures as
 * the refresh computed them, plus what ranks it. `ageSeconds` is not stored: it is derived from
 * `createdAt` when a request reads the snapshot.
 */
export type UniverseMarket = {
  chain: ChainId;
  /** the traded token */
  address: string;
  name: string | null;
  symbol: string | null;
  pool: {
    address: string;
    type: string;
    factory: string | null;
    quoteAddress: string;
    quoteSymbol: string | null;
  };
  priceNative: string | null;
  priceUsd: number | null;
  marketCapUsd: number | null;
  liquidityUsd: number | null;
  createdAt: number | null;
  stats: Record<StatsWindow, ScreenerWindowStats>;
  /** distinct makers over 24 h */
  makers24h: number;
  /** `sortBy=trending` rank value (see rankTrending); null when the 24 h USD volume is unknown */
  trending: number | null;
};

/** A market of the newest-markets list (`sortBy=createdAt`): identity, price and market cap only. */
export type NewestMarket = Pick<
  UniverseMarket,
  "chain" | "address" | "name" | "symbol" | "pool" | "priceNative" | "priceUsd" | "marketCapUsd" | "createdAt"
>;

/** One computation of a chain's universe, stored under its version. */
export type UniverseSnapshot = {
  chain: ChainId;
  /** increasing per chain */
  version: number;
  /** unix ms of the computation */
  asOf: number;
  markets: UniverseMarket[];
  /** the chain's newest markets, newest first, quality filters not applied */
  newest: NewestMarket[];
};
