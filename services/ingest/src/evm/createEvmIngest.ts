import { type Bus, marketKey, TapelineError, walletKey } from "@tapeline/core";
import type pg from "pg";
import { createEventPublisher } from "../events/createEventPublisher.ts";
import type { RpcClient } from "../rpc/createRpcClient.ts";
import { RpcResponseError } from "../rpc/RpcErrors.ts";
import { withBusyClock } from "../rpc/withBusyClock.ts";
import { buildEvmWalletSwaps } from "../wallet/buildEvmWalletSwaps.ts";
import type { IngestBatch, IngestBlock } from "../writer/IngestBatch.ts";
import { writeBatch } from "../writer/writeBatch.ts";
import {
  type ApplyContext,
  type EvmHeader,
  type EvmReceipt,
  refreshDerivedPrices,
  toPoolRecord,
} from "./applyDexEvents.ts";
import { applyDexEventsInSlices, EVENTS_PER_TURN } from "./applyDexEventsInSlices.ts";
import { createHolderTracker } from "./balances/createHolderTracker.ts";
import { fetchHeaders } from "./chain/fetchHeaders.ts";
import { fetchLogs } from "./chain/fetchLogs.ts";
import { fetchBlockReceipts, fetchReceipts } from "./chain/fetchReceipts.ts";
import { findContractCreations } from "./chain/findContractCreations.ts";
import { findWalletFundings } from "./chain/findWalletFundings.ts";
import { readPoolInfo } from "./chain/readPoolInfo.ts";
import { type PoolStateTarget, readPoolState } from "./chain/readPoolState.ts";
import { readTokenMetadata } from "./chain/readTokenMetadata.ts";
import { tokenIsToken0 } from "./chooseQuote.ts";
import type { DexEvent, RawLog, VenueDecoder } from "./decoders/DexEvent.ts";
import { LaunchCurveTopics, TAPELINE_LAUNCHPAD_VENUE } from "./decoders/decodeLaunchCurveLog.ts";
import { DexTopics } from "./decoders/dexEventAbis.ts";
import { venueDecoders } from "./decoders/venueDecoders.ts";
import type { EvmChainConfig } from "./EvmChainConfig.ts";
import { createEvmMarketState, type EvmMarketState, type EvmPool } from "./EvmMarketState.ts";
import { createFactoryRegistry, type FactoryInfo, type FactoryRegistry } from "./factoryRegistry.ts";
import { toDecimal } from "./rational.ts";
import { loadMarketState } from "./store/loadMarketState.ts";
import { withLaunchUris } from "./withLaunchUris.ts";

/** The chain moved under a range being read (a log's block hash differs from its header's). */
export class RangeChangedError extends TapelineError {
  override name = "RangeChangedError";
  override readonly retryable = true;
}

export type EvmIngestDeps = {
  cfg: EvmChainConfig;
  rpc: RpcClient;
  db: pg.Pool;
  bus?: Bus;
  native?: { name: string; symbol: string; decimals: number };
  /**
   * Time spent per stage of each range: `fetch` waiting on the node, `decode` the rest of
   * preparing it (decoding, discovery, pricing), `write` its database transaction.
   */
  onStage?: (stage: IngestStage, ms: number) => void;
};

export type IngestStage = "fetch" | "decode" | "write" | "publish";

/** Outcome of one written range. */
export type RangeOutcome = {
  from: bigint;
  to: bigint;
  swaps: number;
  insertedTrades: number;
  lastHeader: EvmHeader | null;
};

/**
 * A range read, decoded and applied to the in-memory state, not yet written. `parentMismatch`
 * means the chain reorganized below its first block: nothing was applied.
 */
export type PreparedRange =
  | { from: bigint; to: bigint; parentMismatch: true }
  | { from: bigint; to: bigint; parentMismatch: false; batch: IngestBatch; lastHeader: EvmHeader | null };

export type EvmIngest = {
  state: EvmMarketState;
  registry: FactoryRegistry;
  /**
   * Reads and decodes blocks [from, to] and applies them to the in-memory state, building the
   * range's batch. Live ranges keep every block header (reorg detection), read pool state at
   * `to` and carry the checkpoint; with `expectedParent` a first block whose parent differs
   * gives `parentMismatch`. Backfill ranges carry rows only (idempotent, checkpoint untouched).
   * The state then runs ahead of the database until {@link EvmIngest.writeRange} commits the
   * range: a range never written must be followed by {@link EvmIngest.resetState}.
   */
  prepareRange(
    from: bigint,
    to: bigint,
    opts: { live: boolean; expectedParent?: string | null; headBlock?: bigint },
  ): Promise<PreparedRange>;
  /** Writes a prepared range in one transaction (with its checkpoint), then publishes what was inserted. */
  writeRange(prepared: PreparedRange & { parentMismatch: false }): Promise<RangeOutcome>;
  /** Forgets the in-memory pool and price caches (after a rollback, or a range prepared and not written). */
  resetState(): void;
};

