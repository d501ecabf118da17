/**
 * A query shard keeping its Solana keys hot from the market event bus: the Solana worker replays
 * the recorded mainnet blocks and publishes on Redis; the shard owns some of the tokens under a
 * two-shard map. After the events of the replay reached it, an owned token's windowed figures
 * (USD valued at each trade's minute) and its newest candle pages equal a read of PostgreSQL with
 * every cache off, and come from the events without reading the token's trades or candles again;
 * after the cluster abandons half of the blocks, they equal PostgreSQL's again.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Bus,
  createContext,
  createRedisBus,
  type MarketEvent,
  marketKey,
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
import { createEventPublisher } from "../../services/ingest/src/events/createEventPublisher.ts";
import { registerChain } from "../../services/ingest/src/service/registerChain.ts";
import type { ReplayBlock } from "../../services/ingest/src/solana/replay/ReplayBlock.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import type { SolanaBlock, SolanaSource } from "../../services/ingest/src/solana/source/SolanaSource.ts";
import {
  createSolanaWorker,
  type SolanaWorker,
} from "../../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { createQueryService } from "../../services/query/src/createQueryService.ts";
import { shardOwnership } from "../../services/query/src/hot/shardOwnership.ts";
import {
  type MarketEventFeedHandle,
  startMarketEventFeed,
} from "../../services/query/src/hot/startMarketEventFeed.ts";
import { createMarketProvider } from "../../services/query/src/market/createMarketProvider.ts";
import { fixtureRecording } from "./fixtureData.ts";

const prefix = testRedisPrefix("solana-shard-hot");
const SHARD = "shard-a";
const WINDOWS: StatsWindow[] = ["5m", "1h", "6h", "24h"];

/** Recorded blocks as one branch (hashes named by `nameOf`, each block's parent the one before). */
function branch(blocks: readonly ReplayBlock[], nameOf: (i: number) => string): SolanaBlock[] {
  const hash = (i: number) => `${nameOf(i)}-${blocks[i]!.slot}`;
  return blocks.map((b, i) => ({
    slot: BigInt(b.slot),
    parentSlot: i === 0 ? null : BigInt(blocks[i - 1]!.slot),
    blockhash: hash(i),
    previousBlockhash: i === 0 ? null : hash(i - 1),
    blockTime: b.blockTime,
    transactions: b.transactions,
  }));
}

/** A source serving the blocks of the current branch up to a slot. */
function servedSource(): SolanaSource & { serve(blocks: SolanaBlock[]): void } {
  let view: SolanaBlock[] = [];
  return {
    serve(blocks) {
      view = blocks;
    },
    async getSlot() {
      return view.at(-1)!.slot;
    },
    async getBlockSlots(from, limit) {
      return view
        .filter((b) => b.slot >= from)
        .slice(0, limit)
        .map((b) => b.slot);
    },
    async getBlock(slot) {
      return view.find((b) => b.slot === slot) ?? null;
    },
    async close() {},
  };
}

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

/** Answers without the instant they were computed at. */
const timeless = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v, (k, x) => (k === "asOf" ? undefined : x)));

