import type { ChainId } from "../chainId.ts";

/**
 * The wallet portfolio port: open positions with their cost basis and value, and closed
 * positions. Plain JSON in and out, parameters validated by the API edge (wallet and token
 * addresses normalized against the chain).
 */

/** Bounds of the portfolio endpoints (the contract's). */
export const PORTFOLIO_LIMITS = {
  tokensMax: 50,
  positionsLimitMax: 500,
  closedLimitMax: 100,
  closedLimitDefault: 30,
  minValueUsdDefault: 0.05,
} as const;

/** `GET /v1/wallet/positions`. */
export type WalletPositionQuery = {
  chain: ChainId;
  wallet: string;
  /** only these tokens (rows and summary); null: every token */
  tokens: string[] | null;
  minValueUsd: number;
  includeNative: boolean;
  includeStables: boolean;
  /** null: every row */
  limit: number | null;
  offset: number;
};

export type PositionKind = "position" | "native" | "stable";

/** Wallet position row (the contract's fields). */
export type WalletPositionRow = {
  chain: ChainId;
  address: string;
  symbol: string;
  name: string;
  iconUrl: string | null;
  kind: PositionKind;
  decimals: number;
  amount: string;
  amountUsd: number | null;
  entryPriceUsd: number | null;
  entryPriceLifetimeUsd: number | null;
  currentPriceUsd: number | null;
  marketCapUsd: number | null;
  exitPriceUsd: number | null;
  /** null on native and stable rows, which carry no PnL */
  realizedPnlUsd: number | null;
  unrealizedPnlUsd: number | null;
  /** null on native and stable rows */
  totalPnlUsd: number | null;
  boughtTokens: string;
  soldTokens: string;
  boughtUsd: number;
  soldUsd: number;
  buys: number;
  sells: number;
  firstTradeAt: number | null;
  lastTradeAt: number | null;
  holdingSince: number | null;
  buyFeesUsd: number | null;
  sellFeesUsd: number | null;
  totalFeesUsd: number | null;
  labels: string[];
};

export type WalletPositionSummary = {
  totalValueUsd: number;
  realizedPnlUsd: number;
  unrealizedPnlUsd: number;
  totalPnlUsd: number;
  positions: number;
};

/**
 * A positions page, or `unavailable` when the chain's node could not read the holdings (the API
 * answers 503 with Retry-After; a page with holdings missing is never served).
 */
export type WalletPositionPage =
  | { data: WalletPositionRow[]; asOf: number; hasMore: boolean; summary: WalletPositionSummary }
  | { unavailable: { retryAfterMs: number; reason: string } };

/** `GET /v1/wallet/closed-positions` for one chain. */
export type WalletClosedPositionQuery = {
  chain: ChainId;
  wallet: string;
  tokens: string[] | null;
  sort: "lastTradeAt" | "pnl";
  /** rows wanted from the start of the sorted list (offset + limit + 1: the API cuts the page) */
  take: number;
};

/** Closed position row (the contract's fields). */
export type WalletClosedPositionRow = {
  chain: ChainId;
  address: string;
  symbol: string;
  name: string;
  iconUrl: string | null;
  decimals: number;
  totalBuyUsd: number;
  totalSellUsd: number;
  totalBuyNative: number;
  totalSellNative: number;
  realizedPnlUsd: number;
  realizedPnlNative: number;
  realizedPnlPercent: number;
  buyCount: number;
  sellCount: number;
  lastTradeAt: number;
  buyFeesUsd: number | null;
  sellFeesUsd: number | null;
  totalFeesUsd: number | null;
};

/** The first `take` closed positions of one chain, sorted; `asOf` is the snapshot's time. */
export type WalletClosedPositionList = { data: WalletClosedPositionRow[]; asOf: number; total: number };

/**
 * Closed positions order: newest exit first (`lastTradeAt`) or largest realized PnL first
 * (`pnl`); ties by chain, then address, so pages cut from one snapshot never overlap.
 */
export function closedPositionOrder(
  sort: WalletClosedPositionQuery["sort"],
): (a: WalletClosedPositionRow, b: WalletClosedPositionRow) => number {
  return (a, b) => {
    const d = sort === "pnl" ? b.realizedPnlUsd - a.realizedPnlUsd : b.lastTradeAt - a.lastTradeAt;
    if (d !== 0) return d;
    if (a.chain !== b.chain) return a.chain < b.chain ? -1 : 1;
    return a.address < b.address ? -1 : a.address > b.address ? 1 : 0;
  };
}

