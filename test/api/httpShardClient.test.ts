import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createContext,
  createShardRouter,
  InvalidParamError,
  NotFoundError,
  type QueryApi,
  type ShardMap,
  UnavailableError,
} from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../services/api/src/createApp.ts";
import { endpoints as metaEndpoints } from "../../services/api/src/endpoints/meta/endpoints.ts";
import { openGate } from "../../services/api/src/gate.ts";
import { shardReadiness } from "../../services/api/src/http/shardReadiness.ts";
import {
  createHttpShardClient,
  type HttpShardClient,
} from "../../services/api/src/shards/createHttpShardClient.ts";
import { createQueryService } from "../../services/query/src/createQueryService.ts";
import { createRpcApp } from "../../services/query/src/createRpcApp.ts";
import type { QueryProvider } from "../../services/query/src/QueryProvider.ts";
import { listen } from "./listen.ts";
import { seedChains } from "./seedChains.ts";

/** Test-only methods each shard serves through the provider mount: who am I, and typed failures. */
type ProbeApi = {
  whoami(): Promise<string>;
  echo(a: unknown, b: unknown): Promise<unknown>;
  missing(): Promise<never>;
  badParam(): Promise<never>;
};

function probe(name: string): QueryProvider {
  const methods: ProbeApi = {
    whoami: async () => name,
    echo: async (a, b) => ({ a, b }),
    missing: async () => {
      throw new NotFoundError("no such pool", { pool: "0xabc" });
    },
    badParam: async () => {
      throw new InvalidParamError("interval", "interval must be a known key", { reason: "unknown" });
    },
  };
  return { name: "probe", create: () => ({ methods: methods as unknown as Partial<QueryApi> }) };
}

type Pod = { name: string; url: string; connections: () => number; close: () => Promise<void> };

async function startPod(name: string, db: TestDatabase): Promise<Pod> {
  const ctx = createContext({ name, level: "silent" });
  const service = await createQueryService({ pool: db.pool, ctx, providers: [probe(name)] });
  const app = createRpcApp({ service, ctx });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  let connections = 0;
  server.on("connection", () => connections++);
  const { port } = server.address() as AddressInfo;
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nobody listens on (bound, then released). */
async function deadUrl(): Promise<string> {
  const { createServer } = await import("node:net");
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

let db: TestDatabase;
let pods: Pod[] = [];
let dir: string;
let mapPath: string;
let client: HttpShardClient;
const ctx = createContext({ name: "router-test", level: "silent" });

const writeMap = (map: ShardMap) => writeFileSync(mapPath, JSON.stringify(map));
const mapOf = (version: number, list: { name: string; url: string }[]): ShardMap => ({
  version,
  partitions: 4096,
  shards: list,
});
const asProbe = (api: QueryApi) => api as unknown as ProbeApi;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedChains(db.pool);
  pods = [await startPod("q-0", db), await startPod("q-1", db), await startPod("q-2", db)];
  dir = mkdtempSync(path.join(tmpdir(), "tl-shardmap-"));
  mapPath = path.join(dir, "shards.json");
  writeMap(
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
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("HTTP shard client against real query pods", () => {
  it("proxies QueryApi methods and answers what the store holds", async () => {
    const direct = await (await createQueryService({ pool: db.pool, ctx })).api.listChains();
    expect(direct.length).toBe(3);
    expect(await client.any().listChains()).toEqual(direct);
    expect(await asProbe(client.any()).echo({ x: [1, "2"] }, null)).toEqual({ a: { x: [1, "2"] }, b: null });
  });

  it("routes each key to the shard the map assigns", async () => {
    const router = createShardRouter(client.map);
    const hit = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const key = `evm:1/0x${i.toString(16).padStart(40, "0")}`;
      const owner = client.map.shards[router.shardOf(key)]?.name;
      const answered = await asProbe(client.forKey(key)).whoami();
      expect(answered).toBe(owner);
      hit.add(answered);
    }
    expect(hit).toEqual(new Set(["q-0", "q-1"]));
  });

  it("reuses keep-alive connections", async () => {
    const pod = pods[0] as Pod;
    const api = asProbe(client.all()[0] as QueryApi);
    await api.whoami();
    const before = pod.connections();
    for (let i = 0; i < 20; i++) await api.whoami();
    expect(pod.connections()).toBe(before);
  });

  it("rethrows the ApiError a shard answered", async () => {
    const api = asProbe(client.any());
    const notFound = await api.missing().catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect((notFound as NotFoundError).toBody()).toEqual({
      error: { code: "NOT_FOUND", message: "no such pool", details: { pool: "0xabc" } },
    });
    const invalid = await api.badParam().catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(InvalidParamError);
    expect((invalid as InvalidParamError).details).toEqual({ param: "interval", reason: "unknown" });
  });

  it("answers 404 for a method the pod does not serve", async () => {
    const res = await fetch(`${pods[0]?.url}/rpc/constructor`, { method: "POST", body: "[]" });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    const notArray = await fetch(`${pods[0]?.url}/rpc/listChains`, { method: "POST", body: '{"a":1}' });
    expect(notArray.status).toBe(400);
    expect(((await notArray.json()) as { error: { details: unknown } }).error.details).toEqual({
      param: "body",
    });
  });

  it("follows a new shard map and ignores an invalid one", async () => {
    const three = mapOf(
      2,
      pods.map((p) => ({ name: p.name, url: p.url })),
    );
    writeMap(three);
    expect(await client.reload()).toBe(true);
    expect(client.map.version).toBe(2);
    const router = createShardRouter(three);
    let movedToNew = 0;
    for (let i = 0; i < 60; i++) {
      const key = `solana/pool-${i}`;
      const owner = three.shards[router.shardOf(key)]?.name;
      expect(await asProbe(client.forKey(key)).whoami()).toBe(owner);
      if (owner === "q-2") movedToNew++;
    }
    expect(movedToNew).toBeGreaterThan(0);

    writeFileSync(mapPath, '{"version": 3, "partitions": 4096, "shards": []}');
    expect(await client.reload()).toBe(false);
    expect(client.map.version).toBe(2);
    expect(await client.reload()).toBe(false);
  });

  it("turns a dead shard into 503 UNAVAILABLE with Retry-After", async () => {
    const deadMapPath = path.join(dir, "dead.json");
    writeFileSync(deadMapPath, JSON.stringify(mapOf(1, [{ name: "gone", url: await deadUrl() }])));
    const dead = await createHttpShardClient({ mapPath: deadMapPath, ctx, pollMs: 0, retryAfterMs: 1500 });
    try {
      const err = await dead
        .any()
        .listChains()
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnavailableError);
      expect((err as UnavailableError).status).toBe(503);

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
    expect(metrics).toMatch(/http_requests_total\{route="\/rpc\/whoami",method="POST",status="200"\} [1-9]/);
  });
});
