import type {
  ChainId,
  PoolRecord,
  TokenRecord,
  TradeRecord,
  WalletFundingRecord,
  WalletSwapRecord,
} from "@tapeline/core";

/** A block the batch covers, kept while unfinalized for reorg detection (Solana: a slot). */
export type IngestBlock = { number: bigint; hash: string; parentHash: string; at: number };

/** Native coin price in USD for one minute (`minute` is the minute start, unix ms). */
export type NativePricePoint = { minute: number; priceUsd: string; source: string };

/** The chain's ingest progress, written in the same transaction as the rows it covers. */
export type IngestCheckpoint = {
  block: bigint;
  blockHash: string | null;
  headBlock: bigint | null;
  headAt: number | null;
};

/**
 * One holder's net change of one tracked token's balance in one transaction (raw units; EVM:
 * from the token's Transfer logs; Solana: from the transaction's pre/post token balances of the
 * accounts the holder owns).
 */
export type BalanceChange = {
  token: string;
  holder: string;
  block: bigint;
  /** the transaction's position in its block */
  seq: number;
  /** block time, unix ms (null when the source gave none) */
  at: number | null;
  txHash: string;
  delta: bigint;
  /**
   * Solana: the holder's token accounts of the token the transaction touched, with their post
   * amounts; the writer then moves the holder by each post minus the account's stored amount
   * (zero for an account first seen), so an account's balance from before tracking counts, and
   * `delta` is recomputed. Null on EVM, where balances start at zero from the token's creation.
   */
  accounts: { account: string; post: bigint }[] | null;
};

/**
 * Balances of the batch: `tracked` are tokens whose balances are kept from this batch on (at the
 * batch's block, the rollback point that forgets them), `changes` their holders' changes.
 */
export type BalanceBatch = { tracked: { token: string; block: bigint }[]; changes: BalanceChange[] };

/**
 * Everything one ingest step writes, chain-agnostic: on EVM a block is a block, `txHash` a
 * transaction hash and `logIndex` the log index; on Solana a block is a slot, `txHash` the
 * signature and `logIndex` the instruction index.
 *
 * Trades feed candle buckets only when their `priceNative` is known and the decimals of their
 * token and quote are known (stored, or in `tokens` of the same batch).
 * A backfill batch leaves `checkpoint` out (the live tail owns it) and usually `blocks` empty.
 */
export type IngestBatch = {
  chain: ChainId;
  blocks: IngestBlock[];
  trades: TradeRecord[];
  /**
   * The batch's swaps seen from each maker. Wallet trade events are derived from `trades`
   * whether or not the family builds these.
   */
  walletSwaps?: WalletSwapRecord[];
  pools: PoolRecord[];
  tokens: TokenRecord[];
  nativePrices?: NativePricePoint[];
  /** balance changes of tracked tokens (see "Token balances" in the writer README) */
  balances?: BalanceBatch;
  /** native transfers that funded a new account (the earliest per wallet is kept) */
  walletFundings?: WalletFundingRecord[];
  checkpoint?: IngestCheckpoint;
};

/** What a write changed: only newly inserted trades count (a rewrite inserts nothing). */
export type WriteBatchResult = {
  /** ids of the trades this call inserted, in batch order */
  insertedTradeIds: string[];
  /** candle bucket rows inserted or merged */
  bucketsTouched: number;
  /** market keys of the pools this call stored for the first time */
  newMarkets: string[];
};

/** What a rollback removed. */
export type RollbackResult = {
  chain: ChainId;
  ancestorBlock: bigint;
  tradesDeleted: number;
  /** wallet swap and wallet trade rows removed */
  walletRowsDeleted: number;
  /** balance change rows removed */
  balanceChangesDeleted: number;
  /** markets whose trades, buckets or pool state changed */
  markets: string[];
  /** every touched market still known before the rollback, with the ids of its removed trades */
  orphaned: { market: string; pool: string; token: string; tradeIds: string[] }[];
};
