import type pg from "pg";
import type { EventPublisher } from "../../events/createEventPublisher.ts";
import { solanaVenueRows } from "../../venues/venueRows.ts";
import { writeVenues } from "../../venues/writeVenues.ts";
import { readCheckpoint } from "../../writer/checkpoint.ts";
import type { IngestBatch, IngestBlock } from "../../writer/IngestBatch.ts";
import { rollbackTo } from "../../writer/rollbackTo.ts";
import { writeBatch } from "../../writer/writeBatch.ts";
import { createSolanaVenueRegistry, type SolanaVenueRegistry } from "../createSolanaVenueRegistry.ts";
import { createSolUsdTracker, type SolUsdTracker } from "../createSolUsdTracker.ts";
import { decodeSolanaBlock } from "../decodeSolanaBlock.ts";
import { nativeBalanceChanges } from "../nativeBalanceChanges.ts";
import {
  createSolanaProgramRegistry,
  type SolanaProgramRegistry,
} from "../programs/createSolanaProgramRegistry.ts";
import type { SolanaBlock, SolanaSource } from "../source/SolanaSource.ts";
import { createFingerprintSet } from "./createFingerprintSet.ts";
import { createSolanaTokenNameFiller } from "./createSolanaTokenNameFiller.ts";
import { findSolanaAncestor } from "./findSolanaAncestor.ts";
import { pruneBeyondForkDepth } from "./pruneBeyondForkDepth.ts";
import { readNativeWallets, readTrackedTokens } from "./readTrackedKeys.ts";
import { type SolanaTip, solanaChainBreak } from "./solanaChainLinks.ts";

export type SolanaWorkerOptions = {
  source: SolanaSource;
  db: pg.Pool;
  /** first slot when the chain has no checkpoint yet (else the current head) */
  startSlot?: bigint;
  /** slots per write transaction @defaultValue 32 */
  slotsPerBatch?: number;
  /** getBlock calls in flight, for a source without `getBlocks` @defaultValue 4 */
  fetchConcurrency?: number;
  /** wait when caught up with the head @defaultValue 400 */
  pollMs?: number;
  registry?: SolanaVenueRegistry;
  /** named Solana programs (built-in `programs.json` when omitted) */
  programs?: SolanaProgramRegistry;
  /** publishes each committed batch's market events (live streams, shards) */
  events?: EventPublisher;
  /**
   * ms clock `decodeMs` is measured on (decoding runs in synchronous spans, so a benchmark can
   * pass the thread's CPU clock) @defaultValue performance.now
   */
  decodeClock?: () => number;
  /** structured log sink (pino-compatible `info`) */
  log?: { info(obj: object, msg: string): void };
};

export type SolanaWorkerStats = {
  /** slots covered (with or without a block) */
  slots: number;
  /** slots without a block (skipped) */
  skippedSlots: number;
  transactions: number;
  failedTransactions: number;
  trades: number;
  tradesInserted: number;
  untimedLegs: number;
  unknownPrograms: Map<string, number>;
  lastSlot: bigint | null;
  /** abandoned branches rolled back (a confirmed block the cluster did not finalize) */
  forks: number;
  /** time spent fetching and writing (wall, overlapping the other stages) and decoding (`decodeClock`), ms */
  fetchMs: number;
  decodeMs: number;
  writeMs: number;
};

export type SolanaWorker = {
  /** processes every slot up to `slot` (inclusive), then resolves */
  runUntil(slot: bigint): Promise<void>;
  /** follows the head until `stop()` */
  start(): Promise<void>;
  stop(): Promise<void>;
  stats(): SolanaWorkerStats;
};

const CHAIN = "solana" as const;
/** slots written between two prunes of the fork bookkeeping (about 3.4 minutes of mainnet) */
const PRUNE_EVERY_SLOTS = 512n;

