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
}
