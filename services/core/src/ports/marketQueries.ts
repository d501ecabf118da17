import type { ChainId } from "../chainId.ts";

/**
 * The market read port: tokens, markets, trades, candles, sparklines and native prices.
 * Every method takes one plain-JSON argument and returns plain JSON (numbers, strings, null;
 * never bigint), so the same object serves in process and over HTTP. Parameters arrive already
 * validated and normalized by the API edge (canonical interval keys, seconds for candle bounds,
 * milliseconds for trade bounds); the methods raise `NotFoundError` for unknown markets and
 * tokens and `InvalidParamError` for rules that need the data to judge.
 */

/** Canonical candle interval keys, smallest first. */
export const CANDLE_INTERVALS = [
  "1s",
  "5s",
  "15s",
  "30s",
  "1m",
  "3m",
  "5m",
  "15m",
  "30m",
  "1h",
  "2h",
  "4h",
  "6h",
  "12h",
  "1d",
  "1w",
  "1M",
] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

/** Accepted aliases of candle intervals (responses always echo the canonical key). */
export const CANDLE_INTERVAL_ALIASES: Readonly<Record<string, CandleInterval>> = {
  "7d": "1w",
  "30d": "1M",
  "1min": "1m",
  "5min": "5m",
  "15min": "15m",
  "30min": "30m",
  "60": "1h",
};

/** Sparkline timeframes (`POST /v1/pools/sparklines`, `POST /v1/token/sparklines`). */
export const SPARKLINE_TIMEFRAMES = ["1m", "5m", "30m", "1h", "24h", "7d"] as const;
export type SparklineTimeframe = (typeof SPARKLINE_TIMEFRAMES)[number];

/** Windows of token and market stats. */
export const STATS_WINDOWS = ["5m", "1h", "6h", "24h"] as const;
export type StatsWindow = (typeof STATS_WINDOWS)[number];

export type Quote = "native" | "usd";
export type UsdBasis = "spot" | "trade";

/** A chain and an address (token or pool, by context). */
export type MarketRef = { chain: ChainId; address: string };

/** Where a message sits on the bus: its topic and the id the bus gave it. */
export type BusPosition = { topic: string; id: string };

/**
 * A token's price read after market events the caller saw (`after`): the shard answers only once
 * it applied them (or from the store when it cannot tell soon), so the answer reflects them.
 */
export type TokenPriceQuery = MarketRef & { after?: BusPosition[] };

// ---------------------------------------------------------------- tokens

export type TokenPoolRef = {
  address: string;
  type: string;
  quoteAddress: string;
  quoteSymbol: string | null;
  factory: string | null;
  createdAt: number | null;
};

export type TokenLaunchpad = {
  /** launchpad of origin (registry name) */
  name: string | null;
  /** the bonding-curve market */
  poolAddress: string;
  /** percent of the curve filled, 0 to 100; 100 once graduated; null when unknown */
  bondingProgress: number | null;
  graduated: boolean;
  /** migration time (ms), from the migration event */
  graduatedAt: number | null;
};

export type TokenStats24h = {
  volumeNative: number;
  volumeUsd: number | null;
  buys: number;
  sells: number;
  priceChangePct: number | null;
};

export type TokenMetadata = {
  iconUrl: string | null;
  headerUrl: string | null;
  websiteUrl: string | null;
  twitterUrl: string | null;
  telegramUrl: string | null;
  discordUrl: string | null;
  description: string | null;
  /** null when unknown (no dex-paid provider answered); never a default false */
  dexPaid: boolean | null;
  dexPaidAt: number | null;
};

/** `GET /v1/token` data. */
export type TokenSnapshot = {
  chain: ChainId;
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  nameRank: number | null;
  totalSupply: string | null;
  priceNative: string | null;
  priceUsd: number | null;
  marketCapUsd: number | null;
  fdvUsd: number | null;
  liquidityNative: string | null;
  liquidityUsd: number | null;
  priceNativeAth: string | null;
  liquidityNativeAth: string | null;
  pool: TokenPoolRef | null;
  launchpad: TokenLaunchpad | null;
  deployer: string | null;
  createdAt: number | null;
  stats24h: TokenStats24h;
  metadata: TokenMetadata;
};

