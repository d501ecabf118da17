import type { Chain } from "../generated/crdTypes.ts";

/** The BullMQ queue backfill requests go to, and the job names the jobs workers handle. */
export const BACKFILL_QUEUE = "backfill";
export const BACKFILL_JOB = "backfill-chain";
export const CANCEL_BACKFILL_JOB = "cancel-backfill";

/** What a backfill job asks the jobs workers to do: fill `[fromBlock, where live ingest began)` in ranges. */
export type BackfillRequest = {
  chain: string;
  chainName: string;
  namespace: string;
  fromBlock: number;
  blocksPerJob: number;
};

/**
 * The backfill a Chain asks for, with its idempotency id, or null when its policy asks for none.
 * The id is derived from the chain's uid, start block and range size, so the job is enqueued again
 * exactly when the start block or the backfill policy changes (BullMQ ignores an id it already holds).
 */
export function desiredBackfill(chain: Chain): { jobId: string; request: BackfillRequest } | null {
  const { backfill, startBlock, chainId } = chain.spec;
  if (!backfill || backfill.mode === "None" || startBlock === undefined) return null;
  const blocksPerJob = backfill.blocksPerJob ?? 2000;
  const uid = (chain.metadata.uid ?? "").replace(/-/g, "").slice(0, 12);
  // BullMQ job ids may not contain ':'.
  const jobId = `backfill-${chainId.replace(/:/g, "-")}-${uid}-${startBlock}-${blocksPerJob}`;
  return {
    jobId,
    request: {
      chain: chainId,
      chainName: chain.metadata.name as string,
      namespace: chain.metadata.namespace as string,
      fromBlock: startBlock,
      blocksPerJob,
    },
  };
}
