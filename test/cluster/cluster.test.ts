/**
 * `make cluster`'s topology under disturbance: 3 query shards, the router with 2 workers and the
 * billing gate, the EVM ingest worker on anvil with the market simulator trading, the jobs
 * service, a PostgreSQL and a Redis of the cluster's own, every service its own process started
 * through its container's entry point. Under a constant load through the router it SIGKILLs a
 * shard, rescales the shard set, restarts Redis and then Postgres; at the end the trades in the
 * store are exactly the Swap logs the chain has.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPgPool, createShardRouter, marketKey } from "@tapeline/core";
import { writeBatch } from "@tapeline/ingest";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster } from "../../scripts/cluster/startCluster.ts";
import {
  buildMarketFixture,
  FX_CHAIN,
  FX_POOL,
  FX_POOL2,
  FX_TOKEN,
  type MarketFixture,
} from "../../services/query/src/market/testing/buildMarketFixture.ts";
import { chainSwaps } from "../evm/evmChainTruth.ts";
import { type LoadRequest, type SteadyLoad, startSteadyLoad } from "./steadyLoad.ts";

let cluster: Cluster;
let dir: string;
let pool: pg.Pool;
let fx: MarketFixture;

// Response bodies are inspected freely; their shapes are what the tests check.
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies under test
type Json = any;

const unknownPool = (i: number) => `0x${(0xdead0000 + i).toString(16).padStart(40, "0")}`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "tl-cluster-test-"));
  cluster = await startCluster({
    shards: 3,
    apiWorkers: 2,
    // CLUSTER_DATABASE=citus runs the same steps on a Citus coordinator and two workers
    database: process.env.CLUSTER_DATABASE === "citus" ? "citus" : "postgres",
    redis: "own",
    dir,
    logLevel: "warn",
    paceMs: 100,
    patientTimeouts: true,
  });
  pool = createPgPool({ url: cluster.database.url, max: 2 });
  fx = buildMarketFixture(300, 11);
  await writeBatch(pool, {
    chain: FX_CHAIN,
    blocks: [],
    trades: fx.trades,
    pools: fx.pools,
    tokens: fx.tokens,
    nativePrices: [],
  });
}, 420_000);

afterAll(async () => {
  await pool?.end();
  await cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function get(p: string, query: Record<string, string | number | boolean>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${cluster.url}${p}?${qs}`, { headers: { authorization: cluster.apiKey } });
  return { status: res.status, body: (await res.json()) as Json };
}
async function post(p: string, body: unknown) {
  const res = await fetch(`${cluster.url}${p}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: cluster.apiKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** RPC and batch calls a query shard process has answered (its own /metrics). */