/** a windowed read of the trades, a window load, or a candle page read */
const readsHistory = (sql: string) =>
  /count\(distinct t\.maker\)/.test(sql) ||
  /from trades where market = \$1 and at [>]/.test(sql) ||
  /cut as \(|select x\.close/.test(sql);

describe("a query shard keeps its Solana keys hot from the market event bus", () => {
  let db: TestDatabase;
  let bus: Bus;
  let dir: string;
  let feed: MarketEventFeedHandle;
  let shard: QueryApi;
  let truth: QueryApi;
  let statements: string[];
  let worker: SolanaWorker;
  const source = servedSource();
  const seen: MarketEvent[] = [];
  const ctx = createContext({ name: "solana-shard-hot", level: "silent" });
  const recorded = replayBlocksFromRecording(fixtureRecording()).filter((b) => b.blockTime !== null);
  const half = Math.floor(recorded.length / 2);
  const a = branch(recorded, () => "A");
  // the cluster abandons every other block after the first half and builds one more block
  const kept = recorded.filter((_, i) => i <= half || (i - half) % 2 === 0);
  const b = branch(
    [...kept, { ...recorded.at(-1)!, slot: recorded.at(-1)!.slot + 1, transactions: [] }],
    (i) => (i <= half ? "A" : "B"),
  );
  // The shard's clock: a minute after the last recorded block, moved only between phases so both
  // reads of a phase share it. A phase starts past HOT_TTL (below): an owned answer no event
  // touched is kept that long, while a minute's native/USD rate moves as later blocks of that
  // minute are written.
  let clock = (recorded.at(-1)!.blockTime as number) * 1000 + 60_000;
  const HOT_TTL_MS = 60_000;
  const nextPhase = () => {
    clock += HOT_TTL_MS + 1000;
  };
  let owned: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    await registerChain(db.pool, {
      chain: "solana",
      name: "Solana",
      slug: "solana",
      family: "solana",
      nativeSymbol: "SOL",
      nativeDecimals: 9,
      finalityDepth: 32,
    });
    bus = createRedisBus({ url: TEST_REDIS_URL, prefix, logger: pino({ level: "silent" }) });
    dir = mkdtempSync(path.join(tmpdir(), "solana-shard-hot-"));
    const map: ShardMap = {
      version: 1,
      partitions: 4096,
      shards: [
        { name: SHARD, url: "http://127.0.0.1:1" },
        { name: "shard-b", url: "http://127.0.0.1:2" },
      ],
    };
    writeFileSync(path.join(dir, "shardmap.json"), JSON.stringify(map));
    feed = await startMarketEventFeed({
      bus,
      pool: db.pool,
      ctx,
      shardName: SHARD,
      mapPath: path.join(dir, "shardmap.json"),
      pollMs: 200,
      hotTtlMs: HOT_TTL_MS,
    });
    const recording = recordingPool(db.pool);
    statements = recording.statements;
    shard = (
      await createQueryService({
        pool: recording.pool,
        ctx,
        providers: [createMarketProvider({ now: () => clock })],
        events: feed,
      })
    ).api;
    feed.onEvent((e) => seen.push(e));
    truth = (
      await createQueryService({
        pool: db.pool,
        ctx,
        providers: [
          createMarketProvider({
            now: () => clock,
            tokenTtlMs: 0,
            candleTtlMs: 0,
            tradeTtlMs: 0,
            definitionTtlMs: 0,
          }),
        ],
      })
    ).api;
    while (!feed.chains().includes("solana")) await new Promise((r) => setTimeout(r, 25));

    worker = createSolanaWorker({
      source,
      db: db.pool,
      startSlot: a[0]!.slot,
      slotsPerBatch: 5,
      events: createEventPublisher(db.pool, bus, pino({ level: "silent" })),
    });
    // The first half, then the shard reads its tokens (their windows and candles load from the store).
    source.serve(a.slice(0, half + 1));
    await worker.runUntil(a[half]!.slot);
    await caughtUp();
    const ownership = shardOwnership(map, SHARD);
    const tokens = (
      await db.pool.query<{ token_address: string; n: string }>(
        `select token_address, count(*) as n from trades where chain_id = 'solana'
         group by token_address order by count(*) desc, token_address limit 40`,
      )
    ).rows.map((r) => r.token_address);
    owned = tokens.filter((t) => ownership.owns(marketKey("solana", t)) && feed.owns(marketKey("solana", t)));
    for (const t of owned) await figures(shard, t);
  }, 240_000);

  afterAll(async () => {
    await feed?.close();
    await ctx.shutdown.run("test done");
    await bus?.close();
    await deleteRedisKeys(prefix);
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** An owned token's windowed figures (stats, snapshot) and newest candle pages. */
  async function figures(api: QueryApi, token: string): Promise<unknown> {
    const ref = { chain: "solana" as const, address: token };
    return timeless({
      stats: await api.tokenStats({ ...ref, windows: WINDOWS }),
      snapshot: await api.tokenSnapshot(ref),
      candles: await api.tokenOhlcv({ ...ref, interval: "1m", limit: 100, fill: false, quote: "native" }),
      filled: await api.tokenOhlcv({ ...ref, interval: "1m", limit: 60, fill: true, quote: "native" }),
    });
  }

  /**
   * Waits (no time assertion) until the trades the shard's events leave per market (trade events
   * added, rollbacks' orphaned ids removed) are as many as the store holds, and a state event
   * came after each market's last trade.
   */
  async function caughtUp(): Promise<void> {
    const giveUpAt = Date.now() + 120_000;
    for (;;) {
      const { rows } = await db.pool.query<{ market: string; n: string }>(
        "select market, count(*) as n from trades group by market",
      );
      const held = new Map<string, Set<string>>();
      for (const e of seen) {
        const ids = held.get(e.market) ?? new Set<string>();
        held.set(e.market, ids);
        if (e.type === "trade") ids.add(e.trade.id);
        if (e.type === "rollback") for (const id of e.orphanedTradeIds) ids.delete(id);
      }
      const ready = rows.every((r) => {
        const mine = seen.filter((e) => e.market === r.market);
        const lastTrade = mine.findLastIndex((e) => e.type === "trade");
        const lastState = mine.findLastIndex((e) => e.type === "market");
        return held.get(r.market)?.size === Number(r.n) && lastState > lastTrade;
      });
      if (ready) return;
      if (Date.now() > giveUpAt) throw new Error(`the shard did not get the events (${seen.length} seen)`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it("owns some of the replay's busiest tokens", () => {
    expect(owned.length).toBeGreaterThan(2);
  });

  describe("after the second half of the blocks", () => {
    const after = new Map<string, { shard: unknown; truth: unknown; reads: string[]; before: unknown }>();

    /** a token's markets: a token whose set changed has new windows and a new candle series to load */
    const marketsOf = async (t: string) =>
      (
        await db.pool.query<{ market: string }>(
          "select market from pools where chain_id = 'solana' and token_address = $1 order by market",
          [t],
        )
      ).rows
        .map((r) => r.market)
        .join(",");
    const sameMarkets = new Set<string>();

    beforeAll(async () => {
      const before = new Map<string, unknown>();
      const marketsBefore = new Map<string, string>();
      for (const t of owned) {
        before.set(t, await figures(truth, t));
        marketsBefore.set(t, await marketsOf(t));
      }
      source.serve(a);
      await worker.runUntil(a.at(-1)!.slot);
      await caughtUp();
      nextPhase();
      for (const t of owned) if ((await marketsOf(t)) === marketsBefore.get(t)) sameMarkets.add(t);
      for (const t of owned) {
        const from = statements.length;
        const got = await figures(shard, t);
        after.set(t, {
          shard: got,
          truth: await figures(truth, t),
          reads: statements.slice(from).filter(readsHistory),
          before: before.get(t),
        });
      }
    }, 240_000);

    it("an owned token's figures equal PostgreSQL's, from the trade events without reading its trades or candles", () => {
      for (const t of owned) expect(after.get(t)!.shard, t).toEqual(after.get(t)!.truth);
      const moved = [...sameMarkets].filter(
        (t) => JSON.stringify(after.get(t)!.truth) !== JSON.stringify(after.get(t)!.before),
      );
      expect(moved.length).toBeGreaterThan(0);
      for (const t of sameMarkets) expect(after.get(t)!.reads, t).toEqual([]);
      // USD volumes valued at the trades' minutes are there to compare
      const usd = owned.map(
        (t) => (after.get(t)!.truth as { stats: { windows: { "24h": { volumeUsd: number | null } } } }).stats,
      );
      expect(usd.some((s) => (s.windows["24h"].volumeUsd ?? 0) > 0)).toBe(true);
    });

    it("after the cluster abandons blocks, the figures equal PostgreSQL's again", async () => {
      source.serve(b);
      await worker.runUntil(b.at(-1)!.slot);
      expect(worker.stats().forks).toBe(1);
      await caughtUp();
      expect(seen.some((e) => e.type === "rollback" && e.orphanedTradeIds.length > 0)).toBe(true);
      nextPhase();
      for (const t of owned) expect(await figures(shard, t), t).toEqual(await figures(truth, t));
    });
  });
});