export interface PortfolioQueries {
  walletPositions(q: WalletPositionQuery): Promise<WalletPositionPage>;
  walletClosedPositions(q: WalletClosedPositionQuery): Promise<WalletClosedPositionList>;
  walletPnl(q: WalletPnlQuery): Promise<WalletPnl>;
  walletEquityHistory(q: WalletEquityQuery): Promise<WalletEquityHistory>;
}

/** Bounds of `GET /v1/wallet/pnl`: days of one curve, and the default span. */
export const PNL_LIMITS = { daysMax: 366, daysDefault: 30 } as const;

/** `GET /v1/wallet/pnl`: the curve's first and last UTC day (ms of each day's midnight), inclusive. */
export type WalletPnlQuery = { chain: ChainId; wallet: string; fromDay: number; toDay: number };

/** One UTC day of a wallet's PnL curve. */
export type WalletPnlDay = {
  /** the day's midnight, UTC (ms) */
  at: number;
  /** realized by the day's sells */
  realizedPnlUsd: number;
  /** the open bags at the day's close, valued at their main pool's close, minus their cost */
  unrealizedPnlUsd: number;
  /** tokens with an open bag at the day's close */
  openPositions: number;
  /** open bags left out of `unrealizedPnlUsd`: no close price (or decimals) known for their token */
  unvaluedPositions: number;
  /** the wallet's trade events of the day */
  trades: number;
};

export type WalletPnlSummary = {
  /** realized over the curve's days */
  realizedPnlUsd: number;
  /** at the last day's close */
  unrealizedPnlUsd: number;
  totalPnlUsd: number;
  boughtUsd: number;
  soldUsd: number;
  trades: number;
  /** tokens whose sells realized a gain over the curve's days */
  wins: number;
  /** tokens whose sells realized a loss (or nothing) over the curve's days */
  losses: number;
  /** wins over wins plus losses, in percent; null when no sell realized anything */
  winRatePct: number | null;
};

export type WalletPnl = {
  days: WalletPnlDay[];
  summary: WalletPnlSummary;
  asOf: number;
  usdBasis: "spot" | "trade";
};

/**
 * Bounds of `GET /v1/wallet/equity/history`: the longest range, the most points of one answer,
 * the default range (the last 24 hours), and the spacings a range is sampled at (the finest that
 * keeps the points within `pointsMax`).
 */
export const EQUITY_LIMITS = {
  rangeMaxMs: 366 * 86_400_000,
  pointsMax: 500,
  rangeDefaultMs: 86_400_000,
  stepsMs: [60_000, 300_000, 900_000, 3_600_000, 14_400_000, 86_400_000],
} as const;

/**
 * `GET /v1/wallet/equity/history`: points at `to`, `to - stepMs`, `to - 2 stepMs`, ... while at
 * or after `from` (minute starts, ms), served oldest first.
 */
export type WalletEquityQuery = { chain: ChainId; wallet: string; from: number; to: number; stepMs: number };

export type WalletEquityPoint = { at: number; valueUsd: number };

export type WalletEquityHistory = {
  /** oldest first */
  points: WalletEquityPoint[];
  /** the latest recorded balances at the latest prices */
  currentValueUsd: number;
  asOf: number;
  /** tokens held at some point (or now) whose USD price was unknown there: left out of that value */
  unvaluedTokens: string[];
  /** points whose value leaves out a held token of unknown price */
  partialPoints: number;
  /** Solana: the block time of the wallet's first logged lamports change, from which its SOL is counted; null when never logged (and on EVM) */
  nativeKnownFrom: number | null;
  /** the native coin's balance is counted at every point (Solana, known from before the first point's minute end) */
  nativeIncluded: boolean;
};

/** The finest spacing of `EQUITY_LIMITS.stepsMs` that keeps `[from, to]` within `pointsMax` points. */
export function equityStepMs(from: number, to: number): number {
  const fits = EQUITY_LIMITS.stepsMs.find((s) => Math.floor((to - from) / s) + 1 <= EQUITY_LIMITS.pointsMax);
  return fits ?? Math.max(...EQUITY_LIMITS.stepsMs);
}

/** The points of an equity history, oldest first: `to`, `to - stepMs`, ... while at or after `from`. */
export function equityPointTimes(q: Pick<WalletEquityQuery, "from" | "to" | "stepMs">): number[] {
  const n = Math.floor((q.to - q.from) / q.stepMs) + 1;
  return Array.from({ length: n }, (_, i) => q.to - (n - 1 - i) * q.stepMs);
}
