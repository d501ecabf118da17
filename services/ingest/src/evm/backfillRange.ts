import type { ChainId } from "@tapeline/core";
import { createEvmIngest, type EvmIngestDeps } from "./createEvmIngest.ts";
import { runRangePipeline } from "./runRangePipeline.ts";

/** Blocks of a backfill's first range; later ones follow {@link nextStep}. */
const FIRST_STEP_BLOCKS = 10;
/** Swaps a backfill range aims at: big enough to amortize its calls, small enough to pipeline. */
const SWAPS_PER_RANGE = 2_000;

/**
 * Blocks of the next range from the last one's density: about {@link SWAPS_PER_RANGE} swaps,
 * growing at most fourfold per step, within [1, maxStep].
 */
export function nextStep(blocks: number, swaps: number, maxStep: number): number {
  const aimed = swaps === 0 ? blocks * 4 : Math.floor((blocks * SWAPS_PER_RANGE) / swaps);
  return Math.max(1, Math.min(maxStep, blocks * 4, aimed));
}

/** The payload of one backfill job: an inclusive block range of one chain (decimal strings). */
export type EvmBackfillJobData = { chain: ChainId; fromBlock: string; toBlock: string };

/** Progress of a backfill, reported after every step. */
export type BackfillProgress = {
  chain: ChainId;
  fromBlock: bigint;
  toBlock: bigint;
  blocksDone: number;
  totalBlocks: number;
  blocksPerSecond: number;
  /** estimated time left at the current rate; null before the first step */
  etaMs: number | null;
  swaps: number;
  insertedTrades: number;
};

/**
 * Splits [fromBlock, toBlock] into backfill jobs of at most `blocksPerJob` blocks. The job id is
 * keyed by chain and range, so enqueueing the same plan twice adds nothing (BullMQ dedupes ids).
 */
export function planEvmBackfillJobs(
  chain: ChainId,
  fromBlock: bigint,
  toBlock: bigint,
  blocksPerJob: number,
): { jobId: string; data: EvmBackfillJobData }[] {
  const out: { jobId: string; data: EvmBackfillJobData }[] = [];
  for (let a = fromBlock; a <= toBlock; a += BigInt(blocksPerJob)) {
    const b = a + BigInt(blocksPerJob) - 1n < toBlock ? a + BigInt(blocksPerJob) - 1n : toBlock;
    out.push({
      jobId: `evm-backfill:${chain}:${a}-${b}`,
      data: { chain, fromBlock: a.toString(), toBlock: b.toString() },
    });
  }
  return out;
}

/**
 * Ingests a historical block range through the same pipeline as the live tail (decoders,
 * discovery, pricing, writer), in steps of at most `cfg.maxBlockRange` blocks, fewer where
 * blocks are dense ({@link nextStep}). Idempotent: trades are
 * keyed by transaction hash and log index, so ranges the live tail or another job already wrote
 * add nothing and double nothing; the live checkpoint is never moved, and pool state only moves
 * forward. Meant to be called by a BullMQ job processor with {@link EvmBackfillJobData}.
 * Its in-memory state is its own, so it never disturbs the live worker's.
 */
export async function backfillRange(
  deps: EvmIngestDeps,
  fromBlock: bigint,
  toBlock: bigint,
  opts: { onProgress?: (p: BackfillProgress) => void | Promise<void>; signal?: AbortSignal } = {},
): Promise<BackfillProgress> {
  const ingest = createEvmIngest(deps);
  const started = Date.now();
  const totalBlocks = Number(toBlock - fromBlock + 1n);
  const maxStep = deps.cfg.maxBlockRange;
  // Ranges are sized by the swaps they hold, not only by blocks: a range of dense blocks would
  // otherwise be one huge step with nothing to overlap its write with.
  let step = Math.min(FIRST_STEP_BLOCKS, maxStep);
  const progress: BackfillProgress = {
    chain: deps.cfg.chain,
    fromBlock,
    toBlock,
    blocksDone: 0,
    totalBlocks,
    blocksPerSecond: 0,
    etaMs: null,
    swaps: 0,
    insertedTrades: 0,
  };
  let next = fromBlock;
  // Range r+1 is read and decoded while range r is written; a failure drops what was prepared.
  await runRangePipeline({
    async prepare() {
      if (next > toBlock) return null;
      const a = next;
      const b = a + BigInt(step) - 1n < toBlock ? a + BigInt(step) - 1n : toBlock;
      const prepared = await ingest.prepareRange(a, b, { live: false });
      next = b + 1n;
      if (prepared.parentMismatch) return null;
      step = nextStep(Number(b - a) + 1, prepared.batch.trades.length, maxStep);
      return prepared;
    },
    async write(prepared) {
      const out = await ingest.writeRange(prepared);
      progress.blocksDone += Number(out.to - out.from + 1n);
      progress.swaps += out.swaps;
      progress.insertedTrades += out.insertedTrades;
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      progress.blocksPerSecond = progress.blocksDone / seconds;
      progress.etaMs = Math.round(((totalBlocks - progress.blocksDone) / progress.blocksPerSecond) * 1000);
      await opts.onProgress?.({ ...progress });
    },
    stopped: () => opts.signal?.aborted === true,
    discard: () => ingest.resetState(),
  });
  return progress;
}
