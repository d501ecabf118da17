import type { ChainId } from "../chainId.ts";
import type { UsdBasis } from "./marketQueries.ts";

/**
 * The trader read port: who traded a market, ranked over a window from the trader rollups
 * (`trader_buckets`, keyed by market, so one market's ranking is one shard's query). Plain JSON
 * in and out; parameters already validated by the API edge.
 */

/** Windows of `GET /v1/pool/top-traders`, with their length. */
export const TOP_TRADER_TIMEFRAMES = ["1h", "4h", "1d", "7d", "30d"] as const;
export type TopTraderTimeframe = (typeof TOP_TRADER_TIMEFRAMES)[number];
export const TOP_TRADER_TIMEFRAME_MS: Readonly<Record<TopTraderTimeframe, number>> = {
  "1h": 3_600_000,
  "4h": 4 * 3_600_000,
  "1d": 86_400_000,
  "7d": 7 * 86_400_000,
  "30d": 30 * 86_400_000,
};

/** Orders of the ranking: realized native cashflow, native bought, native sold, trade count. */
export const TOP_TRADER_SORTS = ["pnl", "bought", "sold", "txns"] as const;
export type TopTraderSort = (typeof TOP_TRADER_SORTS)[number];

/** Bounds of `GET /v1/pool/top-traders`. */
export const TOP_TRADER_LIMITS = { limitMax: 100, limitDefault: 20 } as const;

export type TopTradersQuery = {
  chain: ChainId;
  /** pool address */
  address: string;
  timeframe: TopTraderTimeframe;
  sortBy: TopTraderSort;
  order: "desc" | "asc";
  limit: number;
};

/** One ranked wallet. Native and USD figures are null when a trade of the window had no value. */
export type TopTraderRow = {
  rank: number;
  address: string;
  buys: number;
  sells: number;
  /** whole tokens, exact; null when the token's decimals are unknown */
  boughtTokens: string | null;
  soldTokens: string | null;
  openTokens: string | null;
  boughtNative: number | null;
  soldNative: number | null;
  boughtUsd: number | null;
  soldUsd: number | null;
  positionValueNative: number | null;
  positionValueUsd: number | null;
  unrealizedPnlNative: number | null;
  unrealizedPnlUsd: number | null;
  totalPnlNative: number | null;
  totalPnlUsd: number | null;
  realizedPnlNative: number | null;
  realizedPnlUsd: number | null;
  avgBuyPriceNative: number | null;
  winRatePct: number | null;
  isDev: boolean | null;
  isSniper: boolean | null;
  isProTrader: boolean | null;
  firstTradeAt: number;
  lastTradeAt: number;
};

export type TopTradersPage = {
  data: TopTraderRow[];
  asOf: number;
  usdBasis: UsdBasis;
  sortBy: TopTraderSort;
  order: "desc" | "asc";
  timeframe: TopTraderTimeframe;
  /** distinct wallets that traded the market in the window */
  traderCount: number;
};

/**
 * A token's launch as the trade badges judge it (see `launchLabels`), with what tells whether a
 * later trade can still change it: a trade after both sniper windows (later than `firstTradeAt` +
 * `SNIPER_WINDOW_MS` and past block `createdBlock` + `SNIPER_WINDOW_BLOCKS`) or one arriving
 * once the launch is `full` makes no new sniper.
 */
export type TokenLaunchLabels = {
  /** wallets that sniped the launch (at most `LAUNCH_TRADES_MAX`) */
  snipers: string[];
  /** time of the first market's first trade; null before it has one */
  firstTradeAt: number | null;
  /** the first market's creation block (slot); null when not recorded */
  createdBlock: number | null;
  /** the launch was judged on `LAUNCH_TRADES_MAX` trades: later trades are outside it */
  full: boolean;
  /** the token's deployer, left out of the snipers; null until the creation lookup records it */
  deployer: string | null;
};

/**
 * Timeframes of `GET /v1/token/top-traders`: `all` (lifetime, the default, with position figures)
 * and the market ranking's windows.
 */
export const TOKEN_TOP_TRADER_TIMEFRAMES = ["all", ...TOP_TRADER_TIMEFRAMES] as const;
export type TokenTopTraderTimeframe = (typeof TOKEN_TOP_TRADER_TIMEFRAMES)[number];

export type TokenTopTradersQuery = Omit<TopTradersQuery, "timeframe"> & {
  /** token address */
  address: string;
  timeframe: TokenTopTraderTimeframe;
};

export type TokenTopTradersPage = Omit<TopTradersPage, "timeframe"> & {
  timeframe: TokenTopTraderTimeframe;
  /** the markets of the token summed (pool addresses) */
  pools: string[];
};

/** The trader read methods a query shard answers. */
export interface TraderQueries {
  poolTopTraders(q: TopTradersQuery): Promise<TopTradersPage>;
  /** The launch labels of a token, read now; null when the token has no stored market. */
  tokenLaunchLabels(q: { chain: ChainId; address: string }): Promise<TokenLaunchLabels | null>;
  /** The `proTrader` badge of each given wallet the badge job has judged (others are absent). */
  proTraders(q: { chain: ChainId; wallets: string[] }): Promise<Record<string, boolean>>;
  tokenTopTraders(q: TokenTopTradersQuery): Promise<TokenTopTradersPage>;
}

/** Most wallets one `proTraders` call asks about. */
export const PRO_TRADERS_WALLETS_MAX = 500;
