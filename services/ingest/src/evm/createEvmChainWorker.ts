import { type Bus, TapelineError } from "@tapeline/core";
import type pg from "pg";
import { createEventPublisher } from "../events/createEventPublisher.ts";
import type { RpcClient } from "../rpc/createRpcClient.ts";
import { subscribeNewHeads } from "../rpc/subscribeNewHeads.ts";
import { evmVenueRows } from "../venues/venueRows.ts";
import { writeVenues } from "../venues/writeVenues.ts";
import { readCheckpoint } from "../writer/checkpoint.ts";
import { pruneFinalized } from "../writer/pruneFinalized.ts";
import { rollbackTo } from "../writer/rollbackTo.ts";
import { BlockNotAvailableError, fetchHeaders } from "./chain/fetchHeaders.ts";
import {
  createEvmIngest,
  type EvmIngest,
  type IngestStage,
  type PreparedRange,
  RangeChangedError,
} from "./createEvmIngest.ts";
import type { EvmChainConfig } from "./EvmChainConfig.ts";
import { runRangePipeline } from "./runRangePipeline.ts";

/** A reorg reached below the finality depth: the worker stops rather than guess. */
export class DeepReorgError extends TapelineError {
  override name = "DeepReorgError";
  constructor(chain: string, checkpoint: bigint, depth: number) {
    super(
      `${chain}: reorg deeper than the finality depth (${depth} blocks) below block ${checkpoint}; ` +
        "no common ancestor among the unfinalized blocks kept. Re-sync the chain from a finalized block.",
    );
  }
}

/** What the worker reports as it goes (for logs and metrics). */
export type EvmWorkerEvent =
  | { type: "range"; from: bigint; to: bigint; head: bigint; swaps: number; inserted: number }
  | { type: "reorg"; ancestor: bigint; checkpoint: bigint; tradesDeleted: number }
  | { type: "retry"; error: string }
  | { type: "step" }
  | { type: "stopped"; error: Error | null };

export type EvmChainWorker = {
  ingest: EvmIngest;
  /** Resolves when the worker stops: after stop(), or rejects with the error that stopped it. */
  done: Promise<void>;
  /**
   * Stops after the range being written commits with its checkpoint (one transaction, so nothing
   * is left half written); a range prepared ahead of it is dropped.
   */
  stop(): Promise<void>;
  /** The last block written (the checkpoint). */
  checkpoint(): bigint | null;
};

export type EvmChainWorkerDeps = {
  cfg: EvmChainConfig;
  rpc: RpcClient;
  db: pg.Pool;
  bus?: Bus;
  onEvent?: (event: EvmWorkerEvent) => void;
  native?: { name: string; symbol: string; decimals: number };
  /** Time spent per ingest stage of each range (benchmarks). */
  onStage?: (stage: IngestStage, ms: number) => void;
};

/**
 * Starts the worker following one EVM chain's head: polls the best synced head (and wakes on
 * WebSocket newHeads where an endpoint offers them), ingests [checkpoint+1, head] in ranges of
 * at most `maxBlockRange` blocks, each in one transaction with the checkpoint; the next range is
 * read, decoded and applied while the previous one is written. When the next
 * block's parent is not the checkpoint's hash, walks back through the stored unfinalized block
 * hashes to the common ancestor, rolls back to it, publishes the rollback and goes on. A reorg
 * deeper than `finalityDepth` stops the worker with DeepReorgError. Transient failures (RPC,
 * blocks not yet served, a chain moving under a read) are retried with backoff.
 */
