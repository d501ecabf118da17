/**
 * A query shard following the market event bus on the devnet: the EVM worker ingests anvil's
 * blocks and publishes on Redis; two shards read one shard map and keep their own keys hot.
 * After the events of a commit reached a shard, its answers equal a read of PostgreSQL with
 * every cache off, for a token it owns and for one it does not; after a reorg (the fork has no
 * trades) its answers lose the orphaned trades, which the chain's own Swap logs name.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Bus,
  type ChainId,
  createContext,
  createRedisBus,
  EVM_NATIVE,
  type MarketEvent,
  type QueryApi,
  type ShardMap,
  type StatsWindow,
} from "@tapeline/core";
import {
  createTestDatabase,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import type pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteRedisKeys } from "../../services/core/src/testing/deleteRedisKeys.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createMarketSimulator } from "../../services/ingest/src/devnet/createMarketSimulator.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import {
  type EvmChainWorker,
  startEvmChainWorker,
} from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { registerChain } from "../../services/ingest/src/service/registerChain.ts";
import { createQueryService } from "../../services/query/src/createQueryService.ts";
import { shardOwnership } from "../../services/query/src/hot/shardOwnership.ts";
import {
  type MarketEventFeedHandle,
  startMarketEventFeed,
} from "../../services/query/src/hot/startMarketEventFeed.ts";
import { createMarketProvider } from "../../services/query/src/market/createMarketProvider.ts";
import { chainSwaps } from "./evmChainTruth.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

const prefix = testRedisPrefix("shard-hot");

/** A pool that records the statements sent through it (the shard's reads of PostgreSQL). */
function recordingPool(pool: pg.Pool): { pool: pg.Pool; statements: string[] } {
  const statements: string[] = [];
  const counted = new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop === "query") {
        return (...args: unknown[]) => {
          const sql = args[0];
          statements.push(typeof sql === "string" ? sql : String((sql as { text?: string }).text));
          return (target.query as (...a: unknown[]) => unknown)(...args);
        };
      }
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { pool: counted, statements };
}

/** Answers without the instant they were computed at (two reads never share it). */
const timeless = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v, (k, x) => (k === "asOf" ? undefined : x)));

/** An answer without its USD figures. */
const nativeOnly = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v, (k, x) => (/Usd$/.test(k) ? undefined : x)));