/**
 * The Solana ingest worker: follows confirmed slots from a source, decodes every block, and
 * writes the rows of each batch of slots together with the checkpoint (the last slot looked
 * at, skipped or not) in one transaction through the shared writer, so a crash loses nothing
 * and a restart, resuming after the checkpoint, repeats nothing. SOL/USD minutes are written
 * with the batch and read back on start so prices carry over a restart.
 */
export function createSolanaWorker(opts: SolanaWorkerOptions): SolanaWorker {
  const perBatch = opts.slotsPerBatch ?? 32;
  const concurrency = opts.fetchConcurrency ?? 4;
  const pollMs = opts.pollMs ?? 400;
  const decodeClock = opts.decodeClock ?? (() => performance.now());
  const getAccountInfo = opts.source.getAccountInfo?.bind(opts.source);
  // tokens no transaction names are read from their accounts, when the source offers them
  const names = getAccountInfo
    ? createSolanaTokenNameFiller({ reader: { getAccountInfo }, db: opts.db })
    : null;
  let tracker: SolUsdTracker | null = null;
  // tokens whose balances are kept (every token with a market), a cache of token_holder_stats;
  // millions on mainnet, so kept as fingerprints (createFingerprintSet: what a collision costs)
  let tracked = createFingerprintSet();
  // wallets whose lamports are logged (see nativeBalanceChanges), a cache of their token_accounts
  // rows: every wallet that ever held a tracked token, tens of millions, also as fingerprints
  let nativeWallets = createFingerprintSet();
  let next: bigint | null = null;
  let lastPruned: bigint | null = null;
  /** the last block decoded, which the next fetched block must descend from */
  let tip: SolanaTip = null;
  let stopped = false;
  let loop: Promise<void> | null = null;
  const stats: SolanaWorkerStats = {
    slots: 0,
    skippedSlots: 0,
    transactions: 0,
    failedTransactions: 0,
    trades: 0,
    tradesInserted: 0,
    untimedLegs: 0,
    unknownPrograms: new Map(),
    lastSlot: null,
    forks: 0,
    fetchMs: 0,
    decodeMs: 0,
    writeMs: 0,
  };

  async function init(): Promise<void> {
    if (next !== null && tracker) return;
    await writeVenues(
      opts.db,
      solanaVenueRows(
        (opts.registry ?? createSolanaVenueRegistry()).venues(),
        (opts.programs ?? createSolanaProgramRegistry()).entries(),
      ),
    );
    const cp = await readCheckpoint(opts.db, CHAIN);
    if (cp) next = cp.block + 1n;
    else next = opts.startSlot ?? (await opts.source.getSlot());
    // a checkpoint on a skipped slot has no hash: the first block's link is not checked
    tip = cp?.blockHash ? { slot: cp.block, hash: cp.blockHash } : null;
    tracker = createSolUsdTracker();
    tracked = await readTrackedTokens(opts.db);
    nativeWallets = await readNativeWallets(opts.db);
    const prices = await opts.db.query<{ minute: string; price_usd: string; source: string }>(
      "select minute, price_usd::text, source from native_prices where chain_id = $1 order by minute desc limit 120",
      [CHAIN],
    );
    tracker.seed(
      prices.rows.map((r) => ({ minute: Number(r.minute), priceUsd: r.price_usd, source: r.source })),
    );
  }

  async function fetchAll(slots: bigint[]): Promise<(SolanaBlock | null)[]> {
    if (opts.source.getBlocks) return opts.source.getBlocks(slots);
    const out: (SolanaBlock | null)[] = new Array(slots.length);
    let i = 0;
    async function lane(): Promise<void> {
      while (i < slots.length) {
        const k = i++;
        out[k] = await opts.source.getBlock(slots[k]!);
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, slots.length) }, lane));
    return out;
  }

  type Fetched = { head: bigint; from: bigint; to: bigint; slots: bigint[]; blocks: (SolanaBlock | null)[] };

  /** Fetches the blocks of the batch of slots starting at `from`, up to `target`. */
  async function fetchBatch(from: bigint, head: bigint, target: bigint): Promise<Fetched> {
    const listed = await opts.source.getBlockSlots(from, perBatch);
    const slots = listed.filter((s) => s <= target);
    // A short list covers every block up to the target; a full one ends at its last slot.
    const to = slots.length === perBatch ? slots[slots.length - 1]! : target;
    const t0 = performance.now();
    const blocks = await fetchAll(slots);
    stats.fetchMs += performance.now() - t0;
    return { head, from, to, slots, blocks };
  }

  /**
   * Decodes a fetched batch (advancing `next`); the write comes separately. Yields to the event
   * loop after each block, so the previous batch's write gets its database answers on time
   * instead of after the whole batch is decoded.
   */
  async function decode(fetched: Fetched): Promise<IngestBatch> {
    const { head, from, to, slots, blocks } = fetched;
    let t1 = decodeClock();
    stats.skippedSlots += Number(to - from + 1n) - slots.length;
    const batch: IngestBatch = {
      chain: CHAIN,
      blocks: [],
      trades: [],
      walletSwaps: [],
      pools: [],
      tokens: [],
      balances: { tracked: [], changes: [] },
      walletFundings: [],
    };
    let lastBlock: SolanaBlock | null = null;
    stats.slots += Number(to - from + 1n);
    for (const block of blocks) {
      if (!block) {
        stats.skippedSlots++;
        continue;
      }
      lastBlock = block;
      const d = decodeSolanaBlock(block, {
        tracker: tracker!,
        registry: opts.registry,
        programs: opts.programs,
        balanceMints: () => true,
      });
      // a token is tracked from the block its first market is seen in, that block's changes included
      for (const p of d.pools) {
        if (tracked.has(p.tokenAddress)) continue;
        tracked.add(p.tokenAddress);
        batch.balances!.tracked.push({ token: p.tokenAddress, block: block.slot });
      }
      const tokenChanges = d.balanceChanges.filter((c) => tracked.has(c.token));
      batch.balances!.changes.push(
        ...tokenChanges,
        ...nativeBalanceChanges(d.normalized, tokenChanges, nativeWallets, {
          slot: block.slot,
          at: block.blockTime === null ? null : block.blockTime * 1000,
        }),
      );
      batch.trades.push(...d.trades);
      batch.walletSwaps!.push(...d.walletSwaps);
      batch.pools.push(...d.pools);
      batch.tokens.push(...d.tokens);
      batch.walletFundings!.push(...d.walletFundings);
      stats.transactions += d.transactions;
      stats.failedTransactions += d.failed;
      stats.untimedLegs += d.untimedLegs;
      for (const [p, n] of d.unknownPrograms)
        stats.unknownPrograms.set(p, (stats.unknownPrograms.get(p) ?? 0) + n);
      if (block.blockhash && block.previousBlockhash && block.blockTime !== null) {
        const b: IngestBlock = {
          number: block.slot,
          hash: block.blockhash,
          parentHash: block.previousBlockhash,
          at: block.blockTime * 1000,
        };
        batch.blocks.push(b);
      }
      stats.decodeMs += decodeClock() - t1;
      await new Promise<void>((r) => setImmediate(r));
      t1 = decodeClock();
    }
    batch.nativePrices = tracker!.drainChanged();
    stats.decodeMs += decodeClock() - t1;
    if (names) batch.tokens.push(...(await names.fill(batch.tokens)));
    batch.checkpoint = {
      block: to,
      blockHash: lastBlock?.slot === to ? lastBlock.blockhash : null,
      headBlock: head,
      headAt: null,
    };
    next = to + 1n;
    return batch;
  }

  async function write(batch: IngestBatch): Promise<void> {
    const t = performance.now();
    const res = await writeBatch(opts.db, batch);
    stats.writeMs += performance.now() - t;
    await opts.events?.publishBatch(batch, res);
    stats.trades += batch.trades.length;
    stats.tradesInserted += res.insertedTradeIds.length;
    stats.lastSlot = batch.checkpoint!.block;
    lastPruned ??= stats.lastSlot;
    if (stats.lastSlot - lastPruned >= PRUNE_EVERY_SLOTS) {
      await pruneBeyondForkDepth(opts.db, CHAIN);
      lastPruned = stats.lastSlot;
    }
    opts.log?.info(
      { chain: CHAIN, to: stats.lastSlot.toString(), trades: batch.trades.length },
      "solana slots written",
    );
  }

  /**
   * Confirmed blocks are not final: when the cluster abandons a branch the worker followed, the
   * ingest rolls back to the newest stored block the source still serves (trades, candles, pool
   * state and checkpoint, in one transaction), publishes the rollback for the live streams and
   * resumes from that block with the SOL/USD minutes read back from the database.
   */
  async function rollBackFork(): Promise<void> {
    const ancestor = await findSolanaAncestor(opts.db, opts.source, CHAIN);
    const res = await rollbackTo(opts.db, CHAIN, ancestor.slot);
    stats.forks++;
    await opts.events?.publishRollback(res);
    opts.log?.info(
      { chain: CHAIN, ancestor: ancestor.slot.toString(), tradesDeleted: res.tradesDeleted },
      "solana fork rolled back",
    );
    next = null;
    tracker = null;
    await init();
  }

  /** Starts `p` with a handler attached, so a failure waits for the loop to collect it. */
  function inFlight<T>(p: Promise<T>): Promise<T> {
    p.catch(() => {});
    return p;
  }

  /**
   * Runs batches until `limit` is reached or the worker stops, in three overlapping stages: the
   * next batch is fetched while the current one is decoded and the previous one written; writes
   * stay in slot order, one at a time. On any failure the worker forgets its position, so it
   * resumes from the stored checkpoint.
   */
  async function pipeline(limit: bigint | null): Promise<void> {
    await init();
    let pending: Promise<void> | null = null;
    let ahead: Promise<Fetched> | null = null;
    try {
      while (!stopped && (limit === null || next! <= limit)) {
        let fetched: Fetched;
        if (ahead) {
          fetched = await ahead;
          ahead = null;
        } else {
          const head = await opts.source.getSlot();
          const target = limit !== null && head > limit ? limit : head;
          if (next! > target) {
            await pending;
            pending = null;
            await new Promise((r) => setTimeout(r, pollMs));
            continue;
          }
          fetched = await fetchBatch(next!, head, target);
        }
        const link = solanaChainBreak(tip, fetched.blocks);
        if (link.breakAt >= 0) {
          // The branch followed was abandoned: every batch before this one is written first, then
          // rolled back to the last block both branches share, and the worker goes on from there
          // (nothing is fetched ahead yet at this point).
          await pending;
          pending = null;
          await rollBackFork();
          continue;
        }
        tip = link.tip;
        const after = fetched.to + 1n;
        const target = limit !== null && fetched.head > limit ? limit : fetched.head;
        if (!stopped && after <= target) ahead = inFlight(fetchBatch(after, fetched.head, target));
        const batch = await decode(fetched);
        await pending;
        pending = inFlight(write(batch));
      }
      await pending;
    } catch (err) {
      await pending?.catch(() => {});
      next = null;
      tracker = null;
      throw err;
    } finally {
      // a batch fetched ahead of a stop or a failure is dropped: `next` never moved past it
      await ahead?.catch(() => {});
    }
  }

  async function runUntil(slot: bigint): Promise<void> {
    await pipeline(slot);
  }

  return {
    runUntil,
    start() {
      stopped = false;
      loop = pipeline(null);
      return Promise.resolve();
    },
    async stop() {
      stopped = true;
      await loop?.catch(() => {});
      await opts.source.close();
    },
    stats: () => stats,
  };
}