/** `GET /v1/token/price` data: the lean price. */
export type TokenPrice = {
  chain: ChainId;
  address: string;
  priceNative: string | null;
  priceUsd: number | null;
  marketCapUsd: number | null;
  liquidityUsd: number | null;
  poolAddress: string | null;
  updatedAt: number | null;
};

/** One row of `GET /v1/token/pools`. */
export type TokenPoolRow = {
  rank: number;
  chain: ChainId;
  address: string;
  type: string;
  factory: string | null;
  exchange: string | null;
  quoteAddress: string;
  quoteSymbol: string | null;
  priceNative: string | null;
  priceUsd: number | null;
  liquidityNative: string | null;
  liquidityUsd: number | null;
  volume24hNative: number;
  volume24hUsd: number | null;
  isLaunchpad: boolean;
  migrated: boolean;
  createdAt: number | null;
  lastTradeAt: number | null;
};

/** Figures of one stats window. */
export type WindowStats = {
  volumeNative: number;
  volumeUsd: number | null;
  buyVolumeNative: number;
  sellVolumeNative: number;
  buys: number;
  sells: number;
  txns: number;
  makers: number;
  priceChangePct: number | null;
};

export type TokenStatsQuery = MarketRef & { pools?: string[] | null; windows: StatsWindow[] };

/** `GET /v1/token/stats` data. */
export type TokenStats = {
  chain: ChainId;
  address: string;
  pools: string[];
  usdBasis: UsdBasis;
  windows: Partial<Record<StatsWindow, WindowStats>>;
};

// ---------------------------------------------------------------- markets

/** Slot `data` of `POST /v1/pool`, body of `GET /v1/pool`. */
export type MarketDefinition = {
  chain: ChainId;
  address: string;
  type: string;
  factory: string | null;
  launchpad: string | null;
  exchange: { name: string; logo: string | null };
  feeBps: number | null;
  token: {
    address: string;
    name: string | null;
    symbol: string | null;
    decimals: number | null;
    totalSupply: string | null;
  };
  quote: { address: string; symbol: string | null };
  priceNative: string | null;
  liquidityNative: string | null;
  isLaunchpad: boolean;
  bondingProgress: number | null;
  migrated: boolean;
  createdAt: number | null;
};

export type PoolDataQuery = MarketRef & { windows: StatsWindow[] };

/** `GET /v1/pool/data` data: current state plus windowed figures of one market. */
export type PoolData = {
  chain: ChainId;
  address: string;
  tokenAddress: string;
  quoteAddress: string;
  priceNative: string | null;
  priceUsd: number | null;
  liquidityNative: string | null;
  liquidityUsd: number | null;
  marketCapUsd: number | null;
  lastTradeAt: number | null;
  usdBasis: UsdBasis;
  windows: Partial<Record<StatsWindow, WindowStats>>;
};

// ---------------------------------------------------------------- trades

export type TradeOrder = "desc" | "asc";
export type WashFilter = "washOnly" | "excludeWash";
export type TradeInclude = "traderTxCounts";

/**
 * A trade tape query. Named filters: `maker` (participant address), `side` (`buy` | `sell`),
 * numeric lower bounds `minAmountToken`, `minVolumeNative`, `minVolumeUsd` (>= 0), `order`
 * (`desc` newest first by default, `asc` oldest first), `wash` (Solana: `washOnly` or
 * `excludeWash`) and `include` (CSV opt-in, `traderTxCounts`).
 */
export type TradeQuery = MarketRef & {
  /** token tapes: restrict to these markets */
  pools?: string[] | null;
  fromAt?: number | null;
  toAt?: number | null;
  cursor?: string | null;
  limit: number;
  maker?: string | null;
  side?: "buy" | "sell" | null;
  minAmountToken?: number | null;
  minVolumeNative?: number | null;
  minVolumeUsd?: number | null;
  order?: TradeOrder;
  wash?: WashFilter | null;
  include?: TradeInclude[];
};

