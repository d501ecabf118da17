import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Bus,
  createContext,
  createRedisBus,
  type MarketEvent,
  publishMarketEvents,
  type ShardMap,
} from "@tapeline/core";
import {
  createTestDatabase,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteRedisKeys } from "../../../core/src/testing/deleteRedisKeys.ts";
import { shardOwnership } from "./shardOwnership.ts";
import { type MarketEventFeedHandle, startMarketEventFeed } from "./startMarketEventFeed.ts";

const prefix = testRedisPrefix("market-event-feed");
const CHAIN = "evm:8453";
const keys = Array.from({ length: 200 }, (_, i) => `${CHAIN}/0x${i.toString(16).padStart(40, "0")}`);
const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise((r) => setTimeout(r, 20));
};

describe("startMarketEventFeed over Redis and PostgreSQL", () => {
  let db: TestDatabase;
  let bus: Bus;
  let feed: MarketEventFeedHandle;
  let dir: string;
  let mapPath: string;
  const ctx = createContext({ name: "feed-test", level: "silent" });
  const received: MarketEvent[] = [];
  let moves = 0;

  const writeMap = (map: unknown) => {
    // written whole and renamed over, as a ConfigMap volume swaps its files
    writeFileSync(`${mapPath}.tmp`, typeof map === "string" ? map : JSON.stringify(map));
    renameSync(`${mapPath}.tmp`, mapPath);
  };
  const two: ShardMap = {
    version: 1,
    partitions: 4096,
    shards: [
      { name: "shard-a", url: "http://a:8081" },
      { name: "shard-b", url: "http://b:8081" },
    ],
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.pool.query(
      `insert into chains (chain_id, name, slug, family, native_symbol, native_decimals, finality_depth, status, created_at)
       values ($1, 'Base', 'base', 'evm', 'ETH', 18, 64, 'live', 0)`,
      [CHAIN],
    );
    bus = createRedisBus({ url: TEST_REDIS_URL, prefix, logger: pino({ level: "silent" }) });
    dir = mkdtempSync(path.join(tmpdir(), "feed-test-"));
    mapPath = path.join(dir, "shardmap.json");
    writeMap(two);
    feed = await startMarketEventFeed({
      bus,
      pool: db.pool,
      ctx,
      shardName: "shard-a",
      mapPath,
      pollMs: 100,
      hotTtlMs: 5000,
    });
    feed.onEvent((e) => received.push(e));
    feed.onOwnershipChange(() => moves++);
    await until(() => feed.chains().includes(CHAIN));
  });

  afterAll(async () => {
    await feed?.close();
    await bus?.close();
    await deleteRedisKeys(prefix);
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("owns what the map gives the shard, once the registered chain is followed", () => {
    const expected = shardOwnership(two, "shard-a");
    expect(feed.ownership().version).toBe(1);
    for (const key of keys) expect(feed.owns(key)).toBe(expected.owns(key));
    expect(keys.some((k) => feed.owns(k))).toBe(true);
    expect(keys.every((k) => feed.owns(k))).toBe(false);
    // a chain that is not registered is not followed, so none of its keys counts as owned
    expect(feed.owns("evm:1/0x0000000000000000000000000000000000000001")).toBe(false);
  });

  it("hands over the events of every partition of the chain, in publish order per market", async () => {
    const events: MarketEvent[] = keys.slice(0, 40).flatMap((market, i): MarketEvent[] => [
      {
        chain: CHAIN,
        market,
        pool: market.slice(CHAIN.length + 1),
        token: "0xt",
        type: "rollback",
        ancestorBlock: i,
        orphanedTradeIds: [],
      },
      {
        chain: CHAIN,
        market,
        pool: market.slice(CHAIN.length + 1),
        token: "0xt",
        type: "rollback",
        ancestorBlock: i + 1000,
        orphanedTradeIds: [],
      },
    ]);
    await publishMarketEvents(bus, events);
    await until(() => received.length >= events.length);
    expect([...received].sort((a, b) => a.market.localeCompare(b.market))).toEqual(
      [...events].sort((a, b) => a.market.localeCompare(b.market)),
    );
    const metrics = await ctx.metrics.getSingleMetricAsString("query_shard_market_events_total");
    expect(metrics).toContain(
      `query_shard_market_events_total{chain="${CHAIN}",type="rollback"} ${events.length}`,
    );
  });

  it("follows a new map version, and keeps the last good map when the file turns invalid", async () => {
    writeMap({ ...two, version: 2, shards: [two.shards[0]] });
    await until(() => feed.ownership().version === 2);
    expect(moves).toBe(1);
    expect(keys.every((k) => feed.owns(k))).toBe(true);
    expect(await ctx.metrics.getSingleMetricAsString("query_shard_owned_partitions")).toContain(
      "query_shard_owned_partitions 4096",
    );
    writeMap("{ not json");
    await new Promise((r) => setTimeout(r, 300));
    expect(feed.ownership().version).toBe(2);
    writeMap({ ...two, version: 3, shards: [two.shards[1]] });
    await until(() => feed.ownership().version === 3);
    expect(keys.some((k) => feed.owns(k))).toBe(false);
    expect(moves).toBe(2);
  });
});