describe("query shards keep their keys hot from the market event bus", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let bus: Bus;
  let worker: EvmChainWorker;
  let chain: ChainId;
  let dir: string;
  let feed: MarketEventFeedHandle;
  let shard: QueryApi;
  let shardStatements: string[];
  let truth: QueryApi;
  let owned: string[];
  let foreign: string[];
  const seen: MarketEvent[] = [];
  const ctx = createContext({ name: "shard-hot", level: "silent" });
  const SHARD = "shard-a";

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    chain = `evm:${deployment.chainId}` as ChainId;
    await createMarketSimulator({ client, deployment, seed: 21 }).runSimulatorSteps(12);
    db = await createTestDatabase();
    await registerChain(db.pool, {
      chain,
      name: "devnet",
      slug: "devnet",
      family: "evm",
      nativeSymbol: "ETH",
      nativeDecimals: 18,
      finalityDepth: 512,
    });
    bus = createRedisBus({ url: TEST_REDIS_URL, prefix, logger: pino({ level: "silent" }) });

    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }], {
      maxBlockRange: 5,
      finalityDepth: 512,
    });
    worker = startEvmChainWorker({
      cfg,
      rpc: createRpcClient({ endpoints: cfg.endpoints }),
      db: db.pool,
      bus,
    });
    await waitForCheckpoint(worker, await client.getBlockNumber());
    const tokens = (
      await db.pool.query<{ t: string }>(
        // the native coin's candles are asked for by pool (tokenOhlcv refuses it)
        "select distinct token_address as t from pools where token_address <> $1 order by 1",
        [EVM_NATIVE],
      )
    ).rows.map((r) => r.t);
    // A map of two shards in which this shard owns some of the devnet's tokens and not others.
    let map: ShardMap | null = null;
    for (let i = 0; i < 50 && map === null; i++) {
      const candidate: ShardMap = {
        version: 1,
        partitions: 4096,
        shards: [
          { name: SHARD, url: "http://127.0.0.1:1" },
          { name: `shard-b${i}`, url: "http://127.0.0.1:2" },
        ],
      };
      const own = shardOwnership(candidate, SHARD);
      const mine = tokens.filter((t) => own.owns(`${chain}/${t}`));
      if (mine.length > 0 && mine.length < tokens.length) map = candidate;
    }
    if (!map) throw new Error("no two-shard map splits the devnet's tokens");
    dir = mkdtempSync(path.join(tmpdir(), "shard-hot-"));
    writeFileSync(path.join(dir, "shardmap.json"), JSON.stringify(map));

    feed = await startMarketEventFeed({
      bus,
      pool: db.pool,
      ctx,
      shardName: SHARD,
      mapPath: path.join(dir, "shardmap.json"),
      pollMs: 200,
      hotTtlMs: 60_000,
    });
    const recording = recordingPool(db.pool);
    shardStatements = recording.statements;
    shard = (
      await createQueryService({
        pool: recording.pool,
        ctx,
        providers: [createMarketProvider()],
        events: feed,
      })
    ).api;
    // registered after the shard's caches: it runs once the shard applied the event
    feed.onEvent((e) => seen.push(e));
    truth = (
      await createQueryService({
        pool: db.pool,
        ctx,
        providers: [
          createMarketProvider({ tokenTtlMs: 0, candleTtlMs: 0, tradeTtlMs: 0, definitionTtlMs: 0 }),
        ],
      })
    ).api;
    // keys count as owned once the chain's events are followed
    while (!feed.chains().includes(chain)) await new Promise((r) => setTimeout(r, 25));
    owned = tokens.filter((t) => feed.owns(`${chain}/${t}`));
    foreign = tokens.filter((t) => !feed.owns(`${chain}/${t}`));
  }, 180_000);

  afterAll(async () => {
    await worker?.stop();
    await feed?.close();
    await ctx.shutdown.run("test done");
    await bus?.close();
    await deleteRedisKeys(prefix);
    await db?.drop();
    await anvil?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Every answer of a token page: snapshot, price, pools, trades, candles, and its best pool's data. */
  async function tokenPage(
    api: QueryApi,
    token: string,
    withPool: (market: string) => boolean = () => true,
  ): Promise<unknown> {
    const ref = { chain, address: token };
    const price = await api.tokenPrice(ref);
    const pool =
      price.poolAddress !== null && withPool(`${chain}/${price.poolAddress}`) ? price.poolAddress : null;
    return timeless({
      snapshot: await api.tokenSnapshot(ref),
      price,
      pools: await api.tokenPools({ ...ref, limit: 10 }),
      trades: await api.tokenTrades({ ...ref, limit: 100 }),
      candles: await api.tokenOhlcv({ ...ref, interval: "1m", limit: 100, fill: false, quote: "native" }),
      filled: await api.tokenOhlcv({ ...ref, interval: "5m", limit: 24, fill: true, quote: "native" }),
      stats: await api.tokenStats({ ...ref, windows: ["5m", "1h", "6h", "24h"] }),
      pool: pool === null ? null : await api.poolData({ chain, address: pool, windows: ["5m", "24h"] }),
      poolTrades: pool === null ? null : await api.poolTrades({ chain, address: pool, limit: 100 }),
    });
  }

  /**
   * Waits (no time assertion) until the shard handled the events of the commits up to `block`:
   * as many trade events as trades stored in (`after`, `block`], for every market that traded
   * there a state event after its last trade, and for every market in `rolledBack` a rollback
   * after it.
   */
  async function caughtUp(after: bigint, block: bigint, rolledBack: Set<string> = new Set()): Promise<void> {
    const { rows } = await db.pool.query<{ market: string; n: string }>(
      "select market, count(*) as n from trades where block > $1 and block <= $2 group by market",
      [after.toString(), block.toString()],
    );
    const giveUpAt = Date.now() + 60_000;
    for (;;) {
      const ready = [...rows.map((r) => r.market), ...rolledBack].every((market) => {
        const mine = seen.filter((e) => e.market === market);
        const trades = mine.filter((e) => e.type === "trade" && BigInt(e.trade.block) > after).length;
        const stored = Number(rows.find((r) => r.market === market)?.n ?? 0);
        const lastTrade = mine.findLastIndex((e) => e.type === "trade");
        const lastRollback = mine.findLastIndex((e) => e.type === "rollback");
        const lastState = mine.findLastIndex((e) => e.type === "market");
        return (
          trades >= stored &&
          (lastState > lastTrade || lastRollback > lastTrade) &&
          (!rolledBack.has(market) || lastRollback > lastTrade)
        );
      });
      if (ready) return;
      if (Date.now() > giveUpAt) {
        const counts: Record<string, number> = {};
        for (const e of seen) counts[e.type] = (counts[e.type] ?? 0) + 1;
        throw new Error(
          `the shard did not get the events: stored ${JSON.stringify(rows)}, seen ${JSON.stringify(counts)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it("splits the devnet's tokens between the shard and another, following the devnet chain", () => {
    expect(owned.length).toBeGreaterThan(0);
    expect(foreign.length).toBeGreaterThan(0);
    expect(feed.chains()).toEqual([chain]);
    expect(feed.ownership()).toMatchObject({ version: 1 });
  });

  it("answers an owned token from memory until an event touches it", async () => {
    // the best pool's reads too where the shard owns the pool's market (it routes by market)
    const mine = (market: string) => feed.owns(market);
    for (const t of owned) await tokenPage(shard, t, mine);
    const before = shardStatements.length;
    for (const t of owned) await tokenPage(shard, t, mine);
    // at most the chain's native/USD rate probe, made once a second whatever the reads
    const sent = shardStatements.slice(before);
    expect(sent.filter((sql) => !sql.includes("native_prices"))).toEqual([]);
    expect(sent.length).toBeLessThanOrEqual(2);
  });

  describe("after trades and then a reorg", () => {
    let forkBlock: bigint;
    let orphanHead: bigint;
    let traded: Map<string, string[]>;
    const pages = new Map<string, { before: unknown; after: unknown; truth: unknown }>();
    /** an owned token's figures over windows asked for the first time after its trades, and the windowed reads they sent */
    const hotStats = new Map<string, { stats: unknown; truth: unknown; reads: string[] }>();
    /** the candle reads an owned token's page sent after its trades */
    const candleReads = new Map<string, string[]>();
    /** a read of a candle page: its candles or the close before them */
    const readsCandles = (sql: string) => /cut as \(|select x\.close/.test(sql);
    /** a windowed read of the store, or the shard loading a market's window from it */
    const readsTrades = (sql: string) =>
      /count\(distinct t\.maker\)/.test(sql) || /from trades where market = \$1 and at [>]/.test(sql);

    beforeAll(async () => {
      for (const t of [...owned, ...foreign])
        pages.set(t, { before: await tokenPage(shard, t), after: null, truth: null });
      forkBlock = await client.getBlockNumber();
      const snapshot = await client.snapshot();
      await createMarketSimulator({ client, deployment, seed: 22 }).runSimulatorSteps(24);
      orphanHead = await client.getBlockNumber();
      await waitForCheckpoint(worker, orphanHead);
      await caughtUp(forkBlock, orphanHead);
      const swaps = await chainSwaps(client, deployment, forkBlock + 1n, orphanHead);
      traded = new Map();
      for (const s of swaps) traded.set(s.token, [...(traded.get(s.token) ?? []), s.id]);
      for (const [t, p] of pages) {
        const from = shardStatements.length;
        p.after = await tokenPage(shard, t);
        if (owned.includes(t)) candleReads.set(t, shardStatements.slice(from).filter(readsCandles));
        p.truth = await tokenPage(truth, t);
      }
      // Windows no answer was kept for: computed now, from what the shard holds.
      for (const t of owned) {
        const q = { chain, address: t, windows: ["1h", "24h"] as StatsWindow[] };
        const from = shardStatements.length;
        const stats = await shard.tokenStats(q);
        hotStats.set(t, {
          stats,
          truth: await truth.tokenStats(q),
          reads: shardStatements.slice(from).filter(readsTrades),
        });
      }
      await client.revert({ id: snapshot });
      const height = await client.getBlockNumber();
      await client.mine({ blocks: Number(orphanHead - height) + 2 });
      const head = await client.getBlockNumber();
      await waitForCheckpoint(worker, head);
      const rolledBack = new Set(swaps.map((s) => `${chain}/${s.pool}`));
      await caughtUp(forkBlock, head, rolledBack);
    }, 180_000);

    it("the chain's swaps traded an owned token and a foreign one", () => {
      expect(owned.some((t) => traded.has(t))).toBe(true);
      expect(foreign.some((t) => traded.has(t))).toBe(true);
    });

    it("every answer equals PostgreSQL's right after the events, owned or not, and changed where the token traded", () => {
      for (const [t, p] of pages) {
        expect(p.after, t).toEqual(p.truth);
        if (traded.has(t)) expect(p.after, t).not.toEqual(p.before);
      }
    });

    it("an owned token's windowed figures come from the trade events, not from reading its trades again", () => {
      const tradedOwned = owned.filter((t) => traded.has(t));
      expect(tradedOwned.length).toBeGreaterThan(0);
      for (const t of tradedOwned) {
        const hot = hotStats.get(t)!;
        expect(hot.stats).toEqual(hot.truth);
        expect(hot.reads).toEqual([]);
      }
    });

    it("an owned token's forming candle comes from the trade events, not from reading its candles again", () => {
      type Page = { price: { poolAddress: string | null }; candles: unknown; filled: unknown };
      const of = (t: string) => pages.get(t) as { before: Page; after: Page; truth: Page };
      // a token's candles are its best pool's: one whose best pool changed is a new series, read once
      const samePool = owned.filter(
        (t) => traded.has(t) && of(t).before.price.poolAddress === of(t).after.price.poolAddress,
      );
      // and the trades moved some of their candles
      const moved = (t: string) =>
        JSON.stringify(of(t).after.candles) !== JSON.stringify(of(t).before.candles);
      expect(samePool.filter(moved).length).toBeGreaterThan(0);
      for (const t of samePool) {
        expect(of(t).after.candles, t).toEqual(of(t).truth.candles);
        expect(of(t).after.filled, t).toEqual(of(t).truth.filled);
        expect(candleReads.get(t), t).toEqual([]);
      }
    });

    it("the trade pages hold the chain's swaps of each token", () => {
      for (const [t, ids] of traded) {
        const page = (pages.get(t)?.after as { trades: { data: { id: string }[] } } | undefined)?.trades;
        if (!page) continue;
        expect(page.data.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
      }
    });

    it("after the rollback the shard answers what PostgreSQL holds, without the orphaned trades", async () => {
      for (const t of [...owned, ...foreign]) {
        const answer = await tokenPage(shard, t);
        expect(answer, t).toEqual(await tokenPage(truth, t));
        const ids = (answer as { trades: { data: { id: string }[] } }).trades.data.map((r) => r.id);
        for (const orphan of traded.get(t) ?? []) expect(ids).not.toContain(orphan);
        // the fork has no trades: the token is back where it was before them (in native terms;
        // the native/USD rate has moved meanwhile)
        // The filled page ends at the clock's bucket, which may have moved on since: candles up to
        // the earlier page's newest equal it, any later one is an empty fill.
        if (traded.has(t)) {
          type Filled = { filled: { newestTime: number; data: { time: number; trades: number }[] } };
          const before = pages.get(t)?.before as Filled;
          const now = answer as Filled;
          const { filled: _f, ...rest } = nativeOnly(answer) as Filled;
          const { filled: _g, ...restBefore } = nativeOnly(before) as Filled;
          expect(rest).toEqual(restBefore);
          const newest = before.filled.newestTime;
          expect(nativeOnly(now.filled.data.filter((c) => c.time <= newest))).toEqual(
            nativeOnly(before.filled.data.filter((c) => c.time >= (now.filled.data[0]?.time ?? 0))),
          );
          for (const c of now.filled.data.filter((c) => c.time > newest)) expect(c.trades).toBe(0);
        }
      }
    });
  });
});