/** Market trade row. */
export type TradeRow = {
  id: string;
  at: number;
  maker: string;
  isBuy: boolean;
  /** whole tokens; null when the token's decimals are unknown */
  amountToken: number | null;
  /** whole quote units; null when the quote's decimals are unknown */
  amountQuote: number | null;
  quoteToken: { address: string; symbol: string | null; name: string | null; decimals: number | null };
  priceNative: number | null;
  priceUsd: number | null;
  volumeNative: number | null;
  volumeUsd: number | null;
  feesNative: number | null;
  isProTrader: boolean | null;
  isSniper: boolean | null;
  isWash: boolean | null;
  preconfirmed: boolean;
  txHash: string;
  block: number;
  logIndex: number;
  poolAddress: string;
  /** with `include=traderTxCounts`: the maker's trade count on the tape's market(s) */
  traderTxCount?: number;
};

/**
 * A trade page, serialized by the query service in this field order: the API cuts the serialized
 * page where `usdBasis` follows the rows and passes the rows on unparsed (`tradePageJson`).
 */
export type TradePage = { data: TradeRow[]; usdBasis: UsdBasis; hasMore: boolean; nextCursor: string | null };

// ---------------------------------------------------------------- candles

export type CandleQuery = MarketRef & {
  interval: CandleInterval;
  limit: number;
  /** unix seconds, inclusive upper bound on candle time */
  endTime?: number | null;
  /** unix seconds, inclusive lower bound on candle time */
  from?: number | null;
  quote: Quote;
  fill: boolean;
};

export type TokenCandleQuery = CandleQuery & { pools?: string[] | null };

/** A candle in the native quote, where every figure is known. */
export type Candle = {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  volumeToken: number;
  trades: number;
};

/**
 * A candle as served. With `quote=usd` the prices and the volume are null for a window whose
 * SOL/USD rate is unknown (before the chain's USD history); `volumeToken` and `trades` never are.
 */
export type PageCandle = Omit<Candle, "open" | "high" | "low" | "close" | "volume"> & {
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
};

/**
 * A candle page, serialized by the query service with `data` first and `interval` right after it:
 * the API cuts the serialized page there and passes the candles on unparsed (`candlePageJson`).
 */
export type CandlePage = {
  data: PageCandle[];
  interval: CandleInterval;
  count: number;
  oldestTime: number | null;
  newestTime: number | null;
  hasMore: boolean;
  nextEndTime?: number;
  pools: string[];
  quote: Quote;
  /** true when the page lies wholly in settled history: it never changes and may be cached */
  immutable: boolean;
  /** when the page was computed (ms) */
  asOf: number;
};

// ---------------------------------------------------------------- sparklines and prices

export type SparklineQuery = MarketRef & { timeframe: SparklineTimeframe; quote: Quote; timestamps: boolean };
export type SparklinePoint = number | { at: number; value: number };

export type NativePrice = {
  symbol: string;
  priceUsd: number;
  source: string;
  stale: boolean;
  updatedAt: number;
};

/** The market read methods a query shard answers. */
export interface MarketQueries {
  tokenSnapshot(q: MarketRef): Promise<TokenSnapshot>;
  tokenPrice(q: TokenPriceQuery): Promise<TokenPrice>;
  tokenPools(q: MarketRef & { limit: number }): Promise<TokenPoolRow[]>;
  tokenStats(q: TokenStatsQuery): Promise<TokenStats>;
  poolDefinition(q: MarketRef): Promise<MarketDefinition>;
  poolData(q: PoolDataQuery): Promise<PoolData>;
  poolTrades(q: TradeQuery): Promise<TradePage>;
  tokenTrades(q: TradeQuery): Promise<TradePage>;
  poolOhlcv(q: CandleQuery): Promise<CandlePage>;
  tokenOhlcv(q: TokenCandleQuery): Promise<CandlePage>;
  /** null for an unknown market (served as `[]`, and not billed); `[]` for a market without data */
  poolSparkline(q: SparklineQuery): Promise<SparklinePoint[] | null>;
  /** null for an unknown token (served as `[]`, and not billed) */
  tokenSparkline(q: SparklineQuery): Promise<SparklinePoint[] | null>;
  nativePrices(): Promise<Record<string, NativePrice>>;
}
