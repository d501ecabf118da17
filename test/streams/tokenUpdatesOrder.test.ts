/**
 * Token updates and the owning shard's own view of the bus: the stream hub reads a token's price
 * from the shard right after the events of a commit reach the hub, while the shard follows the
 * bus on its own and may not have applied them yet (its owned answers stay cached until an event
 * drops them). Each update must still equal the store's price after the commit, whether the
 * shard catches up within its wait or not.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Bus,
  type BusMessage,
  createContext,
  createMemoryBus,
  type QueryApi,
  type TokenPrice,
} from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInProcessShardClient } from "../../services/api/src/shards/createInProcessShardClient.ts";
import { createStreamHub, type StreamHub } from "../../services/api/src/streams/createStreamHub.ts";
import { createEventPublisher } from "../../services/ingest/src/events/createEventPublisher.ts";
import type { IngestBatch } from "../../services/ingest/src/writer/IngestBatch.ts";
import { writeBatch } from "../../services/ingest/src/writer/writeBatch.ts";
import { createQueryService } from "../../services/query/src/createQueryService.ts";
import {
  type MarketEventFeedHandle,
  startMarketEventFeed,
} from "../../services/query/src/hot/startMarketEventFeed.ts";
import { createMarketProvider } from "../../services/query/src/market/createMarketProvider.ts";
import {
  buildMarketFixture,
  FX_CHAIN,
  FX_TOKEN,
  type MarketFixture,
} from "../../services/query/src/market/testing/buildMarketFixture.ts";

describe("token-updates after the owning shard applied the commit's events", () => {
  let db: TestDatabase;
  let bus: Bus;
  let feed: MarketEventFeedHandle;
  let shard: QueryApi;
  let truth: QueryApi;
  let hub: StreamHub;
  let dir: string;
  let fx: MarketFixture;
  /** how long the shard's own consumer holds each event before applying it */
  let shardLagMs = 0;
  const frames: TokenPrice[] = [];
  const ctx = createContext({ name: "token-updates-order", level: "silent" });

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.pool.query(
      `insert into chains (chain_id, name, slug, family, native_symbol, native_decimals, finality_depth, status, created_at)
       values ($1, 'Devnet', 'devnet', 'evm', 'ETH', 18, 64, 'live', 0)`,
      [FX_CHAIN],
    );
    fx = buildMarketFixture(200);
    await writeBatch(db.pool, {
      chain: FX_CHAIN,
      blocks: [],
      trades: fx.trades,
      pools: fx.pools,
      tokens: fx.tokens,
    });
    bus = createMemoryBus();
    // The shard's consumer of the same bus, running behind the hub's by `shardLagMs`.
    const lagging: Bus = {
      publish: (topic, key, payload) => bus.publish(topic, key, payload),
      subscribe: (topics, handler, opts) =>
        bus.subscribe(
          topics,
          async (msg: BusMessage<never>) => {
            if (shardLagMs > 0) await new Promise((r) => setTimeout(r, shardLagMs));
            await handler(msg);
          },
          opts,
        ),
      close: async () => {},
    };
    dir = mkdtempSync(path.join(tmpdir(), "token-updates-order-"));
    const mapPath = path.join(dir, "shardmap.json");
    writeFileSync(
      mapPath,
      JSON.stringify({
        version: 1,
        partitions: 4096,
        shards: [{ name: "shard-a", url: "http://127.0.0.1:1" }],
      }),
    );
    feed = await startMarketEventFeed({
      bus: lagging,
      pool: db.pool,
      ctx,
      shardName: "shard-a",
      mapPath,
      pollMs: 100,
      hotTtlMs: 60_000,
    });
    shard = (
      await createQueryService({ pool: db.pool, ctx, providers: [createMarketProvider()], events: feed })
    ).api;
    truth = (
      await createQueryService({
        pool: db.pool,
        ctx,
        providers: [
          createMarketProvider({ tokenTtlMs: 0, candleTtlMs: 0, tradeTtlMs: 0, definitionTtlMs: 0 }),
        ],
      })
    ).api;
    while (!feed.owns(`${FX_CHAIN}/${FX_TOKEN}`)) await new Promise((r) => setTimeout(r, 20));
    hub = createStreamHub({
      bus,
      shards: createInProcessShardClient(shard),
      logger: pino({ level: "silent" }),
    });
    await hub.subscribeTokenUpdates(
      "u",
      { chain: FX_CHAIN, tokens: [FX_TOKEN] },
      { push: (frame) => frames.push((JSON.parse(frame) as { data: TokenPrice }).data) },
    );
  });

  afterAll(async () => {
    await hub?.close();
    await feed?.close();
    await ctx.shutdown.run("test done");
    await bus?.close();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Moves every market of the token to `price` in a new block, with one trade, and publishes it. */
  async function commit(block: number, price: string): Promise<void> {
    const at = fx.lastAt + block * 1000;
    const trade = {
      ...fx.trades.at(-1)!,
      id: `0xnew${block}:0`,
      txHash: `0xnew${block}`,
      block: BigInt(block),
      at,
    };
    const batch: IngestBatch = {
      chain: FX_CHAIN,
      blocks: [],
      trades: [{ ...trade, priceNative: price, priceQuote: price }],
      pools: fx.pools.map((p) => ({
        ...p,
        priceNative: price,
        priceQuote: price,
        updatedBlock: BigInt(block),
      })),
      tokens: [],
    };
    const written = await writeBatch(db.pool, batch);
    await createEventPublisher(db.pool, bus, pino({ level: "silent" })).publishBatch(batch, written);
  }

  async function nextFrame(after: number): Promise<TokenPrice> {
    const giveUpAt = Date.now() + 10_000;
    while (frames.length <= after) {
      if (Date.now() > giveUpAt) throw new Error("no token update arrived");
      await new Promise((r) => setTimeout(r, 10));
    }
    // the hub reads once per turn per token: the last frame of the burst is the commit's
    await new Promise((r) => setTimeout(r, 100));
    return frames.at(-1)!;
  }

  it("waits for the shard that is a little behind: the update carries the commit's price", async () => {
    const cached = await shard.tokenPrice({ chain: FX_CHAIN, address: FX_TOKEN });
    shardLagMs = 150;
    const seen = frames.length;
    await commit(5_000, "0.000002");
    const update = await nextFrame(seen);
    const stored = await truth.tokenPrice({ chain: FX_CHAIN, address: FX_TOKEN });
    expect(stored.priceNative).not.toBe(cached.priceNative);
    expect(update).toEqual(stored);
  });

  it("reads the store when the shard is too far behind to wait for", async () => {
    // the shard first applies what the last commit published, then caches the price again
    await new Promise((r) => setTimeout(r, 1_500));
    const cached = await shard.tokenPrice({ chain: FX_CHAIN, address: FX_TOKEN });
    expect(cached).toEqual(await truth.tokenPrice({ chain: FX_CHAIN, address: FX_TOKEN }));
    shardLagMs = 1_500;
    const seen = frames.length;
    await commit(5_001, "0.000003");
    const update = await nextFrame(seen);
    const stored = await truth.tokenPrice({ chain: FX_CHAIN, address: FX_TOKEN });
    expect(update.priceNative).toBe("0.000003");
    expect(update).toEqual(stored);
  });
});
