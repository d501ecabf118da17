import type { ChainId } from "../chainId.ts";

/**
 * Names of the backfill work as it crosses services. The operator enqueues `backfill-chain` and
 * `cancel-backfill` on {@link BACKFILL_QUEUE}; the jobs workers forward a request to the chain's
 * own queue ({@link chainBackfillQueue}), which only that chain's ingest worker (holding its RPC
 * endpoints) consumes: it plans the ranges there and runs them.
 */
export const BACKFILL_QUEUE = "backfill";

/** Job names on the backfill queues. */
export const BackfillJobs = {
  /** a chain's history from `fromBlock` up to where live ingest began, in ranges of `blocksPerJob` */
  chain: "backfill-chain",
  /** drops the chain's pending backfill work */
  cancel: "cancel-backfill",
  /** one inclusive block range of an EVM chain (on the chain's queue) */
  evmRange: "evm-backfill",
} as const;

/** What `backfill-chain` carries. */
export type BackfillChainRequest = {
  chain: string;
  chainName: string;
  namespace: string;
  fromBlock: number;
  blocksPerJob: number;
};

/** The queue of one chain's backfill work (BullMQ queue names cannot contain ":"). */
export function chainBackfillQueue(chain: ChainId): string {
  return `ingest-backfill-${chain.replace(/:/g, "-")}`;
}
