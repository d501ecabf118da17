import type { SolanaAccountInfo } from "../SolanaAccountReader.ts";

/**
 * A confirmed Solana block as the ingest needs it: the node's getBlock result with full
 * transaction details in `json` encoding. `blockhash` is null only when the source does not
 * know it (recorded transactions without their block).
 */
export type SolanaBlock = {
  slot: bigint;
  parentSlot: bigint | null;
  blockhash: string | null;
  previousBlockhash: string | null;
  /** unix seconds, null when unknown */
  blockTime: number | null;
  /** getBlock transaction entries: `{ transaction, meta, version }` */
  transactions: unknown[];
};

/**
 * Where Solana blocks come from. The JSON-RPC implementation polls `getSlot` / `getBlock`; a
 * Geyser (Yellowstone gRPC) source implements the same two calls over its stream (the head it
 * has seen, and the block it buffered for a slot), so the worker does not change.
 */
export type SolanaSource = {
  /** the highest confirmed slot */
  getSlot(): Promise<bigint>;
  /**
   * Slots from `from` on (inclusive) that have a confirmed block, ascending, at most `limit`
   * (JSON-RPC `getBlocksWithLimit`): skipped slots are never asked for.
   */
  getBlockSlots(from: bigint, limit: number): Promise<bigint[]>;
  /** the block at `slot`, or null when the slot was skipped (no block will ever exist there) */
  getBlock(slot: bigint): Promise<SolanaBlock | null>;
  /**
   * The blocks at `slots`, in order (null for a skipped slot), fetched together where the
   * source can (JSON-RPC batches). Optional: without it the worker calls `getBlock` per slot.
   */
  getBlocks?(slots: bigint[]): Promise<(SolanaBlock | null)[]>;
  /** An account's owner and data, null when it does not exist. Optional (a `SolanaAccountReader`). */
  getAccountInfo?(address: string): Promise<SolanaAccountInfo | null>;
  close(): Promise<void>;
};
