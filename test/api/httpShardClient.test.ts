import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createBatchAnswerer,
  createContext,
  createShardRouter,
  InvalidParamError,
  marketKey,
  NotFoundError,
  QUERY_RPC_METHODS,
  type QueryApi,
  type ShardMap,
  UnavailableError,
} from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../services/api/src/createApp.ts";
import { marketEndpoints } from "../../services/api/src/endpoints/market/endpoints.ts";
import { metaEndpoints } from "../../services/api/src/endpoints/meta/endpoints.ts";
import { openGate } from "../../services/api/src/gate.ts";
import { shardReadiness } from "../../services/api/src/http/shardReadiness.ts";
import {
  createHttpShardClient,
  type HttpShardClient,
} from "../../services/api/src/shards/createHttpShardClient.ts";
import { createInProcessShardClient } from "../../services/api/src/shards/createInProcessShardClient.ts";
import { createQueryService, type QueryService } from "../../services/query/src/createQueryService.ts";
import { createRpcApp } from "../../services/query/src/createRpcApp.ts";
import { createMarketProvider } from "../../services/query/src/market/createMarketProvider.ts";
import {
  BENCH_CHAIN,
  benchPoolOf,
  benchTokenOf,
  loadBenchTrades,
} from "../../services/query/src/market/testing/loadBenchTrades.ts";
import { listen } from "./listen.ts";
import { seedChains } from "./seedChains.ts";

const POOLS = 40;

/** A real query pod (market queries over the test database) counting the RPC paths it was asked. */
type Pod = {
  name: string;
  url: string;
  hits: Map<string, number>;
  connections: () => number;
  close: () => Promise<void>;
};

async function startPod(name: string, db: TestDatabase): Promise<Pod> {
  const ctx = createContext({ name, level: "silent" });
  const service = await createQueryService({ pool: db.pool, ctx, providers: [createMarketProvider()] });
  const app = createRpcApp({ service, ctx });
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  let connections = 0;
  const hits = new Map<string, number>();
  server.on("connection", () => connections++);
  server.on("request", (req) => hits.set(req.url ?? "", (hits.get(req.url ?? "") ?? 0) + 1));
  const { port } = server.address() as AddressInfo;
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    hits,
    connections: () => connections,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await service.close();
    },
  };
}

/** A loopback port nobody listens on (bound, then released). */
async function deadUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A loopback server that accepts connections and never answers (a hung shard). */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const s = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        s.close(() => resolve());
      }),
  };
}

let db: TestDatabase;
let pods: Pod[] = [];
let dir: string;
let mapPath: string;
let client: HttpShardClient;
let direct: QueryService;
const ctx = createContext({ name: "router-test", level: "silent" });

const writeMap = (file: string, map: ShardMap) => writeFileSync(file, JSON.stringify(map));
const mapOf = (version: number, list: { name: string; url: string }[]): ShardMap => ({
  version,
  partitions: 4096,
  shards: list,
});
const poolRef = (i: number) => ({ chain: BENCH_CHAIN, address: benchPoolOf(i) });
const poolKey = (i: number) => marketKey(BENCH_CHAIN, benchPoolOf(i));
const hitsOf = (pod: Pod, url: string) => pod.hits.get(url) ?? 0;
const sum = (url: string) => pods.reduce((n, p) => n + hitsOf(p, url), 0);

beforeAll(async () => {
  db = await createTestDatabase();
  await seedChains(db.pool);
  const nowMs = Date.now();
  await loadBenchTrades(db.pool, {
    trades: POOLS * 5,
    pools: POOLS,
    spanMs: 3_600_000,
    nowMs,
    batch: 100,
    writers: 1,
  });
  direct = await createQueryService({ pool: db.pool, ctx, providers: [createMarketProvider()] });
  pods = [await startPod("q-0", db), await startPod("q-1", db), await startPod("q-2", db)];
  dir = mkdtempSync(path.join(tmpdir(), "tl-shardmap-"));
  mapPath = path.join(dir, "shards.json");
  writeMap(
    mapPath,
    mapOf(
      1,
      pods.slice(0, 2).map((p) => ({ name: p.name, url: p.url })),
    ),
  );
  client = await createHttpShardClient({ mapPath, ctx, pollMs: 0, retryAfterMs: 1500, timeoutMs: 5000 });
});