export function startEvmChainWorker(deps: EvmChainWorkerDeps): EvmChainWorker {
  const { cfg, rpc, db } = deps;
  const ingest = createEvmIngest({ cfg, rpc, db, bus: deps.bus, native: deps.native, onStage: deps.onStage });
  const events = deps.bus ? createEventPublisher(db, deps.bus) : null;
  let stopped = false;
  let wake: (() => void) | null = null;
  // a head announced while a step ran, after it read the head: the next step starts at once
  let headPending = false;
  let cp: { block: bigint; hash: string | null } | null = null;
  let lastPruned = 0n;
  let venuesWritten = false;
  const unwatch: (() => void)[] = [];

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  for (const e of cfg.endpoints) {
    if (e.wsUrl)
      unwatch.push(
        subscribeNewHeads(e.wsUrl, () => {
          if (wake) wake();
          else headPending = true;
        }),
      );
  }

  async function loadCheckpoint(): Promise<{ block: bigint; hash: string | null }> {
    const cp = await readCheckpoint(db, cfg.chain);
    return cp ? { block: cp.block, hash: cp.blockHash } : { block: cfg.startBlock - 1n, hash: null };
  }

  async function storedHash(n: bigint): Promise<string | null> {
    const res = await db.query<{ hash: string }>(
      "select hash from ingest_blocks where chain_id = $1 and number = $2",
      [cfg.chain, n.toString()],
    );
    return res.rows[0]?.hash ?? null;
  }

  async function handleReorg(checkpoint: bigint): Promise<void> {
    let ancestor: bigint | null = null;
    for (let n = checkpoint; n >= 0n && checkpoint - n <= BigInt(cfg.finalityDepth); n--) {
      const stored = await storedHash(n);
      if (stored === null) break;
      const onChain = (await fetchHeaders(rpc, [n])).get(n)!;
      if (onChain.hash === stored) {
        ancestor = n;
        break;
      }
    }
    if (ancestor === null) throw new DeepReorgError(cfg.chain, checkpoint, cfg.finalityDepth);
    const res = await rollbackTo(db, cfg.chain, ancestor);
    ingest.resetState();
    cp = { block: ancestor, hash: await storedHash(ancestor) };
    await events?.publishRollback(res);
    deps.onEvent?.({ type: "reorg", ancestor, checkpoint, tradesDeleted: res.tradesDeleted });
  }

  /** Writes a prepared range and moves the checkpoint past it. */
  async function commit(prepared: PreparedRange & { parentMismatch: false }, head: bigint): Promise<void> {
    const out = await ingest.writeRange(prepared);
    const { from, to } = out;
    cp = { block: to, hash: out.lastHeader!.hash };
    deps.onEvent?.({ type: "range", from, to, head, swaps: out.swaps, inserted: out.insertedTrades });
    // reorg bookkeeping below the finality depth is never needed again
    if (to - lastPruned >= 64n && to > BigInt(cfg.finalityDepth)) {
      await pruneFinalized(db, cfg.chain, to - BigInt(cfg.finalityDepth));
      lastPruned = to;
    }
  }

  /**
   * Ingests up to the best synced head in ranges, range r+1 read, decoded and applied while r
   * is written ({@link runRangePipeline}). Returns true when the caller should go on at once
   * (a reorg was rolled back), false when caught up or stopped.
   */
  async function step(): Promise<boolean> {
    if (!venuesWritten) {
      await writeVenues(db, evmVenueRows(cfg.chain, ingest.registry.all()));
      venuesWritten = true;
    }
    headPending = false;
    const head = await rpc.refreshHeads();
    if (!cp) cp = await loadCheckpoint();
    // A head at or below the checkpoint is a lagging endpoint or a quiet chain, never a reorg.
    if (head <= cp.block) return false;
    // where the next prepared range attaches: the checkpoint, then the last range prepared
    let tip = { block: cp.block, hash: cp.hash };
    let reorg = false;
    await runRangePipeline({
      prepare: async () => {
        if (tip.block >= head) return null;
        const from = tip.block + 1n;
        const to =
          head < tip.block + BigInt(cfg.maxBlockRange) ? head : tip.block + BigInt(cfg.maxBlockRange);
        const prepared = await ingest.prepareRange(from, to, {
          live: true,
          expectedParent: tip.hash,
          headBlock: head,
        });
        if (prepared.parentMismatch) {
          reorg = true;
          return null;
        }
        tip = { block: to, hash: prepared.lastHeader!.hash };
        return prepared;
      },
      write: (prepared) => commit(prepared, head),
      stopped: () => stopped,
      // memory already holds the dropped range: reload it from the database
      discard: () => ingest.resetState(),
    });
    // the pipeline returns with every prepared range before the mismatch committed (cp = tip)
    if (reorg) {
      await handleReorg(cp!.block);
      return true;
    }
    return false;
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      try {
        const more = await step();
        failures = 0;
        deps.onEvent?.({ type: "step" });
        if (!more && !stopped && !headPending) await sleep(cfg.pollIntervalMs);
      } catch (err) {
        if (err instanceof DeepReorgError) throw err;
        const transient =
          err instanceof BlockNotAvailableError ||
          err instanceof RangeChangedError ||
          (err as { retryable?: boolean }).retryable === true;
        failures++;
        deps.onEvent?.({ type: "retry", error: (err as Error).message });
        if (!transient && failures > 8) throw err;
        // a failed step (a write, or a range prepared ahead of it) may have left memory ahead
        // of the database: reload from it
        ingest.resetState();
        cp = null;
        if (!stopped) await sleep(Math.min(10_000, 100 * 2 ** Math.min(failures, 7)));
      }
    }
  }

  const done = run().then(
    () => {
      for (const u of unwatch) u();
      deps.onEvent?.({ type: "stopped", error: null });
    },
    (err: Error) => {
      for (const u of unwatch) u();
      deps.onEvent?.({ type: "stopped", error: err });
      throw err;
    },
  );
  done.catch(() => {});

  return {
    ingest,
    done,
    async stop() {
      stopped = true;
      wake?.();
      await done.catch(() => {});
    },
    checkpoint: () => cp?.block ?? null,
  };
}
