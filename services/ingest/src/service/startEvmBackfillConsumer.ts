import {
  BackfillJobs,
  type Context,
  chainBackfillQueue,
  type Job,
  type JobQueue,
  NonRetryableJobError,
  TapelineError,
} from "@tapeline/core";
import { planEvmBackfillJobs } from "../evm/backfillRange.ts";
import { createEvmBackfillProcessor, EVM_BACKFILL_JOB } from "../evm/createEvmBackfillProcessor.ts";
import type { EvmIngestDeps } from "../evm/createEvmIngest.ts";

/** Live ingest has not recorded where it began yet; the plan is retried. */
export class LiveStartUnknownError extends TapelineError {
  override name = "LiveStartUnknownError";
  override readonly retryable = true;
}

/**
 * Consumes the chain's own backfill queue ({@link chainBackfillQueue}), where the jobs workers
 * forward the operator's `backfill-chain` requests: a request is planned into `evm-backfill`
 * ranges covering [fromBlock, where live ingest began) on the same queue, and each range runs
 * through the ingest pipeline with this worker's endpoints (idempotent; the live checkpoint is
 * never moved; nothing is published on the bus).
 * @returns a handle whose `close` lets the running range finish.
 */
export async function startEvmBackfillConsumer(opts: {
  ctx: Context;
  queue: JobQueue;
  deps: EvmIngestDeps;
  concurrency: number;
}): Promise<{ close(): Promise<void> }> {
  const { ctx, queue, deps } = opts;
  const chain = deps.cfg.chain;
  const name = chainBackfillQueue(chain);
  const logger = ctx.logger.child({ component: "backfill", chain, queue: name });
  const runRange = createEvmBackfillProcessor({
    depsFor: (c) =>
      c === chain
        ? { cfg: deps.cfg, rpc: deps.rpc, db: deps.db, native: deps.native, onStage: deps.onStage }
        : undefined,
    onProgress: (jobId, p) =>
      logger.debug({ jobId, done: p.blocksDone, total: p.totalBlocks, etaMs: p.etaMs }, "backfill progress"),
  });

  async function plan(job: Job<unknown>): Promise<{ jobs: number }> {
    const data = (job.data ?? {}) as { fromBlock?: unknown; blocksPerJob?: unknown };
    const { fromBlock, blocksPerJob } = data;
    if (typeof fromBlock !== "number" || !Number.isSafeInteger(fromBlock) || fromBlock < 0)
      throw new NonRetryableJobError(`backfill-chain: bad fromBlock ${JSON.stringify(fromBlock)}`);
    if (typeof blocksPerJob !== "number" || !Number.isSafeInteger(blocksPerJob) || blocksPerJob < 1)
      throw new NonRetryableJobError(`backfill-chain: bad blocksPerJob ${JSON.stringify(blocksPerJob)}`);
    const res = await deps.db.query<{ block: string }>(
      "select block from ingest_live_starts where chain_id = $1",
      [chain],
    );
    if (!res.rows[0]) throw new LiveStartUnknownError(`${chain}: live ingest has not begun yet`);
    const liveStart = BigInt(res.rows[0].block);
    const ranges = planEvmBackfillJobs(chain, BigInt(fromBlock), liveStart - 1n, blocksPerJob);
    for (const r of ranges)
      await queue.enqueue(name, EVM_BACKFILL_JOB, r.data, { jobId: r.jobId, attempts: 10, backoffMs: 5000 });
    logger.info(
      { fromBlock, liveStart: liveStart.toString(), jobs: ranges.length },
      ranges.length > 0 ? "backfill planned" : "nothing to backfill before the live start",
    );
    return { jobs: ranges.length };
  }

  const worker = await queue.process(
    name,
    async (job) => {
      if (job.name === BackfillJobs.chain) return plan(job);
      if (job.name === EVM_BACKFILL_JOB) {
        const p = await runRange(job as Parameters<typeof runRange>[0]);
        logger.info(
          { from: p.fromBlock.toString(), to: p.toBlock.toString(), inserted: p.insertedTrades },
          "backfill range done",
        );
        return { blocks: p.blocksDone, insertedTrades: p.insertedTrades };
      }
      throw new NonRetryableJobError(`no processor for job ${job.name} on ${name}`);
    },
    { concurrency: opts.concurrency },
  );
  logger.info({ concurrency: opts.concurrency }, "backfill consumer started");
  return worker;
}
