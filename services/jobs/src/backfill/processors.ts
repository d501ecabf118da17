import { BackfillJobs, chainBackfillQueue, NonRetryableJobError, parseChainId } from "@tapeline/core";
import type { ProcessorMap } from "../index.ts";
import { parseBackfillChainRequest } from "./parseBackfillChainRequest.ts";

/**
 * The operator's backfill requests (queue `backfill`). A chain's history is read through its own
 * RPC endpoints, which only its ingest worker holds, so `backfill-chain` is forwarded to the
 * chain's queue, where the worker plans and runs the ranges; `cancel-backfill` drops what is
 * still pending there.
 */
export const backfillProcessors: ProcessorMap = {
  async [BackfillJobs.chain](job, deps) {
    const req = parseBackfillChainRequest(job.data);
    if (req.chain === "solana")
      throw new NonRetryableJobError("backfill-chain: history backfill is implemented for EVM chains only");
    const queue = chainBackfillQueue(req.chain);
    // one plan per start block and range size: a repeated request is the same job
    const jobId = `plan-${req.chain}-${req.fromBlock}-${req.blocksPerJob}`;
    await deps.queue.enqueue(queue, BackfillJobs.chain, req, { jobId, attempts: 20, backoffMs: 5000 });
    deps.ctx.logger.info({ chain: req.chain, queue, jobId, fromBlock: req.fromBlock }, "backfill forwarded");
    return { queue, jobId };
  },

  async [BackfillJobs.cancel](job, deps) {
    const data = (job.data ?? {}) as { chain?: unknown };
    let chain: ReturnType<typeof parseChainId>;
    try {
      chain = parseChainId(data.chain, "chain");
    } catch {
      throw new NonRetryableJobError(`cancel-backfill: bad chain ${JSON.stringify(data.chain)}`);
    }
    if (!deps.drainQueue) throw new Error("cancel-backfill needs a BullMQ connection (drainQueue)");
    const queue = chainBackfillQueue(chain);
    const removed = await deps.drainQueue(queue);
    deps.ctx.logger.info({ chain, queue, removed }, "pending backfill dropped");
    return { queue, removed };
  },
};
