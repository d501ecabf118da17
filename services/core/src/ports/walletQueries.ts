import type { ChainId } from "../chainId.ts";
import type { UsdBasis } from "./marketQueries.ts";

/**
 * The wallet read port: a wallet's swaps and trades, read from the wallet-keyed tables (one
 * wallet's rows live on the shard that owns `walletKey(chain, wallet)`). Plain JSON in and out,
 * parameters already validated by the API edge (the wallet normalized, times in ms).
 */

/** `GET /v1/wallet/swaps` for one wallet (also one item of the POST). */
export type WalletSwapQuery = {
  chain: ChainId;
  wallet: string;
  /** opaque, from a previous page's `nextCursor` */
  cursor: string | null;
  limit: number;
  /** inclusive bounds, ms */
  from: number | null;
  to: number | null;
  /** strictly older than this (ms); not applied with a cursor */
  beforeAt: number | null;
};

/** An asset of a swap side: `amount` in whole units, null (with `decimals`) when the token is unknown. */
export type WalletSwapAssetRow = {
  tokenAddress: string;
  symbol: string | null;
  name: string | null;
  decimals: number | null;
  amount: number | null;
};

export type WalletSwapRouterRow = { programId: string; name?: string };

/** One pool of a swap's route and the exact assets it exchanged. */
export type WalletSwapLegRow = {
  poolAddress: string;
  poolType: string;
  sent: { tokenAddress: string; amount: number | null };
  received: { tokenAddress: string; amount: number | null };
  /** Solana only */
  router?: WalletSwapRouterRow | null;
};

/** Wallet swap row: one transaction, newest first. */
export type WalletSwapRow = {
  id: string;
  at: number;
  chain: ChainId;
  txHash: string;
  block: number;
  sent: WalletSwapAssetRow[];
  received: WalletSwapAssetRow[];
  volumeNative: number | null;
  volumeUsd: number | null;
  feesNative: number | null;
  route: WalletSwapLegRow[];
  /** Solana only: the router of the largest routed leg, null for a direct swap */
  router?: WalletSwapRouterRow | null;
};

export type WalletSwapPage = {
  data: WalletSwapRow[];
  usdBasis: UsdBasis;
  hasMore: boolean;
  nextCursor: string | null;
  /** `at` of the page's oldest swap, null on an empty page */
  oldestAt: number | null;
};

/** `GET /v1/wallet/trades`. */
export type WalletTradeQuery = {
  chain: ChainId;
  wallet: string;
  limit: number;
  /** EVM only: strictly older than this (ms) */
  beforeAt: number | null;
};

/** Wallet trade row: one event per transaction, token and side. Family fields per the contract. */
export type WalletTradeRow = {
  at: number;
  chain: ChainId;
  tokenAddress: string;
  isBuy: boolean;
  amountToken: number | null;
  volumeUsd: number | null;
  txHash: string;
  /** EVM */
  priceNative?: number | null;
  volumeNative?: number | null;
  block?: number;
  logIndex?: number;
  /** Solana */
  tokenSymbol?: string | null;
  priceUsd?: number | null;
  maker?: string;
};

/** Wallet trades, newest first; `oldestAt` on EVM feeds the next `beforeAt`. */
export type WalletTradePage = { data: WalletTradeRow[]; oldestAt?: number | null };

export interface WalletQueries {
  walletSwaps(q: WalletSwapQuery): Promise<WalletSwapPage>;
  walletTrades(q: WalletTradeQuery): Promise<WalletTradePage>;
}
