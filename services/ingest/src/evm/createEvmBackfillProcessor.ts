import { type ChainId, type Job, NonRetryableJobError } from "@tapeline/core";
import { type BackfillProgress, backfillRange, type EvmBackfillJobData } from "./backfillRange.ts";
import type { EvmIngestDeps } from "./createEvmIngest.ts";

/** Queue and job name the EVM backfill jobs use. */
export const EVM_BACKFILL_QUEUE = "ingest-backfill";
export const EVM_BACKFILL_JOB = "evm-backfill";

/**
 * A job processor for {@link EvmBackfillJobData} (queue {@link EVM_BACKFILL_QUEUE}): runs the
 * range through {@link backfillRange} with the chain's dependencies and reports progress
 * (blocks done, rate, ETA) as it goes. Re-running a job (a retry, a duplicate) writes nothing
 * twice. A chain this process does not serve, or a malformed range, is not retried.
 */
export function createEvmBackfillProcessor(opts: {
  depsFor: (chain: ChainId) => EvmIngestDeps | undefined;
  onProgress?: (jobId: string, progress: BackfillProgress) => void | Promise<void>;
}): (job: Job<EvmBackfillJobData>) => Promise<BackfillProgress> {
  return async (job) => {
    const deps = opts.depsFor(job.data.chain);
    if (!deps) throw new NonRetryableJobError(`no EVM ingest configured for ${job.data.chain}`);
    let from: bigint;
    let to: bigint;
    try {
      from = BigInt(job.data.fromBlock);
      to = BigInt(job.data.toBlock);
    } catch {
      throw new NonRetryableJobError(`bad block range ${job.data.fromBlock}-${job.data.toBlock}`);
    }
    if (from < 0n || to < from) throw new NonRetryableJobError(`bad block range ${from}-${to}`);
    return backfillRange(deps, from, to, { onProgress: (p) => opts.onProgress?.(job.id, p) });
  };
}