async function shardCalls(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  let n = 0;
  for (const line of text.split("\n")) {
    if (/^http_requests_total\{[^}]*route="\/(rpc|batch)\//.test(line)) n += Number(line.split(" ").pop());
  }
  return n;
}

/** Requests spread over every shard: the fixture's markets and unknown pools answered 404 by their shard. */
function loadRequests(): LoadRequest[] {
  const reqs: LoadRequest[] = [
    { path: `/v1/token?chain=${FX_CHAIN}&address=${FX_TOKEN}`, expect: 200 },
    { path: `/v1/pool?chain=${FX_CHAIN}&address=${FX_POOL}`, expect: 200 },
    { path: `/v1/pool/trades?chain=${FX_CHAIN}&address=${FX_POOL2}&limit=20`, expect: 200 },
  ];
  for (let i = 0; i < 30; i++)
    reqs.push({ path: `/v1/pool?chain=${FX_CHAIN}&address=${unknownPool(i)}`, expect: 404 });
  return reqs;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the load has run `windowMs` without a failure; @returns when that window began. */
async function untilClean(load: SteadyLoad, windowMs: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const from = Date.now();
    const before = load.failures.length;
    const okBefore = load.ok;
    await sleep(windowMs);
    if (load.failures.length === before && load.ok > okBefore) return from;
    if (Date.now() > deadline) {
      throw new Error(`no clean ${windowMs} ms window: ${JSON.stringify(load.failures.slice(-3))}`);
    }
  }
}

describe("the market API through the router", () => {
  it("GET /v1/token: best pool and launchpad of the recorded trades", async () => {
    const { status, body } = await get("/v1/token", { chain: FX_CHAIN, address: FX_TOKEN });
    expect(status).toBe(200);
    expect(body.data.pool.address).toBe(FX_POOL);
    expect(body.data.launchpad).toMatchObject({ graduated: true, graduatedAt: fx.graduatedAt });
  });

  it("POST /v1/pool with 100 items over every shard: slots in input order, each equal to its GET", async () => {
    const router = createShardRouter(cluster.shardMap());
    const items = [FX_POOL, FX_POOL2, ...Array.from({ length: 98 }, (_, i) => unknownPool(i))].map(
      (address) => ({ chain: FX_CHAIN, address }),
    );
    const owners = new Set(items.map((it) => router.shardOf(marketKey(it.chain, it.address))));
    expect(owners.size).toBe(3);
    const batch = await post("/v1/pool", { items });
    expect(batch.status).toBe(200);
    expect(batch.body.data).toHaveLength(100);
    expect(batch.body.data[0]).toEqual({ data: (await get("/v1/pool", items[0] as Json)).body.data });
    expect(batch.body.data[1]).toEqual({ data: (await get("/v1/pool", items[1] as Json)).body.data });
    for (const slot of batch.body.data.slice(2)) expect(slot.error.code).toBe("NOT_FOUND");
  });

  it("trade cursors never skip or repeat a trade; malformed input is 400 INVALID_PARAM", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const r = await get("/v1/pool/trades", {
        chain: FX_CHAIN,
        address: FX_POOL2,
        limit: 9,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...r.body.data.map((t: { id: string }) => t.id));
      if (!r.body.meta.hasMore) break;
      cursor = r.body.meta.nextCursor;
    }
    expect(seen.sort()).toEqual(
      fx.trades
        .filter((t) => t.pool === FX_POOL2)
        .map((t) => t.id)
        .sort(),
    );
    const bad = await get("/v1/pool/trades", { chain: FX_CHAIN, address: FX_POOL, limit: 501 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("INVALID_PARAM");
  });

  it("a request without a key is refused by the gate with 401", async () => {
    const res = await fetch(`${cluster.url}/v1/token?chain=${FX_CHAIN}&address=${FX_TOKEN}`);
    expect(res.status).toBe(401);
  });
});

describe("failover and rescaling under a constant load", () => {
  it("a SIGKILLed shard costs no request; restarted, it serves again", async () => {
    const load = startSteadyLoad({ url: cluster.url, apiKey: cluster.apiKey, requests: loadRequests() });
    try {
      await sleep(1000);
      await cluster.shard(1).kill("SIGKILL");
      const down = load.ok;
      await sleep(3000);
      expect(load.ok).toBeGreaterThan(down);
      await cluster.shard(1).start();
      const before = await shardCalls(cluster.shard(1).url);
      // the router passes a failed shard over for a second, then tries it again
      await sleep(2500);
      expect(await shardCalls(cluster.shard(1).url)).toBeGreaterThan(before);
    } finally {
      await load.stop();
    }
    expect(load.failures).toEqual([]);
    expect(load.ok).toBeGreaterThan(50);
  }, 240_000);

  it("3 → 2 → 4 shards live, each a new map version, costs no request; new shards take their partitions", async () => {
    const load = startSteadyLoad({ url: cluster.url, apiKey: cluster.apiKey, requests: loadRequests() });
    const v0 = cluster.shardMap().version;
    try {
      await sleep(500);
      const two = await cluster.scale(2);
      expect(two.version).toBe(v0 + 1);
      expect(two.shards.map((s) => s.name)).toEqual(["shard-0", "shard-1"]);
      const four = await cluster.scale(4);
      expect(four.version).toBe(v0 + 2);
      expect(four.shards.map((s) => s.name)).toEqual(["shard-0", "shard-1", "shard-2", "shard-3"]);
      // the router re-reads the map every 500 ms
      await sleep(2000);
      for (const i of [2, 3]) expect(await shardCalls(cluster.shard(i).url)).toBeGreaterThan(0);
    } finally {
      await load.stop();
    }
    expect(load.failures).toEqual([]);
    expect(load.ok).toBeGreaterThan(50);
  }, 240_000);
});

describe("dependency restarts under a constant load", () => {
  it("Redis, then Postgres, restart; the API recovers after each and the ingest loses and doubles no trade", async () => {
    const load = startSteadyLoad({ url: cluster.url, apiKey: cluster.apiKey, requests: loadRequests() });
    try {
      await untilClean(load, 1000, 10_000);
      await cluster.redis.restart();
      await untilClean(load, 2000, 60_000);
      await cluster.database.restart();
      await untilClean(load, 2000, 60_000);
    } finally {
      await load.stop();
    }
    // every answer during the outages was a refusal with the spec's error, never a dropped connection
    for (const f of load.failures) expect(f.status).toBe(503);

    await cluster.simulator.stop();
    const { client, deployment } = cluster.chain;
    const head = await client.getBlockNumber();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const r = await fetch(`${cluster.ingest.url}/readyz`).catch(() => null);
      const body = r ? ((await r.json()) as { indexedBlock: number | null }) : null;
      if (
        body?.indexedBlock !== null &&
        body?.indexedBlock !== undefined &&
        body.indexedBlock >= Number(head)
      )
        break;
      if (Date.now() > deadline) throw new Error(`ingest did not reach ${head}:\n${cluster.ingest.tail()}`);
      await sleep(200);
    }
    const swaps = await chainSwaps(client, deployment, deployment.startBlock, head);
    expect(swaps.length).toBeGreaterThan(20);
    const rows = await pool.query<{ id: string }>(
      "select id from trades where chain_id = $1 and pool_address <> all($2::text[]) order by id",
      [FX_CHAIN, fx.pools.map((p) => p.address)],
    );
    expect(rows.rows.map((r) => r.id)).toEqual(swaps.map((s) => s.id).sort());
  }, 240_000);
});
