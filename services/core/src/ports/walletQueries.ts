import type { ChainId } from "../chainId.ts";
import type { JsonText } from "../JsonText.ts";

/**
 * The wallet read port: a wallet's swaps and trades, read from the wallet-keyed tables (one
 * wallet's rows live on the shard that owns `walletKey(chain, wallet)`). Plain JSON in and out
 * (a swap page as JSON text), parameters already validated by the API edge (the wallet
 * normalized, times in ms).
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
  /**
   * One page of the wallet's swaps as the text `walletSwapPageJson` writes (the spec's rows, in
   * the batch slot's shape), passed on to the client without being parsed.
   */
  walletSwaps(q: WalletSwapQuery): Promise<JsonText>;
  walletTrades(q: WalletTradeQuery): Promise<WalletTradePage>;
}
