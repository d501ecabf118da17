import type { ChainId } from "../chainId.ts";

/**
 * The wallet funding read port: who first funded a wallet (the earliest native transfer into it,
 * recorded by ingest, `wallet_funding`, keyed by wallet). Plain JSON in and out.
 */

/** Bounds of the funding batch: wallets per call, and of them on Solana. */
export const FUNDING_LIMITS = { itemsMax: 100, solanaItemsMax: 20 } as const;

/** `data` of `GET /v1/wallet/funding`. */
export type WalletFunding = {
  chain: ChainId;
  funder: string;
  fundedAt: number;
  txHash: string;
  /** integer string in the chain's smallest native unit (wei, lamports) */
  amountNative: string;
  /** entity tag of the funder (exchange, bridge) from the label set; null when not listed */
  funderTag: string | null;
};

/** The funding read methods a query shard answers. */
export interface FundingQueries {
  /** @throws NotFoundError when no funding of the wallet is recorded */
  walletFunding(q: { chain: ChainId; wallet: string }): Promise<WalletFunding>;
}

/** One funding as ingest records it (the earliest kept per wallet). */
export type WalletFundingRecord = {
  chain: ChainId;
  wallet: string;
  funder: string;
  fundedAt: number;
  block: bigint;
  /** the transaction's index in its block */
  txIndex: number;
  /** the transfer's instruction (Solana) or trace (EVM) position in its transaction */
  position: number;
  txHash: string;
  amountNative: bigint;
};