afterAll(async () => {
  await client?.close();
  for (const p of pods) await p.close();
  await direct?.close();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("HTTP shard client against real query pods", () => {
  it("offers exactly the contract's methods and answers what the store holds", async () => {
    expect(Object.keys(client.any()).sort()).toEqual([...QUERY_RPC_METHODS].sort());
    expect((client.any() as unknown as Record<string, unknown>).whoami).toBeUndefined();
    expect(await client.any().listChains()).toEqual(await direct.api.listChains());
    expect(await client.forKey(poolKey(3)).poolDefinition(poolRef(3))).toEqual(
      await direct.api.poolDefinition(poolRef(3)),
    );
  });

  it("routes each key to the shard the map assigns", async () => {
    const router = createShardRouter(client.map);
    const hit = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const owner = pods.find((p) => p.name === client.map.shards[router.shardOf(poolKey(i))]?.name) as Pod;
      const before = hitsOf(owner, "/rpc/poolDefinition");
      const total = sum("/rpc/poolDefinition");
      await client.forKey(poolKey(i)).poolDefinition(poolRef(i));
      expect(hitsOf(owner, "/rpc/poolDefinition")).toBe(before + 1);
      expect(sum("/rpc/poolDefinition")).toBe(total + 1);
      hit.add(owner.name);
    }
    expect(hit).toEqual(new Set(["q-0", "q-1"]));
  });

  it("reuses keep-alive connections", async () => {
    const pod = pods[0] as Pod;
    const api = client.all()[0] as QueryApi;
    await api.listChains();
    const before = pod.connections();
    for (let i = 0; i < 20; i++) await api.listChains();
    expect(pod.connections()).toBe(before);
  });

  it("rethrows the ApiError a shard answered, including the shard's own validation", async () => {
    const unknown = { chain: BENCH_CHAIN, address: `0x${"ee".repeat(20)}` } as const;
    const notFound = await client
      .any()
      .poolDefinition(unknown)
      .catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(NotFoundError);
    const invalid = await client
      .any()
      .tokenPools({ chain: BENCH_CHAIN, address: benchTokenOf(0), limit: 1000 })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(InvalidParamError);
    expect((invalid as InvalidParamError).details).toMatchObject({ param: "params", path: "0.limit" });
  });

  // JSON bodies take the pod's fast path; other media types go through Express: both judge alike.
  it.each([
    ["application/json", { "content-type": "application/json" }],
    ["text/plain", { "content-type": "text/plain;charset=UTF-8" }],
  ])(
    "a pod refuses a method the contract does not list, and params that do not match its schema (%s)",
    async (_, headers) => {
      const url = pods[0]?.url;
      const fetch = (input: string, init: RequestInit) => globalThis.fetch(input, { ...init, headers });
      for (const method of ["constructor", "__proto__", "whoami", "hasOwnProperty"]) {
        const res = await fetch(`${url}/rpc/${method}`, { method: "POST", body: "[]" });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({
          error: { code: "NOT_FOUND", message: `unknown query method ${method}`, details: { method } },
        });
      }
      const notArray = await fetch(`${url}/rpc/listChains`, { method: "POST", body: '{"a":1}' });
      expect(notArray.status).toBe(400);
      expect(((await notArray.json()) as { error: { details: unknown } }).error.details).toEqual({
        param: "body",
      });
      const extra = await fetch(`${url}/rpc/listChains`, { method: "POST", body: "[1]" });
      expect(extra.status).toBe(400);
      const badChain = await fetch(`${url}/rpc/poolDefinition`, {
        method: "POST",
        body: JSON.stringify([{ chain: "evm:0x1", address: benchPoolOf(0) }]),
      });
      expect(badChain.status).toBe(400);
      expect(((await badChain.json()) as { error: { details: unknown } }).error.details).toEqual({
        param: "params",
        path: "0.chain",
      });
      const unknownField = await fetch(`${url}/rpc/poolDefinition`, {
        method: "POST",
        body: JSON.stringify([{ ...poolRef(0), extra: 1 }]),
      });
      expect(unknownField.status).toBe(400);
      // Batches: only batchable methods, and a well-formed items list.
      for (const method of ["listChains", "poolTrades", "whoami"]) {
        const res = await fetch(`${url}/batch/${method}`, { method: "POST", body: '{"items":[]}' });
        expect(res.status).toBe(404);
      }
      const tooMany = await fetch(`${url}/batch/poolDefinition`, {
        method: "POST",
        body: JSON.stringify({ items: Array.from({ length: 101 }, (_, i) => [i, poolRef(0)]) }),
      });
      expect(tooMany.status).toBe(400);
      const notJson = await fetch(`${url}/rpc/listChains`, { method: "POST", body: "[" });
      expect(notJson.status).toBe(400);
      expect(await notJson.json()).toEqual({
        error: { code: "INVALID_PARAM", message: "the body is not valid JSON", details: { param: "body" } },
      });
      const tooLarge = await fetch(`${url}/rpc/listChains`, {
        method: "POST",
        body: `[${" ".repeat(1024 * 1024)}]`,
      });
      expect(tooLarge.status).toBe(413);
      expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
      const ok = await fetch(`${url}/rpc/poolDefinition`, {
        method: "POST",
        body: JSON.stringify([poolRef(0)]),
      });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await ok.text()).toBe(JSON.stringify(await direct.api.poolDefinition(poolRef(0))));
    },
  );

  it("passes a shard's answer on as the shard serialized it, errors as ApiErrors", async () => {
    for (let i = 0; i < 5; i++) {
      const bytes = await client.serialized(poolKey(i), "poolDefinition", poolRef(i));
      expect(bytes.toString("utf8")).toBe(JSON.stringify(await direct.api.poolDefinition(poolRef(i))));
    }
    const unknown = { chain: BENCH_CHAIN, address: `0x${"ee".repeat(20)}` } as const;
    const notFound = await client
      .serialized(marketKey(BENCH_CHAIN, unknown.address), "poolDefinition", unknown)
      .catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(NotFoundError);
    const inProcess = createInProcessShardClient(direct.api);
    expect((await inProcess.serialized(poolKey(1), "poolDefinition", poolRef(1))).toString("utf8")).toBe(
      JSON.stringify(await direct.api.poolDefinition(poolRef(1))),
    );
  });

  it("sends the serialized calls of one turn as one batch call per owning shard, each answered as alone", async () => {
    const router = createShardRouter(client.map);
    const indices = Array.from({ length: 12 }, (_, i) => i);
    const unknown = { chain: BENCH_CHAIN, address: `0x${"ee".repeat(20)}` } as const;
    const keys = [...indices.map(poolKey), marketKey(BENCH_CHAIN, unknown.address)];
    const owners = new Set(keys.map((key) => pods[router.shardOf(key)]?.name));
    const before = pods.map((p) => [hitsOf(p, "/batch/poolDefinition"), hitsOf(p, "/rpc/poolDefinition")]);
    const calls = indices.map((i) => client.serialized(poolKey(i), "poolDefinition", poolRef(i)));
    const failed = client
      .serialized(marketKey(BENCH_CHAIN, unknown.address), "poolDefinition", unknown)
      .catch((e: unknown) => e);
    const answers = await Promise.all(calls);
    const notFound = await failed;
    for (const [k, i] of indices.entries()) {
      expect(answers[k]?.toString("utf8")).toBe(JSON.stringify(await direct.api.poolDefinition(poolRef(i))));
    }
    // The failed item is asked again alone, so it fails as a single call does.
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect(notFound).toMatchObject({ status: 404 });
    const batches = pods.map((p, k) => hitsOf(p, "/batch/poolDefinition") - (before[k]?.[0] as number));
    const singles = pods.map((p, k) => hitsOf(p, "/rpc/poolDefinition") - (before[k]?.[1] as number));
    expect(batches).toEqual(pods.map((p) => (owners.has(p.name) ? 1 : 0)));
    expect(singles.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it("sends a batch as one call per owning shard and passes the slots on in input order", async () => {
    const three = path.join(dir, "three.json");
    const map = mapOf(
      1,
      pods.map((p) => ({ name: p.name, url: p.url })),
    );
    writeMap(three, map);
    const router = createShardRouter(map);
    // answers are compared, not timed: a loaded machine gets the time it needs
    const c = await createHttpShardClient({ mapPath: three, ctx, pollMs: 0, timeoutMs: 10_000 });
    try {
      const items = [
        ...Array.from({ length: POOLS }, (_, i) => ({ key: poolKey(i), param: poolRef(i) })),
        { key: poolKey(999), param: poolRef(999) },
        { key: "x", param: { chain: BENCH_CHAIN, address: benchPoolOf(1), limit: 3 } },
      ];
      const owners = new Set(items.map((it) => pods[router.shardOf(it.key)]?.name));
      const before = pods.map((p) => hitsOf(p, "/batch/poolDefinition"));
      const slots = await c.batch("poolDefinition", items);
      const after = pods.map((p) => hitsOf(p, "/batch/poolDefinition"));
      // One call to each shard that owns an item, none to the others.
      expect(after.map((n, i) => n - (before[i] as number))).toEqual(
        pods.map((p) => (owners.has(p.name) ? 1 : 0)),
      );
      expect(owners.size).toBe(3);
      const expected = await createBatchAnswerer(direct.api)(
        "poolDefinition",
        items.map((it) => it.param),
      );
      expect(slots.map((s) => s.toString())).toEqual(expected.map((s) => s.toString()));
      const parsed = slots.map((s) => JSON.parse(s.toString()) as Record<string, { code?: string }>);
      expect(parsed.slice(0, POOLS).every((s) => "data" in s)).toBe(true);
      expect(parsed[POOLS]?.error?.code).toBe("NOT_FOUND");
      expect(parsed[POOLS + 1]?.error?.code).toBe("INVALID_PARAM");
    } finally {
      await c.close();
    }
  });

  /** The market API routed over HTTP to the three pods, and the same API over the in-process shard. */
  async function routedAndLocal(run: (routedUrl: string, localUrl: string) => Promise<void>) {
    const three = path.join(dir, "router.json");
    writeMap(
      three,
      mapOf(
        1,
        pods.map((p) => ({ name: p.name, url: p.url })),
      ),
    );
    // answers are compared, not timed: a loaded machine gets the time it needs
    const c = await createHttpShardClient({ mapPath: three, ctx, pollMs: 0, timeoutMs: 10_000 });
    const routed = await listen(
      createApp({
        endpoints: [marketEndpoints],
        shards: c,
        gate: openGate,
        ctx,
        readiness: shardReadiness(c),
      }),
    );
    const local = await listen(
      createApp({
        endpoints: [marketEndpoints],
        shards: createInProcessShardClient(direct.api),
        gate: openGate,
        ctx,
        readiness: shardReadiness(c),
      }),
    );
    try {
      await run(routed.url, local.url);
    } finally {
      await routed.close();
      await local.close();
      await c.close();
    }
  }

  it("serves trade and candle pages through the router as the in-process API serves them", async () => {
    await routedAndLocal(async (routedUrl, localUrl) => {
      const get = async (base: string, p: string) => {
        const res = await fetch(`${base}${p}`);
        const text = await res.text();
        const json = JSON.parse(text) as { data: unknown[]; meta: Record<string, unknown> };
        // the body is JSON as the serializer writes it, whatever path made it
        expect(text).toBe(JSON.stringify(json));
        return {
          status: res.status,
          cache: res.headers.get("cache-control"),
          data: json.data,
          meta: { ...json.meta, asOf: 0 },
        };
      };
      // Settled candles (ending ten minutes ago), so both answers cover the same windows.
      const settled = Math.floor(Date.now() / 1000) - 600;
      for (let i = 0; i < 6; i++) {
        const pool = `chain=${BENCH_CHAIN}&address=${benchPoolOf(i)}`;
        const token = `chain=${BENCH_CHAIN}&address=${benchTokenOf(i)}`;
        for (const p of [
          `/v1/pool/trades?${pool}&limit=500`,
          `/v1/pool/trades?${pool}&limit=2&order=asc`,
          `/v1/token/trades?${token}&limit=3`,
          `/v1/pool/ohlcv?${pool}&interval=1m&limit=2000&endTime=${settled}`,
          `/v1/token/ohlcv?${token}&interval=5m&limit=50&endTime=${settled}`,
        ]) {
          const a = await get(routedUrl, p);
          expect(a.status, p).toBe(200);
          expect(a.data.length, p).toBeGreaterThan(0);
          expect(a, p).toEqual(await get(localUrl, p));
        }
      }
      // a page wholly in settled history (before the trades) is immutable on both paths
      const old = `/v1/pool/ohlcv?chain=${BENCH_CHAIN}&address=${benchPoolOf(0)}&interval=1m&limit=5&endTime=${settled - 7200}`;
      const a = await get(routedUrl, old);
      expect(a.cache).toBe("public, max-age=31536000, immutable");
      expect(a).toEqual(await get(localUrl, old));
    });
  });

  it("serves POST /v1/pool through the router with the in-process answer, slot for slot", async () => {
    await routedAndLocal(async (routedUrl, localUrl) => {
      const items = [
        ...Array.from({ length: POOLS }, (_, i) => poolRef(POOLS - 1 - i)),
        { chain: BENCH_CHAIN, address: "not-an-address" },
        poolRef(999),
      ];
      const ask = async (base: string, p: string, body: unknown) => {
        const res = await fetch(`${base}${p}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as { data: unknown; meta: Record<string, unknown> };
        return { status: res.status, data: json.data, meta: { ...json.meta, asOf: 0 } };
      };
      for (const [p, body] of [
        ["/v1/pool", { items }],
        ["/v1/token", { items: items.map((it, i) => ({ ...it, address: benchTokenOf(POOLS - 1 - i) })) }],
        // Settled candles (ending ten minutes ago), so both answers cover the same windows.
        [
          "/v1/pool/ohlcv",
          {
            items: items.slice(0, 10).map((it) => ({ ...it, endTime: Math.floor(Date.now() / 1000) - 600 })),
            interval: "1m",
            limit: 5,
          },
        ],
      ] as const) {
        const a = await ask(routedUrl, p, body);
        expect(a.status).toBe(200);
        expect(a).toEqual(await ask(localUrl, p, body));
      }
      // Sparkline grids end at the current time: the same markets, each with its series.
      const spark = { markets: items.slice(0, POOLS), timeframe: "1h" };
      const routedSpark = await ask(routedUrl, "/v1/pools/sparklines", spark);
      const localSpark = await ask(localUrl, "/v1/pools/sparklines", spark);
      expect(Object.keys(routedSpark.data as object)).toEqual(Object.keys(localSpark.data as object));
      expect(Object.values(routedSpark.data as object).every((v) => Array.isArray(v) && v.length > 0)).toBe(
        true,
      );
      const pool = await ask(routedUrl, "/v1/pool", { items });
      const slots = pool.data as { data?: { address: string }; error?: { code: string } }[];
      expect(slots.slice(0, POOLS).map((s) => s.data?.address)).toEqual(
        items.slice(0, POOLS).map((it) => it.address),
      );
      expect(slots[POOLS]?.error?.code).toBe("INVALID_PARAM");
      expect(slots[POOLS + 1]?.error?.code).toBe("NOT_FOUND");
    });
  });

  it("follows a new shard map and ignores an invalid one", async () => {
    const three = mapOf(
      2,
      pods.map((p) => ({ name: p.name, url: p.url })),
    );
    writeMap(mapPath, three);
    expect(await client.reload()).toBe(true);
    expect(client.map.version).toBe(2);
    const router = createShardRouter(three);
    const q2 = pods[2] as Pod;
    let movedToNew = 0;
    for (let i = 0; i < 30; i++) {
      const owner = three.shards[router.shardOf(poolKey(i))]?.name;
      const before = hitsOf(q2, "/rpc/poolDefinition");
      await client.forKey(poolKey(i)).poolDefinition(poolRef(i));
      expect(hitsOf(q2, "/rpc/poolDefinition") - before).toBe(owner === "q-2" ? 1 : 0);
      if (owner === "q-2") movedToNew++;
    }
    expect(movedToNew).toBeGreaterThan(0);

    writeFileSync(mapPath, '{"version": 3, "partitions": 4096, "shards": []}');
    expect(await client.reload()).toBe(false);
    expect(client.map.version).toBe(2);
    expect(await client.reload()).toBe(false);
  });

  it("fails over to the next shard in rendezvous order when a shard is down or hung", async () => {
    const victim = await startPod("q-victim", db);
    const hung = await silentServer();
    const file = path.join(dir, "failover.json");
    const map = mapOf(1, [
      ...pods.slice(0, 2).map((p) => ({ name: p.name, url: p.url })),
      { name: "q-victim", url: victim.url },
      { name: "q-hung", url: hung.url },
    ]);
    writeMap(file, map);
    const c = await createHttpShardClient({ mapPath: file, ctx, pollMs: 0, timeoutMs: 300 });
    const router = createShardRouter(map);
    const ownedBy = (name: string) =>
      Array.from({ length: POOLS }, (_, i) => i).filter(
        (i) => map.shards[router.shardOf(poolKey(i))]?.name === name,
      );
    try {
      const victims = ownedBy("q-victim");
      const hungs = ownedBy("q-hung");
      expect(victims.length).toBeGreaterThan(0);
      expect(hungs.length).toBeGreaterThan(0);
      await c.forKey(poolKey(victims[0] as number)).poolDefinition(poolRef(victims[0] as number));
      expect(hitsOf(victim, "/rpc/poolDefinition")).toBe(1);
      await victim.close();

      // Single calls: each answer comes from the key's next live shard in its ranking.
      for (const i of [...victims, ...hungs]) {
        const ranking = router.rankingOf(router.partitionOf(poolKey(i))).map((s) => map.shards[s]?.name);
        const next = ranking.find((n) => n === "q-0" || n === "q-1");
        const nextPod = pods.find((p) => p.name === next) as Pod;
        const before = hitsOf(nextPod, "/rpc/poolDefinition");
        expect(await c.forKey(poolKey(i)).poolDefinition(poolRef(i))).toEqual(
          await direct.api.poolDefinition(poolRef(i)),
        );
        expect(hitsOf(nextPod, "/rpc/poolDefinition")).toBe(before + 1);
      }

      // A batch touching every shard: all slots served, in order.
      const items = Array.from({ length: POOLS }, (_, i) => ({ key: poolKey(i), param: poolRef(i) }));
      const slots = await c.batch("poolDefinition", items);
      const expected = await createBatchAnswerer(direct.api)(
        "poolDefinition",
        items.map((it) => it.param),
      );
      expect(slots.map((s) => s.toString())).toEqual(expected.map((s) => s.toString()));
      expect(await c.any().listChains()).toEqual(await direct.api.listChains());
    } finally {
      await c.close();
      await hung.close();
    }
  });

  it("turns shards that are all down into 503 UNAVAILABLE with Retry-After", async () => {
    const deadMapPath = path.join(dir, "dead.json");
    writeMap(deadMapPath, mapOf(1, [{ name: "gone", url: await deadUrl() }]));
    const dead = await createHttpShardClient({ mapPath: deadMapPath, ctx, pollMs: 0, retryAfterMs: 1500 });
    try {
      const err = await dead
        .any()
        .listChains()
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnavailableError);
      expect((err as UnavailableError).status).toBe(503);
      const slots = await dead.batch("poolDefinition", [{ key: poolKey(0), param: poolRef(0) }]);
      expect(JSON.parse(slots[0]?.toString() ?? "")).toEqual({
        error: { code: "UNAVAILABLE", message: "no query shard answered" },
      });

      const app = createApp({
        endpoints: [metaEndpoints],
        shards: dead,
        gate: openGate,
        ctx: createContext({ name: "dead-router", level: "silent" }),
        readiness: shardReadiness(dead),
      });
      const s = await listen(app);
      try {
        const res = await fetch(`${s.url}/v1/meta/chains`);
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("2");
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("UNAVAILABLE");
        const ready = await fetch(`${s.url}/readyz`);
        expect(ready.status).toBe(503);
      } finally {
        await s.close();
      }
    } finally {
      await dead.close();
    }
  });

  it("serves /readyz and /metrics on a query pod", async () => {
    const ready = await fetch(`${pods[1]?.url}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { serving: boolean; chains: { chain: string }[] };
    expect(body.serving).toBe(true);
    expect(body.chains.map((c) => c.chain).sort()).toEqual(["evm:31337", "evm:8453", "solana"]);
    const metrics = await (await fetch(`${pods[1]?.url}/metrics`)).text();
    expect(metrics).toMatch(
      /http_requests_total\{route="\/rpc\/poolDefinition",method="POST",status="200"\} [1-9]/,
    );
  });
});