const CREATION_TOPICS = new Set<string>([
  LaunchCurveTopics.curveCreated,
  DexTopics.v2PairCreated,
  DexTopics.v3PoolCreated,
  DexTopics.slipstreamPoolCreated,
  DexTopics.aeroPoolCreated,
]);

const V3_LIKE = new Set(["UNISWAP_V3", "AERODROME_SLIPSTREAM", "PANCAKESWAP_V3"]);
/** New makers whose funding one range looks up (each costs a binary search of balance reads). */
const FUNDING_LOOKUPS_PER_RANGE = 100;

/**
 * The EVM ingest pipeline of one chain: logs of the enabled venues → pure decoders → pool and
 * token discovery (creation events, the database, then contract reads) → state, prices and
 * trades ({@link applyDexEvents}) → one writer transaction → bus events for what was inserted.
 */
export function createEvmIngest(deps: EvmIngestDeps): EvmIngest {
  const { cfg, db, onStage } = deps;
  const clock = onStage ? withBusyClock(deps.rpc) : null;
  const rpc = clock?.rpc ?? deps.rpc;
  const events = deps.bus ? createEventPublisher(db, deps.bus) : null;
  const chain = cfg.chain;
  const registry = createFactoryRegistry(chain, cfg.factories);
  const native = deps.native ?? { name: "Ether", symbol: "ETH", decimals: 18 };
  // a launchpad's curve events are fetched only where one of its launchpads is registered
  const launchpadVenues = new Set(registry.all().flatMap((f) => (f.launchpad ? [f.venueType] : [])));
  const enabled: VenueDecoder[] = [...venueDecoders.values()].filter(
    (d) =>
      (!cfg.enabledVenues || cfg.enabledVenues.includes(d.venueType)) &&
      (d.venueType !== TAPELINE_LAUNCHPAD_VENUE || launchpadVenues.has(d.venueType)),
  );
  const topics = [...new Set(enabled.flatMap((d) => d.topics))];
  const decodersByTopic = new Map<string, VenueDecoder[]>();
  for (const d of enabled)
    for (const t of d.topics) decodersByTopic.set(t, [...(decodersByTopic.get(t) ?? []), d]);
  const ctx: ApplyContext = {
    chain,
    wrappedNative: cfg.wrappedNative,
    stablecoins: cfg.stablecoins,
    relayers: new Set(cfg.relayers),
    nativeDecimals: native.decimals,
  };
  let state = createEvmMarketState();
  const holders = createHolderTracker({ chain, rpc, db, wrappedNative: cfg.wrappedNative });

  const decoderOf = (venueType: string) => enabled.find((d) => d.venueType === venueType);
  const accepts = (venueType: string, topic0: string | undefined) =>
    topic0 !== undefined && (decoderOf(venueType)?.topics.includes(topic0 as `0x${string}`) ?? false);

  /** Decodes a log; pool events of unknown pools are decoded by the first decoder of their topic. */
  function decode(log: RawLog): DexEvent | null {
    const t0 = log.topics[0];
    if (!t0) return null;
    if (registry.poolManagers().has(log.address)) return venueDecoders.get("UNISWAP_V4")!.decode(log);
    if (CREATION_TOPICS.has(t0)) {
      const f = registry.get(log.address);
      if (!f || !accepts(f.venueType, t0)) return null;
      const ev = decoderOf(f.venueType)!.decode(log);
      return ev ? { ...ev, venueType: f.venueType } : null;
    }
    const known = state.pools.get(marketKey(chain, log.address));
    if (known) return accepts(known.venueType, t0) ? (decoderOf(known.venueType)?.decode(log) ?? null) : null;
    const first = decodersByTopic.get(t0)?.[0];
    return first && first.venueType !== "UNISWAP_V4" ? first.decode(log) : null;
  }

  function newPool(
    address: string,
    f: FactoryInfo,
    token0: string,
    token1: string,
    fee: number | null,
    created: { block: bigint | null; at: number | null; creator?: string | null },
  ): EvmPool {
    const feeBps = f.feeBps ?? (fee !== null && fee < 0x800000 ? fee / 100 : null);
    // a curve seen at its creation has sold nothing; one first seen later waits for its next CurveSync
    const seenCreated = created.creator !== undefined;
    return {
      ...(f.launchpad && {
        curve: {
          launchpad: f.launchpad,
          creator: created.creator ?? null,
          progress: seenCreated ? 0 : null,
          migrated: false,
          graduatedAt: null,
        },
      }),
      market: marketKey(chain, address),
      address,
      venueType: f.venueType,
      factory: f.factory,
      exchangeName: f.exchangeName,
      feeBps: feeBps !== null && Number.isInteger(feeBps) ? feeBps : null,
      token0,
      token1,
      tokenIsToken0: tokenIsToken0(token0, token1, cfg),
      reserve0: null,
      reserve1: null,
      liquidity: null,
      sqrtPriceX96: null,
      tick: null,
      createdAt: created.at,
      createdBlock: created.block,
      updatedBlock: null,
      liquidityNative: null,
    };
  }

  /**
   * V4 pools first seen through a swap: their PoolKey is only in the PoolManager's Initialize
   * log, found by its indexed PoolId (one filtered eth_getLogs per manager). Ids with no
   * Initialize from a registered manager are ignored from then on.
   */
  async function discoverV4Pools(ids: string[], to: bigint): Promise<void> {
    if (ids.length === 0) return;
    for (const manager of registry.poolManagers()) {
      const logs = await fetchLogs(rpc, cfg.v4InitializeSearchFrom ?? 0n, to, [], {
        address: manager,
        topics: [DexTopics.v4Initialize, ids],
      });
      const blocks = [...new Set(logs.map((l) => l.blockNumber))];
      const headers = await fetchHeaders(rpc, blocks);
      for (const log of logs) {
        const ev = venueDecoders.get("UNISWAP_V4")!.decode(log);
        if (ev?.kind !== "poolCreated" || state.pools.has(marketKey(chain, ev.pool))) continue;
        const pool = newPool(ev.pool, registry.get(manager)!, ev.token0, ev.token1, ev.fee, {
          block: ev.block,
          at: (headers.get(ev.block)?.timestamp ?? 0) * 1000 || null,
        });
        pool.sqrtPriceX96 = ev.sqrtPriceX96;
        pool.tick = ev.tick;
        state.pools.set(pool.market, pool);
      }
    }
    for (const id of ids) if (!state.pools.has(marketKey(chain, id))) state.ignored.add(id);
  }

  // Cleared for good when the endpoint refuses eth_getBlockReceipts.
  let blockReceipts = true;

  /**
   * Receipts of the swap transactions: per block (eth_getBlockReceipts) for blocks that are
   * mostly swap transactions, per transaction for the others.
   */
  async function fetchSwapReceipts(
    blockOfTx: ReadonlyMap<string, bigint>,
    headers: ReadonlyMap<bigint, EvmHeader>,
    to: bigint,
  ): Promise<Map<string, EvmReceipt & { blockHash: string }>> {
    const perBlock = new Map<bigint, number>();
    for (const b of blockOfTx.values()) perBlock.set(b, (perBlock.get(b) ?? 0) + 1);
    const dense = new Set<bigint>();
    if (blockReceipts) {
      for (const [b, n] of perBlock) {
        const count = headers.get(b)?.txCount;
        if (count !== undefined && n * 2 >= count) dense.add(b);
      }
    }
    const byBlock = new Set<string>();
    const byTx: string[] = [];
    for (const [tx, b] of blockOfTx) {
      if (dense.has(b)) byBlock.add(tx);
      else byTx.push(tx);
    }
    const opts = { opStack: cfg.opStack, minBlock: to };
    const fromBlocks = async () => {
      try {
        return await fetchBlockReceipts(rpc, [...dense], byBlock, opts);
      } catch (err) {
        if (!(err instanceof RpcResponseError)) throw err;
        blockReceipts = false;
        return fetchReceipts(rpc, [...byBlock], opts);
      }
    };
    const [out, ofDenseBlocks] = await Promise.all([
      fetchReceipts(rpc, byTx, opts),
      dense.size > 0 ? fromBlocks() : new Map<string, EvmReceipt & { blockHash: string }>(),
    ]);
    for (const [h, r] of ofDenseBlocks) out.set(h, r);
    return out;
  }

  async function prepareRange(
    from: bigint,
    to: bigint,
    opts: { live: boolean; expectedParent?: string | null; headBlock?: bigint },
  ): Promise<PreparedRange> {
    if (!clock || !onStage) return readRange(from, to, opts);
    const started = performance.now();
    const fetchedBefore = clock.busyMs();
    try {
      return await readRange(from, to, opts);
    } finally {
      const fetchMs = clock.busyMs() - fetchedBefore;
      onStage("fetch", fetchMs);
      onStage("decode", performance.now() - started - fetchMs);
    }
  }

  async function readRange(
    from: bigint,
    to: bigint,
    opts: { live: boolean; expectedParent?: string | null; headBlock?: bigint },
  ): Promise<PreparedRange> {
    // live ranges also read the tracked tokens' Transfer logs and every block's header (reorg
    // detection), in parallel with the venues' logs
    const [logs, balanceLogs, liveHeaders] = await Promise.all([
      fetchLogs(rpc, from, to, topics),
      opts.live ? holders.rangeLogs(from, to) : Promise.resolve([]),
      opts.live
        ? fetchHeaders(
            rpc,
            Array.from({ length: Number(to - from) + 1 }, (_, i) => from + BigInt(i)),
          )
        : null,
    ]);
    const decoded: DexEvent[] = [];
    const topicOf = new Map<DexEvent, string>();
    for (let i = 0; i < logs.length; i++) {
      const log = logs[i]!;
      const ev = decode(log);
      if (ev && !state.ignored.has(ev.pool)) {
        decoded.push(ev);
        topicOf.set(ev, log.topics[0]!);
      }
      // a turn for the event loop now and then: the previous range's write goes on meanwhile
      if (i % EVENTS_PER_TURN === EVENTS_PER_TURN - 1)
        await new Promise<void>((resolve) => setImmediate(resolve));
    }

    // backfill ranges read the headers of the blocks with events only
    const headers = liveHeaders ?? (await fetchHeaders(rpc, [...new Set(decoded.map((e) => e.block))]));
    if (opts.live) {
      const first = headers.get(from)!;
      if (opts.expectedParent && first.parentHash !== opts.expectedParent) {
        return { from, to, parentMismatch: true };
      }
      for (let n = from + 1n; n <= to; n++) {
        if (headers.get(n)!.parentHash !== headers.get(n - 1n)!.hash)
          throw new RangeChangedError(`blocks ${from}-${to} changed while read`);
      }
    }
    for (const ev of decoded) {
      if (headers.get(ev.block)?.hash !== ev.blockHash)
        throw new RangeChangedError(`block ${ev.block} changed while read`);
    }

    // Pools: creation events first, then the database, then the contracts themselves.
    const createdPools = new Set<string>();
    // metadata URIs launchpads recorded for the tokens they launched, by token
    const launchUris = new Map<string, string>();
    for (const ev of decoded) {
      if (ev.kind !== "poolCreated") continue;
      const f = registry.get(ev.factory);
      const key = marketKey(chain, ev.pool);
      if (f?.launchpad && ev.uri) launchUris.set(ev.token0, ev.uri);
      if (!f || state.pools.has(key)) continue;
      const pool = newPool(ev.pool, f, ev.token0, ev.token1, ev.fee, {
        block: ev.block,
        at: (headers.get(ev.block)?.timestamp ?? 0) * 1000 || null,
        ...(f.launchpad && { creator: ev.creator ?? null }),
      });
      if (ev.sqrtPriceX96 !== null) {
        pool.sqrtPriceX96 = ev.sqrtPriceX96;
        pool.tick = ev.tick;
        pool.liquidity = 0n;
      }
      state.pools.set(key, pool);
      createdPools.add(key);
    }
    const unknown = [...new Set(decoded.filter((e) => e.kind !== "poolCreated").map((e) => e.pool))].filter(
      (p) => !state.pools.has(marketKey(chain, p)),
    );
    if (unknown.length > 0) {
      await loadMarketState(db, chain, state, {
        markets: unknown.map((p) => marketKey(chain, p)),
        tokens: [],
        quotes: [],
      });
      const toRead = unknown.filter((p) => !state.pools.has(marketKey(chain, p)) && p.length === 42);
      await discoverV4Pools(
        unknown.filter((p) => p.length === 66 && !state.pools.has(marketKey(chain, p))),
        to,
      );
      const infos = await readPoolInfo(rpc, toRead, cfg.multicall3);
      const firstEventOf = new Map<string, DexEvent>();
      for (const e of decoded) if (!firstEventOf.has(e.pool)) firstEventOf.set(e.pool, e);
      for (const info of infos) {
        const f = info.factory ? registry.get(info.factory) : undefined;
        const sample = firstEventOf.get(info.address);
        if (!f || !info.token0 || !info.token1 || !sample || !accepts(f.venueType, topicOf.get(sample))) {
          state.ignored.add(info.address);
          continue;
        }
        state.pools.set(
          marketKey(chain, info.address),
          newPool(info.address, f, info.token0, info.token1, info.fee, { block: null, at: null }),
        );
      }
    }
    // curves loaded from the store get their launchpad back from the registry
    for (const e of decoded) {
      const pool = state.pools.get(marketKey(chain, e.pool));
      const launchpad = pool && registry.get(pool.factory)?.launchpad;
      if (pool && launchpad && !pool.curve)
        pool.curve = { launchpad, creator: null, progress: null, migrated: false, graduatedAt: null };
    }
    const events = decoded
      .filter((e) => e.kind === "poolCreated" || state.pools.has(marketKey(chain, e.pool)))
      .map((e) => {
        // forks decode with their family's decoder; the registry's venue type is the pool's
        if (e.kind !== "poolCreated") e.venueType = state.pools.get(marketKey(chain, e.pool))!.venueType;
        return e;
      });

    // Tokens and the native value of quotes.
    const pools = [...new Set(events.map((e) => marketKey(chain, e.pool)))]
      .map((m) => state.pools.get(m)!)
      .filter(Boolean);
    const tokenSet = new Set(pools.flatMap((p) => [p.token0, p.token1]));
    const quoteSet = new Set(pools.map((p) => (p.tokenIsToken0 ? p.token1 : p.token0)));
    await loadMarketState(db, chain, state, { markets: [], tokens: [...tokenSet], quotes: [...quoteSet] });
    const missing = [...tokenSet].filter((t) => !state.tokens.has(t));
    const [newTokens, creations] = await Promise.all([
      readTokenMetadata(rpc, chain, missing, { multicall3: cfg.multicall3, native }),
      findContractCreations(rpc, missing, to),
    ]);
    for (const t of newTokens) {
      const c = creations.get(t.address);
      if (!c) continue;
      t.createdAt = c.at;
      t.createdBlock = c.block;
      t.createdTx = c.txHash;
      t.deployer = c.deployer;
    }
    for (const t of newTokens)
      state.tokens.set(t.address, { address: t.address, decimals: t.decimals, symbol: t.symbol });

    // Receipts of the swap transactions (fees, sender, account-abstraction and solver logs).
    // by transaction hash: a scan of the events per receipt grows with the square of the range's swaps
    const blockOfTx = new Map<string, bigint>();
    for (const e of events) if (e.kind === "swap") blockOfTx.set(e.txHash, e.block);
    // Live ranges read the state of concentrated-liquidity pools at `to` (their reserves are the
    // token balances: collects and donations move them without a swap; liquidity is exact), read
    // for every pool of the range's events while the receipts are read, kept for those touched.
    const stateTargets: { key: string; target: PoolStateTarget }[] = [];
    if (opts.live) {
      for (const pool of pools) {
        if (V3_LIKE.has(pool.venueType)) {
          stateTargets.push({
            key: pool.market,
            target: { kind: "v3", address: pool.address, token0: pool.token0, token1: pool.token1 },
          });
        } else if (pool.venueType === "UNISWAP_V4") {
          stateTargets.push({
            key: pool.market,
            target: { kind: "v4", manager: pool.factory, id: pool.address },
          });
        }
      }
    }
    const stateRead = opts.live
      ? readPoolState(
          rpc,
          stateTargets.map((t) => t.target),
          to,
          cfg.multicall3,
        )
      : null;
    // a failure is awaited below, or dropped with the range when the receipts fail first
    stateRead?.catch(() => {});
    const receipts = await fetchSwapReceipts(blockOfTx, headers, to);
    for (const r of receipts.values()) {
      if (headers.get(blockOfTx.get(r.transactionHash)!)?.hash !== r.blockHash)
        throw new RangeChangedError(`receipt of ${r.transactionHash} moved`);
    }

    const applied = await applyDexEventsInSlices(
      events,
      headers,
      receipts as Map<string, EvmReceipt>,
      state,
      ctx,
    );
    for (const key of createdPools) applied.touched.add(key);

    // Pool states, the balances of the tokens of the range's markets and the new makers' fundings
    // are independent reads (balances: live ranges only, backfills stay behind the tail).
    const [read, balances, walletFundings] = await Promise.all([
      stateRead,
      opts.live
        ? holders.build({
            from,
            to,
            logs: balanceLogs,
            tokens: pools.map((p) => (p.tokenIsToken0 ? p.token0 : p.token1)),
            headers,
            created: new Map([...creations].map(([t, c]) => [t, c.block])),
            verify: (l) => {
              if (headers.get(l.blockNumber)?.hash !== l.blockHash)
                throw new RangeChangedError(`block ${l.blockNumber} changed while read`);
            },
          })
        : undefined,
      fundingsOfNewMakers(
        applied.trades.map((t) => t.maker),
        to,
      ),
    ]);
    if (read) {
      const readOf = new Map(stateTargets.map((t, i) => [t.key, read[i]!]));
      for (const key of applied.touched) {
        const r = readOf.get(key);
        if (!r) continue;
        const pool = state.pools.get(key)!;
        if (r.sqrtPriceX96 !== null && r.sqrtPriceX96 > 0n) {
          pool.sqrtPriceX96 = r.sqrtPriceX96;
          pool.tick = r.tick;
        }
        if (r.liquidity !== null) pool.liquidity = r.liquidity;
        if (pool.venueType !== "UNISWAP_V4") {
          pool.reserve0 = r.reserve0;
          pool.reserve1 = r.reserve1;
        }
        pool.updatedBlock = to;
        refreshDerivedPrices(pool, state, ctx);
      }
    }
    const poolRecords = [...applied.touched].map((m) => {
      const pool = state.pools.get(m)!;
      const header = pool.updatedBlock === null ? undefined : headers.get(pool.updatedBlock);
      return { ...toPoolRecord(pool, state, ctx), updatedAt: header ? header.timestamp * 1000 : null };
    });
    const blocks: IngestBlock[] = opts.live
      ? [...headers.values()].map((h) => ({
          number: h.number,
          hash: h.hash,
          parentHash: h.parentHash,
          at: h.timestamp * 1000,
        }))
      : [];
    const last = opts.live ? headers.get(to)! : null;
    const batch: IngestBatch = {
      chain,
      blocks,
      trades: applied.trades,
      walletSwaps: buildEvmWalletSwaps(applied.trades, {
        wrappedNative: cfg.wrappedNative,
        logsOf: (txHash) => receipts.get(txHash)?.logs,
        poolType: (pool) => state.pools.get(marketKey(chain, pool))!.venueType,
      }),
      pools: poolRecords,
      tokens: withLaunchUris(chain, newTokens, launchUris),
      balances,
      walletFundings,
      nativePrices: [...applied.nativePrices].map(([minute, p]) => ({
        minute,
        priceUsd: toDecimal(p.price)!,
        source: p.source,
      })),
      checkpoint: last
        ? { block: to, blockHash: last.hash, headBlock: opts.headBlock ?? to, headAt: Date.now() }
        : undefined,
    };
    return { from, to, parentMismatch: false, batch, lastHeader: last };
  }

  /**
   * The fundings of the range's makers that have none recorded yet ({@link findWalletFundings}),
   * at most FUNDING_LOOKUPS_PER_RANGE of them: the others are looked up when they trade again.
   */
  async function fundingsOfNewMakers(makers: string[], to: bigint) {
    const unique = [...new Set(makers)];
    if (unique.length === 0) return [];
    const { rows } = await db.query<{ wallet: string }>(
      "select wallet from wallet_funding where wallet_key = any($1::text[])",
      [unique.map((w) => walletKey(chain, w))],
    );
    const known = new Set(rows.map((r) => r.wallet));
    const missing = unique.filter((w) => !known.has(w)).slice(0, FUNDING_LOOKUPS_PER_RANGE);
    return findWalletFundings(rpc, chain, missing, to);
  }

  async function writeRange(prepared: PreparedRange & { parentMismatch: false }): Promise<RangeOutcome> {
    const { batch } = prepared;
    const started = performance.now();
    const written = await writeBatch(db, batch);
    onStage?.("write", performance.now() - started);
    const publishing = performance.now();
    await events?.publishBatch(batch, written);
    onStage?.("publish", performance.now() - publishing);
    return {
      from: prepared.from,
      to: prepared.to,
      swaps: batch.trades.length,
      insertedTrades: written.insertedTradeIds.length,
      lastHeader: prepared.lastHeader,
    };
  }

  return {
    get state() {
      return state;
    },
    registry,
    prepareRange,
    writeRange,
    resetState() {
      state = createEvmMarketState();
      holders.reset();
    },
  };
}
